// The KPI library's formulas (@saldo/contract/kpis/kpis) over a ledger's figures. Pure: øre in, integers
// out; a ratio is divided once, in BigInt, and rounded half away from zero to ten-thousandths.

import type { KpiPart, LocalizedText } from '@saldo/contract';
import {
  type FigureId,
  type FigureSum,
  figureLabel,
  KPI_SCALE,
  type KpiDefinition,
  type KpiTermDefinition,
  MONTH_END_AVERAGE,
  YEAR_EARLIER,
} from '@saldo/contract/kpis/kpis';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import type { Figures } from '../../ledger/figures.ts';
import { daysIn, shiftMonth } from './figures.ts';

/**
 * numerator × KPI_SCALE / denominator, rounded half away from zero; null when the denominator is 0.
 * In BigInt, so øre in the billions times days and the scale lose nothing.
 */
export function scaledRatio(numerator: number, denominator: number): number | null {
  if (denominator === 0) return null;
  const n = BigInt(numerator) * BigInt(KPI_SCALE);
  const d = BigInt(denominator);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (2n * ad);
  return Number(negative ? -q : q) || 0;
}

export interface KpiResult {
  value: number | null;
  parts: KpiPart[];
}

const label = (id: FigureId, suffix?: LocalizedText) => ({
  no: `${figureLabel(id, 'nor')}${suffix ? `, ${suffix.no}` : ''}`,
  en: `${figureLabel(id, 'en')}${suffix ? `, ${suffix.en}` : ''}`,
});

/** What the formulas read: a ledger's figures (ledger/figures.ts), or a board's month summaries (the portfolio). */
export type FigureReader = Pick<Figures, 'flow' | 'balance' | 'over'>;

/**
 * One KPI over consecutive months (one month for a point of the trend, the booked months for a
 * period): flows over all of them, balances at the last.
 */
export function computeKpi(kpi: KpiDefinition, f: FigureReader, months: readonly string[]): KpiResult {
  const get = (id: FigureId) => f.over(id, months);
  const part = (id: FigureId, amount = get(id), suffix?: LocalizedText): KpiPart => ({
    figure: id,
    label: label(id, suffix),
    amount,
  });
  const parts = kpi.inputs.map((id) => part(id));
  const n = months.length;
  const v = (id: FigureId) => get(id);
  switch (kpi.id) {
    case 'gross-margin':
      return { value: scaledRatio(v('revenue') - v('costOfGoods'), v('revenue')), parts };
    case 'operating-margin':
      return { value: scaledRatio(v('operatingResult'), v('revenue')), parts };
    case 'ebitda':
      return { value: v('operatingResult') + v('depreciation'), parts };
    case 'ebitda-margin':
      return { value: scaledRatio(v('operatingResult') + v('depreciation'), v('revenue')), parts };
    case 'profit-margin':
      return { value: scaledRatio(v('resultBeforeTax'), v('revenue')), parts };
    case 'current-ratio':
      return { value: scaledRatio(v('currentAssets'), v('shortTermDebt')), parts };
    case 'quick-ratio':
      return { value: scaledRatio(v('currentAssets') - v('inventory'), v('shortTermDebt')), parts };
    case 'equity-ratio':
      return { value: scaledRatio(v('equity'), v('totalAssets')), parts };
    case 'debt-ratio':
      return { value: scaledRatio(v('totalDebt'), v('equity')), parts };
    case 'working-capital':
      return { value: v('currentAssets') - v('shortTermDebt'), parts };
    case 'dso':
      return { value: scaledRatio(v('tradeReceivables') * daysIn(months), v('revenue')), parts };
    case 'dpo':
      return {
        value: scaledRatio(v('tradePayables') * daysIn(months), v('costOfGoods') + v('otherOperatingExpenses')),
        parts,
      };
    case 'inventory-turnover': {
      // Cost of goods × 12 / n over the average month-end inventory (Σ / n): the n cancels.
      const inventories = months.reduce((sum, m) => sum + f.balance('inventory', m), 0);
      const average = roundHalfAway(inventories / n);
      return {
        value: scaledRatio(v('costOfGoods') * 12, inventories),
        parts: [part('costOfGoods'), part('inventory', average, MONTH_END_AVERAGE)],
      };
    }
    case 'revenue-growth': {
      const before = f.flow(
        'revenue',
        months.map((m) => shiftMonth(m, -12)),
      );
      const growth = scaledRatio(v('revenue') - before, Math.abs(before));
      return { value: growth, parts: [part('revenue'), part('revenue', before, YEAR_EARLIER)] };
    }
    case 'payroll-share':
      return { value: scaledRatio(v('payroll'), v('revenue')), parts };
    case 'months-of-cash': {
      // Cash over the average monthly burn (cash costs / n); none when nothing is spent.
      const costs = v('cashCosts');
      return { value: costs > 0 ? scaledRatio(v('cashAndBank') * n, costs) : null, parts };
    }
  }
}

/**
 * A sum of figures (a KPI's term) over consecutive months, as its drill-down lists it: flows over the
 * months, balances at the last; a year earlier's over those months; an average over each month end.
 */
export function figureSumOver(sum: FigureSum, f: Figures, months: readonly string[]): number {
  const at = (over: readonly string[]) =>
    sum.add.reduce((s, id) => s + f.over(id, over), 0) -
    (sum.subtract ?? []).reduce((s, id) => s + f.over(id, over), 0);
  const shifted = sum.yearEarlier ? months.map((m) => shiftMonth(m, -12)) : months;
  if (!sum.average) return at(shifted);
  if (shifted.length === 0) return 0;
  return roundHalfAway(shifted.reduce((s, m) => s + at([m]), 0) / shifted.length);
}

/** The amounts of a KPI's terms over the months. */
export const termAmounts = (terms: readonly KpiTermDefinition[], f: Figures, months: readonly string[]) =>
  terms.map((term) => figureSumOver(term.sum, f, months));
