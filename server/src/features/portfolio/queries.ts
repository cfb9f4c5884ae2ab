import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { syncJob } from '../../db/schema/index.ts';

/**
 * The sources whose latest sync job failed, among `ids`: one query however many sources, each
 * source's latest job found by the job table's (account, created) index, no old job read.
 */
export async function failedLastSync(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.all<{ id: string }>(sql`
    select ${syncJob.apiAccountId} as id from ${syncJob}
    where ${syncJob.status} = 'failed' and ${syncJob.id} in (
      select (select k.id from ${syncJob} k where k.api_account_id = e.value order by k.created_at desc limit 1)
      from json_each(${JSON.stringify(ids)}) e)`);
  return new Set(rows.map((r) => r.id));
}
