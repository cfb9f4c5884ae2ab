import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  employee,
  ledgerAccount,
  ledgerVersion,
  monthlyBalance,
  monthSummary,
  party,
  partyMonth,
  posting,
  product,
  voucherTotal,
} from '../../db/schema/index.ts';

/** The tables whose rows carry a ledger version. */
export const VERSIONED_TABLES = [
  posting,
  monthlyBalance,
  voucherTotal,
  partyMonth,
  monthSummary,
  ledgerAccount,
  party,
  product,
  employee,
] as const;

/** Rows deleted per transaction: a purge never holds the write lock for long. */
const PURGE_ROWS = 5000;

/** A building version outside the job queue (a script's ingest) that is this old died with its process. */
const ORPHAN_AFTER_MS = 24 * 60 * 60_000;

/** Thrown by a write into a version that is no longer being built (its attempt lost the job, or failed). */
export class LedgerVersionClosed extends Error {
  constructor(version: number) {
    super(`Ledger version ${version} is no longer being built`);
    this.name = 'LedgerVersionClosed';
  }
}

/** A new, empty version of the account's ledger for one sync to write into. */
export async function beginVersion(db: Db, apiAccountId: string, jobKey: string | null): Promise<number> {
  const [row] = await db
    .insert(ledgerVersion)
    .values({ apiAccountId, state: 'building', jobKey, changedAt: new Date() })
    .returning({ id: ledgerVersion.id });
  return row!.id;
}

/**
 * Gives up a version that never went live (a failed sync): nobody reads it, so it goes at the next
 * purge, and no late write of its attempt can land (writes check the state in their transaction).
 */
export async function abandonVersion(db: Db, version: number): Promise<void> {
  await db
    .update(ledgerVersion)
    .set({ state: 'retired', changedAt: new Date(0) })
    .where(and(eq(ledgerVersion.id, version), eq(ledgerVersion.state, 'building')));
}

export interface PurgeOptions {
  /** How long a retired version stays readable after the switch, for requests that pinned it. */
  keepRetiredMs: number;
  /** Only this account's versions (an ingest cleaning up after itself). */
  apiAccountId?: string;
  /** At most this many delete transactions, so a worker gets back to its jobs; unlimited when unset. */
  maxBatches?: number;
  now?: number;
}

/**
 * Deletes the rows of versions no reader can be on any more, in short transactions: versions retired
 * longer than `keepRetiredMs` ago, and building versions whose attempt is over (its job finished or
 * moved on to another attempt). Returns whether work is left (the batch budget ran out).
 */
export async function purgeVersions(db: Db, options: PurgeOptions): Promise<boolean> {
  const now = options.now ?? Date.now();
  const account = options.apiAccountId ? eq(ledgerVersion.apiAccountId, options.apiAccountId) : undefined;
  // First close the dead attempts' versions: from this commit on, none of their writes can land.
  await db
    .update(ledgerVersion)
    .set({ state: 'retired', changedAt: new Date(0) })
    .where(
      and(
        account,
        eq(ledgerVersion.state, 'building'),
        or(
          and(isNull(ledgerVersion.jobKey), lte(ledgerVersion.changedAt, new Date(now - ORPHAN_AFTER_MS))),
          sql`${ledgerVersion.jobKey} is not null and not exists (select 1 from sync_job j
            where j.status = 'running' and j.id || ':' || j.attempts = ${ledgerVersion.jobKey})`,
        ),
      ),
    );
  const due = await db
    .select({ id: ledgerVersion.id, apiAccountId: ledgerVersion.apiAccountId })
    .from(ledgerVersion)
    .where(
      and(
        account,
        eq(ledgerVersion.state, 'retired'),
        lte(ledgerVersion.changedAt, new Date(now - options.keepRetiredMs)),
      ),
    );
  let budget = options.maxBatches ?? Number.POSITIVE_INFINITY;
  for (const v of due) {
    for (const table of VERSIONED_TABLES) {
      for (;;) {
        if (budget-- <= 0) return true;
        const result = await db.run(sql`delete from ${table} where rowid in (
          select rowid from ${table} where ${table.apiAccountId} = ${v.apiAccountId} and ${table.version} = ${v.id}
          limit ${PURGE_ROWS})`);
        // Between batches the loop turns: a heartbeat or a request waiting on this thread gets its turn.
        await yieldToLoop();
        if (result.rowsAffected < PURGE_ROWS) break;
      }
    }
    await db.delete(ledgerVersion).where(and(eq(ledgerVersion.id, v.id), eq(ledgerVersion.state, 'retired')));
  }
  return false;
}
