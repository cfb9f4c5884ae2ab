/**
 * Dates as people type them and as the product shows them (yyyy/mm/dd), for the date field and its
 * calendar. Pure, in UTC, so a day never shifts with the browser's time zone.
 */

const TYPED = /^(\d{4})[-/. ]?(\d{1,2})[-/. ]?(\d{1,2})$/;

/** A typed date, '2026/03/05', '2026-03-05', '2026.3.5' or '20260305', as ISO; null when it is no date. */
export function parseDate(text: string): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  // Without separators the month and day must be two digits each (20260305).
  if (/^\d+$/.test(text.trim()) && text.trim().length !== 8) return null;
  const iso = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isIsoDay(iso) ? iso : null;
}

/** Whether a string is a real day, yyyy-mm-dd. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** ISO as shown: '2026-03-05' → '2026/03/05'. */
export const showDate = (iso: string) => iso.replaceAll('-', '/');

/** A day moved by whole days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A day moved by whole months, the day kept where the month has it (31 January + 1 month: 28 February). */
export function addMonthsToDay(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Monday = 0 … Sunday = 6 (weeks start on Monday in Norway, and the calendar keeps that in English too). */
export const weekday = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The days a month's grid shows: whole weeks, Monday first, from the week of the 1st to the week of the last. */
export function monthGrid(month: string): string[][] {
  const first = `${month}-01`;
  const start = addDays(first, -weekday(first));
  const last = addDays(addMonthsToDay(first, 1), -1);
  const end = addDays(last, 6 - weekday(last));
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7))
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  return weeks;
}
