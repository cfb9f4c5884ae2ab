/**
 * Computed statements by (kind, sources, range, options, data version). Data changes only when a
 * sync swaps it in and bumps the sources' data versions, so an entry never goes stale: a newer
 * version is simply a different key. Least recently used entries go first.
 */
export function createReportCache<T>(maxEntries = 500) {
  // The computation's promise is kept, not its value: requests that ask while it runs wait for it
  // instead of computing the same statement again (many clients at once after a sync).
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
        // A failed computation is not kept: the next request computes again.
        if (entries.get(key) === value) entries.delete(key);
        throw err;
      }
    },
    get size() {
      return entries.size;
    },
  };
}
