import type { LocalizedText } from '@saldo/contract';
import { withResultBeforeTax } from '@saldo/contract/statements/index';
import type { Db } from '../../db/client.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { balancesBefore } from '../../ledger/movements.ts';
import { accountNames, accountTitles } from '../../ledger/titles.ts';
import { budgetCells } from './queries.ts';
import { budgetBalanceSheet, budgetCashFlow, budgetHistory, budgetProfitLoss } from './report.ts';

/** The statements a board shows, and a budget is shown as. */
export type StatementKind = 'profit-loss' | 'balance-sheet' | 'cashflow';

/**
 * The board's budget as the same statement over the booked months of the period (like for like), not
 * cached: a budget changes without a sync. A balance sheet or cash flow of the budget starts from the
 * actual balances at 1 January of the period's first year (report.ts says why). The reports' comparison
 * with the budget (reports/routes.ts).
 */
export async function budgetStatement(
  db: Db,
  kind: StatementKind,
  range: Pick<BoardRange, 'boardId' | 'sources' | 'deduct'>,
  period: { startDate: string; endDate: string; months: readonly string[] },
) {
  const months = period.months;
  const last = months[months.length - 1]!;
  if (kind === 'profit-loss') {
    const [cells, titles] = await Promise.all([
      budgetCells(db, range.boardId, months[0]!, last),
      accountTitles(db, range.sources),
    ]);
    return budgetProfitLoss(cells, titles, period);
  }
  const fromMonth = `${period.startDate.slice(0, 4)}-01`;
  const [before, cells] = await Promise.all([
    balancesBefore(db, range.sources, fromMonth, range.deduct),
    budgetCells(db, range.boardId, fromMonth, last),
  ]);
  const history = budgetHistory(before, fromMonth, cells, range.deduct);
  if (kind === 'cashflow') {
    // The budget's result before tax as the budget's P&L shows it (footing.ts), as for the actuals.
    const [own, titles] = await Promise.all([
      budgetCells(db, range.boardId, months[0]!, last),
      accountTitles(db, range.sources),
    ]);
    return withResultBeforeTax(budgetCashFlow(history, period), budgetProfitLoss(own, titles, period));
  }
  const [titles, names] = await Promise.all([accountTitles(db, range.sources), accountNames(db, range.sources)]);
  // A budget row is an account number: named by the chart's name for that number where no ID is it.
  const named = new Map<number | string, LocalizedText>(titles);
  for (const [number, title] of names) if (!named.has(number)) named.set(number, title);
  return budgetBalanceSheet(history, named, period);
}
