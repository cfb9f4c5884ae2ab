import type { Db } from '../db/client.ts';
import { sourceVersions } from './snapshot.ts';

/**
 * A ledger read kept in memory per database, keyed by its arguments and the sources' data versions as
 * the request pinned them (snapshot.ts). A sync that
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

/**
 * A least-recently-used map of computations by key (the reports' statements and pages are kept in
 * ones by their data version key, data-version.ts), keeping each one's promise rather than its value:
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
