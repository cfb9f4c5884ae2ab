import type { ReportComparison } from '@saldo/contract';
import { defaultRange, endOfMonth, shiftMonths } from '@saldo/contract/range';

/** A whole-month period as the report pages keep it in the URL: `from` and `to` are yyyy-mm. */
export interface MonthRange {
  fromMonth: string;
  toMonth: string;
}

export type QuickRange = 'thisYear' | 'lastYear' | 'last12Months';
export const QUICK_RANGES: readonly QuickRange[] = ['thisYear', 'lastYear', 'last12Months'];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const isMonth = (value: string | null): value is string =>
  value !== null && MONTH.test(value) && Number(value.slice(0, 4)) >= 2000;

const monthOf = (date: string) => date.slice(0, 7);

/** The three quick choices, by the product's one rule (the year runs 1 January to 31 December). */
export function quickRange(choice: QuickRange, today: Date = new Date()): MonthRange {
  const { startDate, endDate } = defaultRange(today);
  if (choice === 'thisYear') return { fromMonth: monthOf(startDate), toMonth: monthOf(endDate) };
  if (choice === 'lastYear') {
    return { fromMonth: monthOf(shiftMonths(startDate, -12)), toMonth: monthOf(shiftMonths(endDate, -12)) };
  }
  // The twelve whole months before the current one: the current month is not over yet.
  const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  return { fromMonth: monthOf(shiftMonths(thisMonth, -12)), toMonth: monthOf(shiftMonths(thisMonth, -1)) };
}

/** Which quick choice a range is, if any (so its button shows as pressed). */
export function quickRangeOf(range: MonthRange, today: Date = new Date()): QuickRange | null {
  return (
    QUICK_RANGES.find((choice) => {
      const q = quickRange(choice, today);
      return q.fromMonth === range.fromMonth && q.toMonth === range.toMonth;
    }) ?? null
  );
}

/** The range in the URL (`?from=2025-01&to=2025-12`), or this year when missing or invalid. */
export function rangeFromParams(params: URLSearchParams, today: Date = new Date()): MonthRange {
  const from = params.get('from');
  const to = params.get('to');
  if (!isMonth(from) || !isMonth(to)) return quickRange('thisYear', today);
  // A reversed range is read the way the user most likely meant it.
  return from <= to ? { fromMonth: from, toMonth: to } : { fromMonth: to, toMonth: from };
}

/**
 * `compare` from the URL: 'previous', 'lastYear', 'budget' where the page offers it (the profit and
 * loss), or null (no comparison).
 */
export function compareFromParams(params: URLSearchParams, budget = false): ReportComparison | null {
  const value = params.get('compare');
  return value === 'previous' || value === 'lastYear' || (budget && value === 'budget') ? value : null;
}

/** New query parameters with the range and comparison set, other parameters kept. */
export function withReportParams(
  params: URLSearchParams,
  range: MonthRange,
  compare: ReportComparison | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('from', range.fromMonth);
  next.set('to', range.toMonth);
  if (compare) next.set('compare', compare);
  else next.delete('compare');
  return next;
}

/** The ISO dates the API and the SDK elements take: the first day of `fromMonth`, the last of `toMonth`. */
export function toDates(range: MonthRange): { from: string; to: string } {
  return { from: `${range.fromMonth}-01`, to: endOfMonth(`${range.toMonth}-01`) };
}

/** As shown on screen: 2025/01/01 – 2025/12/31. */
export function formatRange(range: MonthRange): string {
  const { from, to } = toDates(range);
  return `${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')}`;
}

/** A changed end of the range: the other end follows when it would be crossed. */
export function setRangeEnd(range: MonthRange, end: 'fromMonth' | 'toMonth', month: string): MonthRange {
  if (!isMonth(month)) return range;
  const next = { ...range, [end]: month };
  if (next.fromMonth > next.toMonth) {
    if (end === 'fromMonth') next.toMonth = month;
    else next.fromMonth = month;
  }
  return next;
}
