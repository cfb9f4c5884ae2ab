import { and, between, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { lastDayOf, type Period, splitByMonth } from '../../reports/period.ts';

/**
 * The one rule for which postings (or vouchers) a range holds: those whose period month is in it.
 * In a month the range covers only in part, a posting counts on its date, and one dated outside its
 * period month on that month's first or last day, whichever side of the month its date lies: so the
 * days of every month add up to the month, and the months to the range, for any range.
 */
export function inPeriod(
  periodColumn: SQLiteColumn,
  dateColumn: SQLiteColumn,
  range: Pick<Period, 'startDate' | 'endDate' | 'months'>,
): SQL {
  const { whole, days } = splitByMonth(range);
  const parts: (SQL | undefined)[] = [];
  if (whole) parts.push(between(periodColumn, whole.first, whole.last));
  for (const d of days) {
    const month = d.from.slice(0, 7);
    parts.push(
      and(
        eq(periodColumn, month),
        d.from === `${month}-01` ? undefined : gte(dateColumn, d.from),
        d.to === lastDayOf(month) ? undefined : lte(dateColumn, d.to),
      ),
    );
  }
  return or(...parts)!;
}
