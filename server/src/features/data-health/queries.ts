import type { BoardDataHealth, DataHealthSource } from '@saldo/contract';
import { withSeverity, worst } from '@saldo/contract/sources/data-health';
import { storedSourceError } from '@saldo/contract/sources/source-errors';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptWhileUnchanged } from '../../db/data-cache.ts';
import { preparedOn } from '../../db/prepared.ts';
import { apiAccount } from '../../db/schema/index.ts';
import { asImportWarning, latestJobs } from '../api-accounts/queries.ts';
import { warnsOfError } from '../boards/source-warnings.ts';

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

// The sources' stats as stored (text): every element's data answer asks (withDataNotice), so the
// statement is built once, and the ids go in as one JSON array rather than one placeholder each.
const statsText = preparedOn((db) =>
  db
    .select({ id: apiAccount.id, stats: sql<string | null>`${apiAccount.stats}` })
    .from(apiAccount)
    .where(sql`${apiAccount.id} in (select value from json_each(${sql.placeholder('ids')}))`)
    .prepare(),
);

const statsRows = keptWhileUnchanged((db: Db, ids: string) => statsText(db).all({ ids }));

/** Whether any of the sources' last sync warned of an error: the figures may be wrong. */
export async function restsOnErrors(db: Db, sources: readonly string[]): Promise<boolean> {
  if (sources.length === 0) return false;
  const rows = await statsRows(db, JSON.stringify(sources));
  return rows.some((r) => warnsOfError(r.id, r.stats));
}
