import type { CashFlowReport, ProfitLossReport } from '../types/reports.ts';
import { buildProfitLossModel } from './profit-loss-model.ts';

// The figures one statement takes from another that is footed before it (footing.ts): the cash flow's
// result before tax is the P&L's, as the P&L of the same period shows it. Pure, so the server (which
// sends it with the cash flow report) and the tests that hold the statements against each other use
// this one copy.

type CashFlowPart = Pick<CashFlowReport, 'cashflows' | 'total'>;

const lineOf = (groups: CashFlowReport['total']['groups']) =>
  groups.find((g) => g.group === 'operating')?.subItems.find((s) => s.group === 'resultBeforeTax')?.amount ?? 0;

/**
 * The cash flow report with `resultBeforeTaxShown`: the P&L's shown result before tax, where the P&L
 * (of the same months) has the line's exact figures; else the report as it is.
 */
export function withResultBeforeTax<T extends CashFlowPart>(cashFlow: T, profitLoss: ProfitLossReport): T {
  const months = cashFlow.cashflows;
  const sameMonths =
    profitLoss.months.length === months.length && profitLoss.months.every((m, i) => m.month === months[i]!.month);
  if (!sameMonths) return cashFlow;
  const row = buildProfitLossModel(profitLoss).rows.find((r) => r.kind === 'result' && r.key === 'resultBeforeTax');
  if (row?.kind !== 'result') return cashFlow;
  const same =
    row.values.every((v, i) => v === lineOf(months[i]!.groups)) && row.total === lineOf(cashFlow.total.groups);
  return same ? { ...cashFlow, resultBeforeTaxShown: { shown: [...row.shown], shownTotal: row.shownTotal } } : cashFlow;
}
