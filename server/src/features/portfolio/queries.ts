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
 * boards, each board's rows one range of the budget's key (board, month, target) and sent as one JSON
 * text, as the month summaries are (a board without a budget has no entry). A correlated subquery per
 * board rather than a join grouped by board: the GROUP BY sorted all the boards' cells (144 000 at
 * 2 000 boards) into a temporary b-tree before it summed any.
 */
export async function budgetCellsOf(
  db: Db,
  boardIds: readonly string[],
  first: string,
  last: string,
): Promise<Map<string, BudgetCell[]>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db.all<{ board: string; cells: string | null }>(sql`
    select e.value as board, (select json_group_array(json_object('month', b.month, 'target', b.target, 'amount', b.amount)) from ${budget} b
      where b.board_id = e.value and b.month between ${first} and ${last}) as cells
    from json_each(${JSON.stringify(boardIds)}) e`);
  const out = new Map<string, BudgetCell[]>();
  for (const r of rows) {
    // Parsed straight into the cells, an object each, no array per cell between.
    const cells = JSON.parse(r.cells ?? '[]') as BudgetCell[];
    if (cells.length > 0) out.set(r.board, cells);
  }
  return out;
}
