import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budget, syncJob } from '../../db/schema/index.ts';
import type { BudgetCell } from '../budgets/queries.ts';

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

/**
 * The budget cells of the boards in the months first…last (yyyy-mm), by board: one query however many
 * boards, each board's rows found by the budget's key (board, month, target) and sent as one JSON text,
 * as the month summaries are (a board without a budget has no entry).
 */
export async function budgetCellsOf(
  db: Db,
  boardIds: readonly string[],
  first: string,
  last: string,
): Promise<Map<string, BudgetCell[]>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db.all<{ board: string; cells: string }>(sql`
    select b.board_id as board, json_group_array(json_array(b.month, b.target, b.amount)) as cells
    from json_each(${JSON.stringify(boardIds)}) e
    join ${budget} b on b.board_id = e.value and b.month between ${first} and ${last}
    group by b.board_id`);
  return new Map(
    rows.map((r) => [
      r.board,
      (JSON.parse(r.cells) as Array<[string, string, number]>).map(([month, target, amount]) => ({
        month,
        target,
        amount,
      })),
    ]),
  );
}
