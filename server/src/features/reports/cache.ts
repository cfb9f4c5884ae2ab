/**
 * Computed statements by (kind, sources, range, options, data version). Data changes only when a
 * sync swaps it in and bumps the sources' data versions, so an entry never goes stale: a newer
 * version is simply a different key. Least recently used entries go first.
 */
export function createReportCache<T>(maxEntries = 500) {
  const entries = new Map<string, T>();
  return {
    async getOrCompute(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = await compute();
      if (maxEntries === 0) return value;
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
