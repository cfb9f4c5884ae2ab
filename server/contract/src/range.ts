/**
 * The one rule for default date ranges, shared by the API, the SDK and the portal: the year runs
 * from 1 January to 31 December, and the default is the current one. Pure, no dependencies.
 */
export function defaultRange(today: Date = new Date()): { startDate: string; endDate: string } {
  const year = today.getFullYear();
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** Shifts an ISO date by whole months (clamping the day), e.g. for comparison periods. */
export function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, days));
  return first.toISOString().slice(0, 10);
}

/** The last day of the month of an ISO date. */
export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return `${date.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The period a report is compared with: the same number of months just before it ('previous'),
 * or the same dates a year earlier ('lastYear'). Whole-month periods stay whole months.
 */
export function comparisonRange(
  range: { startDate: string; endDate: string; months: readonly string[] },
  compare: 'previous' | 'lastYear',
): { startDate: string; endDate: string } {
  const shift = compare === 'lastYear' ? -12 : -range.months.length;
  const startDate = shiftMonths(range.startDate, shift);
  const wholeMonths = range.endDate === endOfMonth(range.endDate);
  const endDate = wholeMonths ? endOfMonth(shiftMonths(range.endDate, shift)) : shiftMonths(range.endDate, shift);
  return { startDate, endDate };
}
