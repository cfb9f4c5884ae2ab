/**
 * Computed statements by (kind, sources, range, options, data version). Data changes only when a
 * sync swaps it in and bumps the sources' data versions, so an entry never goes stale: a newer
 * version is simply a different key. Least recently used entries go first; a computation's promise
 * is kept, so requests asking while it runs wait for it (the one mechanism of db/data-cache.ts).
 */
export { createPromiseCache as createReportCache } from '../../db/data-cache.ts';
