/**
 * What a request or a job carries down its calls without anyone passing it along: the log's ids
 * (ops/log.ts) and the ledger versions the request reads (ledger/snapshot.ts), each under its own key
 * in one AsyncLocalStorage.
 *
 * One, not one per module: on Node 20 every AsyncLocalStorage in use hands its store on at each
 * promise a request makes, so a second one (the log's, issue 31) cost a request about a tenth of its
 * CPU (bench:cpu, issue 28). This module imports nothing of the server, so every layer may use it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A slot of the scope, typed by what it holds. */
export class ScopeKey<T> {
  declare private readonly holds: T;
  constructor(readonly name: string) {}
}

const storage = new AsyncLocalStorage<ReadonlyMap<ScopeKey<unknown>, unknown>>();

/** What `key` holds in the running request or job, if anything. */
export function scoped<T>(key: ScopeKey<T>): T | undefined {
  return storage.getStore()?.get(key) as T | undefined;
}

/** Runs `fn` (its awaits and callbacks too) with `value` under `key`, the scope's other slots as they were. */
export function runScoped<T, R>(key: ScopeKey<T>, value: T, fn: () => R): R {
  const outer = storage.getStore();
  const inner = new Map(outer);
  inner.set(key, value);
  return storage.run(inner, fn);
}
