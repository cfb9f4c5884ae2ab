import { changeCounterOf } from './cached-reads.ts';
import type { Db } from './client.ts';

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
