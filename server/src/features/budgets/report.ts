import type { LocalizedText, ProfitLossGroupId, ProfitLossPeriod, ProfitLossReport } from '@saldo/contract';
import type { BudgetWidgetLine } from '@saldo/contract/budgets';
import { figures } from '@saldo/contract/kpis';
import { groupOf } from '@saldo/contract/statements';
import { type AccountTitles, buildProfitLoss, type MonthlyMovement } from '../../engine/profit-loss.ts';
import type { BudgetCell } from './queries.ts';

/** The row a line's own budget (set on the line, not its accounts) is shown as under the line. */
export const LINE_BUDGET_TITLE: LocalizedText = { no: 'Budsjett for linjen', en: 'Budget for the line' };

/**
 * The budget as a profit and loss of the period, through the same engine as the ledger's, so its
 * lines, subtotals and results are made exactly as the report it is compared with. An account's
 * budget is that account (paired with its actual figures); a line's own budget is a row of the line
 * without an account ID ('' names no account of any source).
 */
export function budgetProfitLoss(
  cells: readonly BudgetCell[],
  titles: AccountTitles,
  period: { startDate: string; endDate: string; months: readonly string[] },
): ProfitLossReport {
  const movements: MonthlyMovement[] = cells.map((cell) => {
    const line = figures[cell.target as ProfitLossGroupId];
    // The budget is in report sign; the engine turns the ledger's sign round.
    return line
      ? { accountNumber: line.terms[0]!.from, accountId: '', month: cell.month, amount: -cell.amount }
      : { accountNumber: Number(cell.target), accountId: cell.target, month: cell.month, amount: -cell.amount };
  });
  const named = new Map(titles);
  named.set('', LINE_BUDGET_TITLE);
  return { ...buildProfitLoss(movements, named, period), basis: 'budget' };
}

/** A line's figure in a period of a profit and loss: a group's total or a result. */
export function lineValue(period: ProfitLossPeriod, line: BudgetWidgetLine): number {
  if (line === 'operatingResult' || line === 'resultBeforeTax' || line === 'result') return period[line];
  return groupOf(period, line)?.totalAmountOfGroup ?? 0;
}
