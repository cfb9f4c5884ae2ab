// The portfolio against the budget (issue 29, compare=budget): a board's budget cells for the booked
// months of the period, the months the board's own P&L compares with its budget (reports/routes.ts,
// budgets/statement.ts), read as statement figures by the ledger's own figure reader over the
// budget's movements as budgets/report.ts makes them. So a budgeted revenue or result is the P&L's budget
// column to the øre. A budget is of the period's movements: what stands at the period's end (cash,
// the equity and liquidity ratios, the KPIs made of balances) has no budget here, and says so.

import type { LocalizedText, PortfolioFigureId } from '@saldo/contract';
import { isBalanceBudgetTarget } from '@saldo/contract/budgets/budgets';
import { type FigureId, figures, type KpiDefinition } from '@saldo/contract/kpis/kpis';
import { Figures } from '../../ledger/figures.ts';
import type { BudgetCell } from '../budgets/queries.ts';
import { budgetMovement } from '../budgets/report.ts';
import { computeKpi } from '../kpis/compute.ts';
import { profitLossFigures } from './profit-loss-figures.ts';

/** A board's budget over the compared months: its figures, or none (no P&L budget in those months). */
export interface BoardBudget {
  months: readonly string[];
  /** The budget's movements as the ledger's figures read them; null when the board has no P&L budget in the months. */
  figures: Figures | null;
}

export const NO_BUDGET: LocalizedText = {
  no: 'Ingen budsjett for periodens måneder',
  en: 'No budget for the months of the period',
};

export const BALANCE_NOT_BUDGETED: LocalizedText = {
  no: 'Budsjettet gjelder periodens bevegelser, ikke saldo ved periodens slutt',
  en: "The budget is of the period's movements, not of balances at the period's end",
};

const GROWTH_NOT_BUDGETED: LocalizedText = {
  no: 'Budsjettet har ingen vekst mot året før',
  en: 'The budget has no growth against the year before',
};

/** The board's budget over `months` (the booked part of the period), from its cells in the period. */
export function boardBudget(cells: readonly BudgetCell[], months: readonly string[]): BoardBudget {
  const wanted = new Set(months);
  // Cell by cell, no list of them between: at 2 000 boards a budget's copies were most of what
  // the portfolio allocated against the budget.
  const byMonth = new Map<string, Map<number, number>>();
  for (const cell of cells) {
    if (!wanted.has(cell.month) || isBalanceBudgetTarget(cell.target)) continue;
    const m = budgetMovement(cell);
    if (!m) continue;
    const accounts = byMonth.get(m.month) ?? new Map<number, number>();
    if (accounts.size === 0) byMonth.set(m.month, accounts);
    accounts.set(m.accountNumber, (accounts.get(m.accountNumber) ?? 0) + m.amount);
  }
  if (byMonth.size === 0) return { months, figures: null };
  return { months, figures: new Figures({ first: months[0]!, before: new Map(), months: byMonth }) };
}

/** What the budget's revenue of 0 leaves without a base. */
const ZERO_REVENUE: LocalizedText = {
  no: `${figures.revenue.title.no} i budsjettet er 0`,
  en: `${figures.revenue.title.en} in the budget is 0`,
};

/**
 * Each fixed figure's budget, or null with the reason: the balances at the period's end are not
 * budgeted here; a board without a budget has none; a margin over a budgeted revenue of 0 has no base.
 */
export function budgetFigures(
  budget: BoardBudget,
): Record<PortfolioFigureId, { value: number | null; reason: LocalizedText | null }> {
  const f = budget.figures;
  const flows = f ? profitLossFigures((id) => f.flow(id, budget.months)) : null;
  const flow = (id: keyof ReturnType<typeof profitLossFigures>) => {
    if (!flows) return { value: null, reason: NO_BUDGET };
    const value = flows[id];
    return { value, reason: value === null ? ZERO_REVENUE : null };
  };
  const balance = { value: null, reason: BALANCE_NOT_BUDGETED };
  return {
    revenue: flow('revenue'),
    grossProfit: flow('grossProfit'),
    grossMargin: flow('grossMargin'),
    operatingResult: flow('operatingResult'),
    resultBeforeTax: flow('resultBeforeTax'),
    result: flow('result'),
    cashAndBank: balance,
    equityRatio: balance,
    liquidityRatio1: balance,
  };
}

const isFlow = (id: FigureId) => figures[id].kind === 'flow';

/**
 * A KPI of the library over the budget, by its own formula: one made of the period's flows only (the
 * margins, EBITDA, the payroll share); one that reads a balance, or the year before (revenue growth),
 * has none, with the reason, as has a KPI whose budgeted base is 0 (`zeroReason`).
 */
export function budgetKpi(
  kpi: KpiDefinition,
  budget: BoardBudget,
  zeroReason: LocalizedText,
): { value: number | null; reason: LocalizedText | null } {
  if (kpi.id === 'revenue-growth') return { value: null, reason: GROWTH_NOT_BUDGETED };
  if (!kpi.inputs.every(isFlow)) return { value: null, reason: BALANCE_NOT_BUDGETED };
  if (!budget.figures) return { value: null, reason: NO_BUDGET };
  const value = computeKpi(kpi, budget.figures, budget.months).value;
  return { value, reason: value === null ? zeroReason : null };
}
