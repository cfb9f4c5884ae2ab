import type { Comparison, KpiData } from '@saldo/contract';
import { type KpiId, kpiDefinition, kpiTerms } from '@saldo/contract/kpis/kpis';
import { isBooked } from '@saldo/contract/period/booked';
import type { Db } from '../../db/client.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { openingMonthsField } from '../../ledger/booked.ts';
import { periodFigures } from '../../ledger/period-figures.ts';
import { computeKpi, termAmounts } from './compute.ts';

/**
 * GET /api/widgets/kpi: a KPI of the library over the period, each month, and the comparison period.
 * Amounts in øre; every other KPI in integer ten-thousandths (4123 = 41,23 % or 0,4123). A month is
 * computed over itself; the period over its booked months, balances at the last of them.
 * `withComparison` false (a public link or embed token that did not share it): no comparison and no
 * change, null; nothing of the comparison period is in the answer.
 */
export async function kpiWidgetData(
  db: Db,
  { sources, period, deduct }: Pick<BoardRange, 'sources' | 'period' | 'deduct'>,
  query: { kpi: KpiId; compare: Comparison },
  withComparison = true,
): Promise<KpiData> {
  const kpi = kpiDefinition(query.kpi);
  const compare: Comparison = query.compare;
  const [{ lastBookedMonth: booked, main, compared, figures }, openings] = await Promise.all([
    periodFigures(db, sources, period, [compare], deduct),
    openingMonthsField(db, sources, period.months),
  ]);
  const { months: otherMonths, bookedMonths: otherBooked, ...other } = compared(compare);
  const now = computeKpi(kpi, figures, main.months);
  // A comparison period with no postings at all has no figure: never a 0 % margin to compare with.
  const computed = computeKpi(kpi, figures, otherMonths);
  const before = otherBooked === 0 ? { ...computed, value: null } : computed;
  const terms = kpiTerms(kpi);
  const periodTerms = termAmounts(terms, figures, main.months);
  return {
    kpi: kpi.id,
    title: kpi.title,
    formula: kpi.formula,
    unit: kpi.unit,
    better: kpi.better,
    startDate: main.startDate,
    endDate: main.endDate,
    value: now.value,
    parts: now.parts,
    terms: terms.map(({ sum: _, ...term }, i) => ({ ...term, amount: periodTerms[i]! })),
    months: period.months.map((month) => ({
      month,
      value: isBooked(month, booked) ? computeKpi(kpi, figures, [month]).value : null,
      terms: termAmounts(terms, figures, [month]),
    })),
    compare,
    comparison: withComparison
      ? {
          ...other,
          value: before.value,
          parts: before.parts,
          terms: termAmounts(terms, figures, otherMonths),
          bookedMonths: otherBooked,
        }
      : null,
    change: !withComparison || now.value === null || before.value === null ? null : now.value - before.value,
    lastBookedMonth: booked,
    // A month of the trend that holds only a file's opening balances says so.
    ...openings,
  };
}
