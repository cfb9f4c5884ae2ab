import type { BoardDataHealth, DataHealthSource } from '@saldo/contract';
import { withSeverity, worst } from '@saldo/contract/data-health';
import { storedSourceError } from '@saldo/contract/source-errors';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiAccount } from '../../db/schema/index.ts';
import { asImportWarning, latestJobs } from '../api-accounts/queries.ts';

/** Each source's warnings from its last sync, with their severity, and whether its last sync failed. */
export async function boardDataHealth(db: Db, groupId: string, sources: readonly string[]): Promise<BoardDataHealth> {
  const rows = sources.length
    ? await db
        .select()
        .from(apiAccount)
        .where(inArray(apiAccount.id, [...sources]))
        .orderBy(apiAccount.name)
    : [];
  const jobs = await latestJobs(
    db,
    rows.map((r) => r.id),
  );
  const list: DataHealthSource[] = rows.map((row) => {
    const warnings = withSeverity((row.stats?.warnings ?? []).map(asImportWarning));
    const job = jobs.get(row.id);
    return {
      _id: row.id,
      name: row.name,
      provider: row.provider,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      syncError: job?.status === 'failed' ? storedSourceError(job.error ?? '') : null,
      severity: worst(warnings),
      warnings,
    };
  });
  const all = list.flatMap((s) => s.warnings);
  return {
    groupId,
    severity: worst(all),
    counts: {
      error: all.filter((w) => w.severity === 'error').length,
      warning: all.filter((w) => w.severity === 'warning').length,
      info: all.filter((w) => w.severity === 'info').length,
    },
    sources: list,
  };
}

/** Whether any of the sources' last sync warned of an error: the figures may be wrong. */
export async function restsOnErrors(db: Db, sources: readonly string[]): Promise<boolean> {
  if (sources.length === 0) return false;
  const rows = await db
    .select({ stats: apiAccount.stats })
    .from(apiAccount)
    .where(inArray(apiAccount.id, [...sources]));
  return rows.some((r) => worst(withSeverity((r.stats?.warnings ?? []).map(asImportWarning))) === 'error');
}
