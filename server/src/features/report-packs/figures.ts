// The figures a pack's commentary and KPI sections show, for a period: computed as the board's KPI
// widget computes its own (features/kpis/widget.ts): the ledger's account sums (ledger/sums.ts), the
// statement figures over them (ledger/figures.ts), the KPI library's formulas (kpis/compute.ts), the
// period's booked part and its like-for-like comparison by the contract's period rules. Nothing is
// derived again here; one read of the sums serves every placeholder of the pack.

import type { Comparison } from '@saldo/contract';
import { kpiDefinition } from '@saldo/contract/kpis/kpis';
import { bookedPart, likeForLikeRange } from '@saldo/contract/period/booked';
import type { FigurePair } from '@saldo/contract/report-packs/fill';
import type { PlaceholderRef } from '@saldo/contract/report-packs/placeholders';
import type { Db } from '../../db/client.ts';
import { type Period, parsePeriod } from '../../http/period.ts';
import { bookedMonthCount, lastBookedMonth } from '../../ledger/booked.ts';
import { Figures } from '../../ledger/figures.ts';
import { ledgerSums } from '../../ledger/sums.ts';
import { computeKpi } from '../kpis/compute.ts';
import { shiftMonth } from '../kpis/figures.ts';

/** The months compared with, and whether any of them is booked (none: no comparison figure, as the KPI widget). */
interface Compared {
  range: { startDate: string; endDate: string };
  months: readonly string[];
  booked: boolean;
}

/** A pack's figures for one period: the booked part, and each figure against either comparison. */
export interface PackFigures {
  period: { startDate: string; endDate: string };
  lastBookedMonth: string | null;
  comparison(compare: Comparison): { range: Compared['range']; pair(ref: PlaceholderRef): FigurePair };
}

const COMPARISONS: readonly Comparison[] = ['previous', 'lastYear'];

export async function packFigures(db: Db, sources: readonly string[], period: Period): Promise<PackFigures> {
  const booked = await lastBookedMonth(db, sources);
  const main = bookedPart(period, booked);
  const ranges = COMPARISONS.map((compare) => {
    const range = likeForLikeRange(period, compare, booked);
    return { compare, range, months: parsePeriod(range.startDate, range.endDate).months };
  });
  // A year before the earliest month read: revenue growth reads the same months a year earlier.
  const earliest = [main.months[0]!, ...ranges.map((r) => r.months[0]!)].sort()[0]!;
  const [sums, bookedCounts] = await Promise.all([
    ledgerSums(db, sources, shiftMonth(earliest, -12), period.months[period.months.length - 1]!),
    Promise.all(ranges.map((r) => bookedMonthCount(db, sources, r.months[0]!, r.months[r.months.length - 1]!))),
  ]);
  const figures = new Figures(sums);
  const compared = new Map<Comparison, Compared>(
    ranges.map((r, i) => [r.compare, { range: r.range, months: r.months, booked: bookedCounts[i]! > 0 }]),
  );

  /** One figure over some months: a statement line's amount in øre, or a KPI in its unit. */
  const over = (ref: PlaceholderRef, months: readonly string[]): number | null =>
    ref.source === 'line' ? figures.over(ref.id, months) : computeKpi(kpiDefinition(ref.id), figures, months).value;

  return {
    period: { startDate: main.startDate, endDate: main.endDate },
    lastBookedMonth: booked,
    comparison(compare) {
      const other = compared.get(compare)!;
      return {
        range: other.range,
        pair: (ref) => ({
          unit: ref.source === 'line' ? 'line' : kpiDefinition(ref.id).unit,
          value: over(ref, main.months),
          compare: other.booked ? over(ref, other.months) : null,
        }),
      };
    },
  };
}
