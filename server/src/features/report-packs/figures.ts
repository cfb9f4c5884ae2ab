// The figures a pack's commentary and KPI sections show, for a period: computed as the board's KPI
// widget computes its own (features/kpis/widget.ts): the ledger's account sums (ledger/sums.ts), the
// statement figures over them (ledger/figures.ts), the KPI library's formulas (kpis/compute.ts), the
// period's booked part and its like-for-like comparisons (ledger/period-figures.ts, which the widget
// reads too). Nothing is derived again here; one read of the sums serves every placeholder of the pack.

import type { Comparison } from '@saldo/contract';
import { kpiDefinition } from '@saldo/contract/kpis/kpis';
import type { FigurePair } from '@saldo/contract/report-packs/fill';
import type { PlaceholderRef } from '@saldo/contract/report-packs/placeholders';
import type { Db } from '../../db/client.ts';
import type { Period } from '../../http/period.ts';
import { periodFigures } from '../../ledger/period-figures.ts';
import { computeKpi } from '../kpis/compute.ts';

/** A pack's figures for one period: the booked part, and each figure against either comparison. */
export interface PackFigures {
  period: { startDate: string; endDate: string };
  lastBookedMonth: string | null;
  comparison(compare: Comparison): {
    range: { startDate: string; endDate: string };
    pair(ref: PlaceholderRef): FigurePair;
  };
}

const COMPARISONS: readonly Comparison[] = ['previous', 'lastYear'];

export async function packFigures(db: Db, sources: readonly string[], period: Period): Promise<PackFigures> {
  const { lastBookedMonth, main, compared, figures } = await periodFigures(db, sources, period, COMPARISONS);

  /** One figure over some months: a statement line's amount in øre, or a KPI in its unit. */
  const over = (ref: PlaceholderRef, months: readonly string[]): number | null =>
    ref.source === 'line' ? figures.over(ref.id, months) : computeKpi(kpiDefinition(ref.id), figures, months).value;

  return {
    period: { startDate: main.startDate, endDate: main.endDate },
    lastBookedMonth,
    comparison(compare) {
      const { startDate, endDate, months, bookedMonths } = compared(compare);
      return {
        range: { startDate, endDate },
        pair: (ref) => ({
          unit: ref.source === 'line' ? 'line' : kpiDefinition(ref.id).unit,
          value: over(ref, main.months),
          // None of its months booked: no comparison figure, as the KPI widget.
          compare: bookedMonths > 0 ? over(ref, months) : null,
        }),
      };
    },
  };
}
