import { changeCounterOf } from './cached-reads.ts';
import type { Db } from './client.ts';
import { sourceVersions } from './live-ledger.ts';

/**
 * A ledger read kept in memory per database, keyed by its arguments and the sources' data versions as
 * the request pinned them (live-ledger.ts), like the reports' cache (reports/cache.ts). A sync that
 * swaps data in bumps the data version, so an entry never goes stale: newer data is another key, in
 * every process at once. Only for reads of the versioned ledger tables: nothing that changes without
 * a sync (budgets, a custom widget's settings) may be read inside one. Callers must not change what
 * they get; errors are not kept. Least recently used entries go first.
 */
export function cachedByDataVersion<A extends unknown[], R>(
  read: (db: Db, sources: readonly string[], ...args: A) => Promise<R>,
  maxEntries = 300,
): (db: Db, sources: readonly string[], ...args: A) => Promise<R> {
  const caches = new WeakMap<Db, PromiseCache<R>>();
  return async (db, sources, ...args) => {
    if (sources.length === 0) return read(db, sources, ...args);
    const versions = await sourceVersions(db, sources);
    const key = JSON.stringify([sources.map((s) => `${s}@${versions.get(s)?.data ?? '-'}`), args]);
    let cache = caches.get(db);
    if (!cache) {
      cache = createPromiseCache<R>(maxEntries);
      caches.set(db, cache);
    }
    return cache.getOrCompute(key, () => read(db, sources, ...args));
  };
}

/** The database's change counter now (cached-reads.ts changeCounterOf), for kept reads to share. */
export const changeCounterNow = (db: Db): number | undefined => changeCounterOf(db.$client);

/** A read kept while the database is unchanged (keptWhileUnchanged). */
export interface KeptRead<A extends unknown[], R> {
  (db: Db, ...args: A): Promise<R>;
  /**
   * The same, judged by a counter the caller read (changeCounterNow) before it, with no write of its
   * own since: the reads of one step (a request's access check) share one look at the database.
   */
  at(counter: number | undefined, db: Db, ...args: A): Promise<R>;
}

/**
 * A read kept while the database file is unchanged (cached-reads.ts changeCounterOf): an entry stands
 * until anything at all is committed to it, by this process or another, so it can never answer what
 * the database no longer holds. For the few small reads every request makes (its session, its board
 * role), asked again and again between writes. The counter is read before the read, so an entry is
 * never older than its counter. Without a counter (`:memory:`, a remote database) it reads every
 * time. Callers must not change what they get; errors are not kept; the oldest entries go first.
 */
export function keptWhileUnchanged<A extends unknown[], R>(
  read: (db: Db, ...args: A) => Promise<R>,
  maxEntries = 1000,
): KeptRead<A, R> {
  const caches = new WeakMap<Db, Map<string, { counter: number; value: Promise<R> }>>();
  const at = (counter: number | undefined, db: Db, ...args: A): Promise<R> => {
    if (counter === undefined) return read(db, ...args);
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    const key = JSON.stringify(args);
    const hit = cache.get(key);
    if (hit?.counter === counter) return hit.value;
    const value = read(db, ...args);
    cache.delete(key);
    cache.set(key, { counter, value });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    const kept = cache;
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
  return Object.assign((db: Db, ...args: A) => at(changeCounterNow(db), db, ...args), { at });
}

/**
 * A least-recently-used map of computations by key, keeping each one's promise rather than its value:
 * requests that ask while it runs (many clients at once after a sync, when every key is new) wait for
 * that one computation instead of each running its own. A failed computation is not kept.
 */
export function createPromiseCache<T>(maxEntries = 500) {
  const entries = new Map<string, Promise<T>>();
  return {
    async getOrCompute(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = compute();
      if (maxEntries === 0) return value;
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      try {
        return await value;
      } catch (err) {
        // The next request computes again.
        if (entries.get(key) === value) entries.delete(key);
        throw err;
      }
    },
    get size() {
      return entries.size;
    },
  };
}

type PromiseCache<T> = ReturnType<typeof createPromiseCache<T>>;
