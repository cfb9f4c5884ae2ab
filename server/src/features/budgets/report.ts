import type {
  BalanceSheetReport,
  CashFlowReport,
  LocalizedText,
  ProfitLossGroupId,
  ProfitLossPeriod,
  ProfitLossReport,
} from '@saldo/contract';
import type { BudgetWidgetLine } from '@saldo/contract/budgets/budgets';
import { figures } from '@saldo/contract/kpis/kpis';
import { formatMoney } from '@saldo/contract/numbers/format';
import { groupOf } from '@saldo/contract/statements/index';
import { buildBalanceSheet, type LedgerHistory } from '../../engine/balance-sheet.ts';
import { buildCashFlow } from '../../engine/cash-flow.ts';
import {
  type AccountAmount,
  type AccountTitles,
  buildProfitLoss,
  type MonthlyMovement,
} from '../../engine/profit-loss.ts';
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

/**
 * The budget as the ledger's movements (debit positive), so the balance sheet's and cash flow's
 * engines make the budget's statements as they make the ledger's. A budget figure is in its
 * statement's sign: an asset's (1000–1999) is debit positive already, every other account's and a
 * line's is credit positive. A line's own budget moves the line's first account. Accounts a
 * consolidation deducts are left out, as their postings are.
 */
export function budgetMovements(cells: readonly BudgetCell[], deduct: readonly number[] = []): MonthlyMovement[] {
  const out: MonthlyMovement[] = [];
  for (const cell of cells) {
    const movement = budgetMovement(cell, deduct);
    if (movement) out.push(movement);
  }
  return out;
}

/** One budget cell as a movement by the rule above; null for an account a consolidation deducts. */
export function budgetMovement(cell: BudgetCell, deduct: readonly number[] = []): MonthlyMovement | null {
  const line = figures[cell.target as ProfitLossGroupId];
  if (line) return { accountNumber: line.terms[0]!.from, accountId: '', month: cell.month, amount: -cell.amount };
  const number = Number(cell.target);
  if (deduct.includes(number)) return null;
  const amount = number < 2000 ? cell.amount : -cell.amount;
  return { accountNumber: number, accountId: cell.target, month: cell.month, amount };
}

/**
 * What a budget means for balances: each month's budget figures are that month's movements, from the
 * actual balances at the start of the budget year (1 January of the period's first year; budgets are
 * by calendar year). So the budgeted balance at a month end is the actual opening balance of the year
 * plus the budgeted movements from January to that month, the budgeted result sits in equity as this
 * year's result, and the figure at 30 June is the same whichever period it is seen in. A month without
 * a budget moves nothing. The budget balance sheet balances exactly when its movements net to zero (a
 * budget of only P&L accounts never does: its result has no other side until the balance accounts it
 * moves, such as bank, customers and suppliers, are budgeted too).
 */
export function budgetHistory(
  before: readonly AccountAmount[],
  fromMonth: string,
  cells: readonly BudgetCell[],
  deduct: readonly number[] = [],
): LedgerHistory {
  return { before, fromMonth, movements: budgetMovements(cells, deduct) };
}

/** The budgeted balance sheet, its warnings said of the budget rather than of a source. */
export function budgetBalanceSheet(
  history: LedgerHistory,
  titles: AccountTitles,
  period: { startDate: string; endDate: string; months: readonly string[] },
): BalanceSheetReport {
  const named = new Map(titles);
  named.set('', LINE_BUDGET_TITLE);
  const report = buildBalanceSheet(history, named, period);
  const off = report.months.find((m) => m.difference !== 0);
  const warnings = off
    ? [
        `The budget does not balance: its movements do not net to zero, so the budgeted assets differ from equity and liabilities by ${formatMoney(
          off.difference,
          'en',
        )} (from ${off.date}). Budget the balance accounts the result moves as well.`,
      ]
    : [];
  return { ...report, warnings, basis: 'budget' };
}

/**
 * The budgeted cash flow: the same indirect method over the budget's movements. What a budget that
 * does not net to zero leaves unexplained is its own line, not the source's.
 */
export function budgetCashFlow(
  history: LedgerHistory,
  period: { startDate: string; endDate: string; months: readonly string[] },
): CashFlowReport {
  const report = buildCashFlow(history, period);
  const relabel = <T extends { groups: CashFlowReport['total']['groups'] }>(p: T): T => ({
    ...p,
    groups: p.groups.map((g) => ({
      ...g,
      subItems: g.subItems.map((i) => (i.group === 'unbalancedSource' ? { ...i, ...UNBALANCED_BUDGET } : i)),
    })),
  });
  return { ...report, cashflows: report.cashflows.map(relabel), total: relabel(report.total), basis: 'budget' };
}

const UNBALANCED_BUDGET = {
  group: 'unbalancedBudget',
  no: 'Budsjettet går ikke i balanse',
  en: 'Budget does not balance',
};
