import type { Db } from '../db/client.ts';
import { sourceVersions } from './snapshot.ts';

/**
 * A key that changes whenever any of the sources is synced: reads cached under it stay correct. It is
 * the request's pinned snapshot (snapshot.ts), so the key and the rows read under it always agree.
 */
export async function dataVersionKey(db: Db, sources: readonly string[]): Promise<string> {
  if (sources.length === 0) return 'none';
  const versions = await sourceVersions(db, sources);
  return [...versions]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, v]) => `${id}@${v.data}`)
    .join(',');
}
