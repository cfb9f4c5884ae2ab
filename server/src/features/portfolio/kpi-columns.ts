// The KPI columns of the portfolio (issue 29): any KPI of the library, computed by the library's own
// formulas (features/kpis/compute.ts) over a board's month summaries instead of its ledger, so a
// column is what the board's KPI widget shows for the same period. A KPI that has no value says why.

import type { LocalizedText, PortfolioKpi } from '@saldo/contract';
import { type KpiId, kpiDefinition, kpiTerms } from '@saldo/contract/kpis/kpis';
import { changePercent } from '@saldo/contract/numbers/variance';
import { computeKpi, type FigureReader } from '../kpis/compute.ts';
import { type BoardBudget, budgetKpi } from './budget-comparison.ts';

const NO_DATA: LocalizedText = { no: 'Ingen bokførte måneder', en: 'No booked months' };

/**
 * Why a KPI of a board with data has no value: its denominator is 0 ('Sum driftsinntekter (3000–3999)
 * er 0'); months of cash has none also when nothing is spent (0 or less).
 */
function noValueReason(id: KpiId): LocalizedText {
  const denominator = kpiTerms(kpiDefinition(id)).find((t) => t.role === 'denominator');
  if (!denominator) return NO_DATA; // an amount KPI always has a value where there is data
  const orLess = id === 'months-of-cash';
  return {
    no: `${denominator.label.no} er 0${orLess ? ' eller mindre' : ''}`,
    en: `${denominator.label.en} is 0${orLess ? ' or less' : ''}`,
  };
}

/**
 * A KPI over the period's booked months against the compared months or the budget, with the change by
 * the fixed figures' rule: an amount's in percent (the one rule for changes), any other unit's the
 * difference (percentage points, or the ratio's, days', months' own). `figures` null: the board has no
 * data. `compared` null, or months without any summary row: no comparison, as the KPI widget has none.
 * Against the budget (budget-comparison.ts), a KPI the budget cannot give says why.
 */
export function kpiColumn(
  id: KpiId,
  figures: (FigureReader & { covers(months: readonly string[]): boolean }) | null,
  months: readonly string[],
  compared: readonly string[] | BoardBudget | null,
): PortfolioKpi {
  if (figures === null) return { value: null, comparison: null, change: null, reason: NO_DATA };
  const kpi = kpiDefinition(id);
  const value = computeKpi(kpi, figures, months).value;
  let comparison: number | null = null;
  let comparisonReason: LocalizedText | null = null;
  if (compared && 'figures' in compared)
    ({ value: comparison, reason: comparisonReason } = budgetKpi(kpi, compared, noValueReason(id)));
  else if (compared && figures.covers(compared)) comparison = computeKpi(kpi, figures, compared).value;
  let change: number | null = null;
  if (value !== null && comparison !== null)
    change = kpi.unit === 'amount' ? changePercent(value, comparison, 'ore') : value - comparison;
  const reason = value === null ? noValueReason(id) : null;
  return comparisonReason
    ? { value, comparison, change, reason, comparisonReason }
    : { value, comparison, change, reason };
}
