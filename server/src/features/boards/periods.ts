import type { BoardPeriods } from '@saldo/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRows } from '../../db/live-ledger.ts';
import { board, monthlyBalance } from '../../db/schema/index.ts';

/**
 * A board's first and last booked month over all its sources, and its fiscal year's start month: what
 * the period control needs to offer every year with data and to end "year to date" where the books end.
 * Read off the live ledger version's monthly sums, as the last booked month of the reports is.
 */
export async function boardPeriods(db: Db, boardId: string, sources: readonly string[]): Promise<BoardPeriods> {
  const [setting] = await db
    .select({ fiscalYearStart: board.fiscalYearStart })
    .from(board)
    .where(eq(board.id, boardId));
  const fiscalYearStart = setting?.fiscalYearStart ?? 1;
  if (sources.length === 0) return { firstBookedMonth: null, lastBookedMonth: null, fiscalYearStart };
  const [row] = await db
    .select({
      first: sql<string | null>`min(${monthlyBalance.month})`,
      last: sql<string | null>`max(${monthlyBalance.month})`,
    })
    .from(monthlyBalance)
    .where(await liveRows(db, monthlyBalance, sources));
  return { firstBookedMonth: row?.first ?? null, lastBookedMonth: row?.last ?? null, fiscalYearStart };
}
