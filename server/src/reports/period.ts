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

/**
 * Parses an ISO date range of at most ten years; reports and widgets share it. The one period rule:
 * a range counts as the whole months it touches (`months`), in every report, widget, drill-down,
 * export and the assistant's context, so they agree for any range; 1–28 October is October.
 */
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
