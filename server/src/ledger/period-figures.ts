// A period's figures as the KPI widget, the observations and a report pack read them: the period's
// booked part, each comparison like for like with it (and how many of its months are booked), and one
// read of the account sums (sums.ts) with the statement figures over them (figures.ts) for all of it.

import type { Comparison } from '@saldo/contract';
import { bookedPart, likeForLikeRange } from '@saldo/contract/period/booked';
import { addMonths, type Period, readPeriod } from '@saldo/contract/period/period';
import type { Db } from '../db/client.ts';
import { bookedMonthCount, lastBookedMonth } from './booked.ts';
import { Figures } from './figures.ts';
import { type LedgerSums, ledgerSums } from './sums.ts';

/** The months (yyyy-mm) of a range of dates. */
export interface MonthRange {
  startDate: string;
  endDate: string;
  months: readonly string[];
}

/** A comparison's months, and how many of them have postings: none, and there is nothing to compare with. */
export interface ComparedMonths extends MonthRange {
  bookedMonths: number;
}

export interface PeriodFigures<C extends Comparison> {
  lastBookedMonth: string | null;
  /** The period's booked part (the period itself when all or none of it is booked). */
  main: MonthRange;
  /** Each comparison asked for. */
  compared(compare: C): ComparedMonths;
  /** The account sums from a year before the earliest month of either, to the period's end. */
  sums: LedgerSums;
  figures: Figures;
}

/**
 * The figures of a period and the comparisons asked for, on the board's sources less the deducted
 * accounts. The sums start a year before the earliest month read: revenue growth reads the same months
 * a year earlier.
 */
export async function periodFigures<C extends Comparison>(
  db: Db,
  sources: readonly string[],
  period: Period,
  compares: readonly C[],
  deduct: readonly number[] = [],
): Promise<PeriodFigures<C>> {
  const booked = await lastBookedMonth(db, sources);
  const main = bookedPart(period, booked);
  const ranges = compares.map((compare) => {
    const range = likeForLikeRange(period, compare, booked);
    // A like-for-like range of a valid period is one too (as long, moved back).
    return { compare, ...range, months: readPeriod(range.startDate, range.endDate)!.months };
  });
  const earliest = [main.months[0]!, ...ranges.map((r) => r.months[0]!)].sort()[0]!;
  const [sums, counts] = await Promise.all([
    ledgerSums(db, sources, addMonths(earliest, -12), period.months[period.months.length - 1]!, deduct),
    Promise.all(ranges.map((r) => bookedMonthCount(db, sources, r.months[0]!, r.months[r.months.length - 1]!))),
  ]);
  const compared = new Map(ranges.map(({ compare, ...r }, i) => [compare, { ...r, bookedMonths: counts[i]! }]));
  return {
    lastBookedMonth: booked,
    main,
    compared: (compare) => compared.get(compare)!,
    sums,
    figures: new Figures(sums),
  };
}
