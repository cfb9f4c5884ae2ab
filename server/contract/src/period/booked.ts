import { comparisonRange, endOfMonth, yearEndRange } from './range.ts';

// Which months are booked, and like-for-like comparisons. Pure, so the SDK and the exports apply the
// same rule as the API.
//
// A board's last booked month is the latest month with postings in any of its sources. Months after
// it have not happened in the books yet: they are "not yet booked", never zeros (a chart would fall
// to 0, MRR would show every customer churning, head counts would run into the future).

/**
 * Whether a month (yyyy-mm) is booked: at or before the last booked month. `undefined` (a report
 * that does not say) counts every month as booked; `null` (no postings at all) none.
 */
export function isBooked(month: string, lastBookedMonth: string | null | undefined): boolean {
  if (lastBookedMonth === undefined) return true;
  return lastBookedMonth !== null && month <= lastBookedMonth;
}

interface Range {
  startDate: string;
  endDate: string;
  months: readonly string[];
}

/**
 * The booked part of a period: its months up to the last booked month, ending on that month's last
 * day. The period as it is when it ends by then, or when none of it is booked (then there is no part
 * to be like for like with).
 */
export function bookedPart(period: Range, lastBookedMonth: string | null | undefined): Range {
  const months = period.months.filter((m) => isBooked(m, lastBookedMonth));
  if (months.length === 0 || months.length === period.months.length) return period;
  const last = months[months.length - 1]!;
  return { startDate: period.startDate, endDate: endOfMonth(`${last}-01`), months };
}

/**
 * The like-for-like comparison period: the same months as the booked months of the period, a year
 * earlier or just before. Data booked to October 2026, "this year against last year" compares
 * January–October 2026 with January–October 2025.
 */
export function likeForLikeRange(
  period: Range,
  compare: 'previous' | 'lastYear',
  lastBookedMonth: string | null | undefined,
): { startDate: string; endDate: string } {
  return comparisonRange(bookedPart(period, lastBookedMonth), compare);
}

/**
 * The range a statement's comparison covers: like for like with the booked months for 'previous' and
 * 'lastYear'; for 'yearEnd' the whole fiscal year before the one holding the end of the period's booked
 * part (the balance sheet's last column), a closed year, so no like for like.
 */
export function comparedRange(
  period: Range,
  compare: 'previous' | 'lastYear' | 'yearEnd',
  lastBookedMonth: string | null | undefined,
  fiscalYearStart: number,
): { startDate: string; endDate: string } {
  if (compare === 'yearEnd') return yearEndRange(bookedPart(period, lastBookedMonth).endDate, fiscalYearStart);
  return likeForLikeRange(period, compare, lastBookedMonth);
}

/**
 * Whether a balance sheet's compared month end has nothing to compare with (shown as '–', no figure or
 * change): its comparison period has no booked month, and that month end is not a file's opening
 * balances either (those are the balances at the close before the file's first period: last year's
 * end of a file that starts in January). The other statements' rule is `bookedMonths === 0` alone.
 */
export function comparedBalanceUnbooked(
  comparison: { bookedMonths?: number | undefined; openingMonths?: readonly string[] | undefined },
  month: string,
): boolean {
  return comparison.bookedMonths === 0 && !comparison.openingMonths?.includes(month);
}
