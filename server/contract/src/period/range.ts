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
 * The period a statement is compared with for 'yearEnd' (the usual Norwegian statements: this period
 * end beside last year's end): the whole fiscal year before the one that holds the period's end. With
 * a fiscal year starting in month `fiscalYearStart` (1–12; anything else is the calendar year), an end
 * of 2020-11-30 and a calendar year give 2019-01-01 – 2019-12-31; 2021-03-31 with July gives
 * 2019-07-01 – 2020-06-30; 2021-07-31 with July (its first month) gives 2020-07-01 – 2021-06-30. A
 * balance sheet shows that year's last day; a P&L or cash flow that year's totals.
 */
export function yearEndRange(periodEnd: string, fiscalYearStart: number): { startDate: string; endDate: string } {
  const start =
    Number.isInteger(fiscalYearStart) && fiscalYearStart >= 1 && fiscalYearStart <= 12 ? fiscalYearStart : 1;
  const year = Number(periodEnd.slice(0, 4)) - (Number(periodEnd.slice(5, 7)) < start ? 1 : 0);
  // The fiscal year holding the end starts on the 1st of `start` in `year`; the one before, a year earlier.
  const startDate = `${String(year - 1).padStart(4, '0')}-${String(start).padStart(2, '0')}-01`;
  return { startDate, endDate: endOfMonth(shiftMonths(startDate, 11)) };
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
