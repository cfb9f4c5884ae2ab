import { ApiError } from '../http/errors.ts';

export interface Period {
  startDate: string;
  endDate: string;
  /** Every month the period touches, yyyy-mm, in order. */
  months: string[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isValidDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Parses an ISO date range of at most ten years; reports and widgets share it. */
export function parsePeriod(startDate: string, endDate: string): Period {
  if (!isValidDate(startDate) || !isValidDate(endDate) || startDate > endDate) throw new ApiError('INVALID_DATE_RANGE');
  const months: string[] = [];
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) break;
    if (months.length > 120) throw new ApiError('INVALID_DATE_RANGE');
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return { startDate, endDate, months };
}

export const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * A period as the whole months it covers (read from monthly sums) and the days at its ends that
 * are not a whole month (read from postings): 2026-01-15..2026-04-30 is 2026-02..2026-04 plus
 * 2026-01-15..2026-01-31.
 */
export function splitByMonth(period: Pick<Period, 'startDate' | 'endDate' | 'months'>): {
  whole: { first: string; last: string } | null;
  days: Array<{ from: string; to: string }>;
} {
  const first = period.months[0]!;
  const last = period.months[period.months.length - 1]!;
  const startsWhole = period.startDate === `${first}-01`;
  const endsWhole = period.endDate === lastDayOf(last);
  if (first === last) {
    return startsWhole && endsWhole
      ? { whole: { first, last }, days: [] }
      : { whole: null, days: [{ from: period.startDate, to: period.endDate }] };
  }
  const inner = period.months.slice(startsWhole ? 0 : 1, endsWhole ? undefined : -1);
  const days: Array<{ from: string; to: string }> = [];
  if (!startsWhole) days.push({ from: period.startDate, to: lastDayOf(first) });
  if (!endsWhole) days.push({ from: `${last}-01`, to: period.endDate });
  return { whole: inner.length ? { first: inner[0]!, last: inner[inner.length - 1]! } : null, days };
}
