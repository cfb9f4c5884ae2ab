import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client.ts';
import { apiAccount } from '../db/schema/index.ts';
import { runScoped, ScopeKey, scoped } from '../scope.ts';

/** What a read needs to know of one source: the ledger version it reads and the version that keys caches. */
export interface SourceVersion {
  ledger: number;
  data: number;
}

/**
 * The versions a request has read each source at. A sync makes a new ledger version live between
 * two statements of a request; pinned here, every statement of the request reads the version the
 * first one did, so a response never mixes two syncs (the old version outlives the switch by a
 * grace period: sync/ledger-versions.ts).
 */
const PINNED = new ScopeKey<Map<string, SourceVersion>>('ledger snapshot');

/** Runs `fn` with one snapshot of the sources' versions (an API request; nested calls share the outer one). */
export function withLedgerSnapshot<T>(fn: () => T): T {
  return scoped(PINNED) ? fn() : runScoped(PINNED, new Map(), fn);
}

/**
 * Pins versions read along with something else (a board's sources, boards/queries.ts), so the
 * request's first ledger read needs no query of its own. A version pinned before stands.
 */
export function pinSourceVersions(read: ReadonlyArray<{ id: string } & SourceVersion>): void {
  const store = scoped(PINNED);
  if (store) for (const r of read) if (!store.has(r.id)) store.set(r.id, { ledger: r.ledger, data: r.data });
}

/** Each source's versions: pinned by an earlier read of this request, else read now (and pinned). */
export async function sourceVersions(db: Db, sources: readonly string[]): Promise<Map<string, SourceVersion>> {
  const store = scoped(PINNED);
  const missing = store ? sources.filter((s) => !store.has(s)) : [...sources];
  const read = new Map<string, SourceVersion>();
  if (missing.length > 0) {
    const rows = await db
      .select({ id: apiAccount.id, ledger: apiAccount.ledgerVersion, data: apiAccount.dataVersion })
      .from(apiAccount)
      .where(inArray(apiAccount.id, missing))
      .orderBy(asc(apiAccount.id));
    for (const r of rows) {
      const v = { ledger: r.ledger, data: r.data };
      // Another read of this request may have pinned it while this one waited: the first one stands.
      if (store && !store.has(r.id)) store.set(r.id, v);
      read.set(r.id, store?.get(r.id) ?? v);
    }
  }
  const out = new Map<string, SourceVersion>();
  for (const s of sources) {
    const v = store?.get(s) ?? read.get(s);
    if (v) out.set(s, v);
  }
  return out;
}

/**
 * The condition for a ledger table's live rows of the sources. Version ids are unique over all
 * accounts, so `version in (…)` picks each source's own version and nothing of another's.
 */
export async function liveRows(
  db: Db,
  table: { apiAccountId: SQLiteColumn; version: SQLiteColumn },
  sources: readonly string[],
): Promise<SQL> {
  const versions = await sourceVersions(db, sources);
  return and(
    inArray(table.apiAccountId, [...versions.keys()]),
    inArray(
      table.version,
      [...versions.values()].map((v) => v.ledger),
    ),
  ) as SQL;
}
