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
 * Reads an ISO date range of at most ten years (null when it is not one); reports and widgets share it. The one period rule:
 * a range counts as the whole months it touches (`months`), in every report, widget, drill-down,
 * export and the assistant's context, so they agree for any range; 1–28 October is October.
 */
export function readPeriod(startDate: string, endDate: string): Period | null {
  if (!isValidDate(startDate) || !isValidDate(endDate) || startDate > endDate) return null;
  const months: string[] = [];
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) break;
    if (months.length > 120) return null;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return { startDate, endDate, months };
}

// ---------------------------------------------------------------------------------------------
// The period control's choices (portal, share, export). Pure month arithmetic on yyyy-mm strings, so
// the portal, the server's tests and any partner resolve a choice alike.

/** Whole months from `from` to `to` (yyyy-mm), both included. */
export interface MonthSpan {
  from: string;
  to: string;
}

/**
 * A chosen period. Year to date and rolling 12 months are relative: they follow the books as they are
 * booked (a reload next month shows one month more). The others are fixed months; custom is any range.
 */
export type PeriodChoice = { kind: 'ytd' } | { kind: 'rolling12' } | ({ kind: FixedPeriodKind } & MonthSpan);

export type FixedPeriodKind = 'month' | 'quarter' | 'year' | 'fiscalYear' | 'custom';
export type PeriodKind = PeriodChoice['kind'];

/** What a relative period is measured from. */
export interface PeriodContext {
  /** The board's last booked month (yyyy-mm); null when it has no postings, undefined while not known. */
  lastBookedMonth: string | null | undefined;
  /** The month (1–12) the board's fiscal year starts in; 1 is the calendar year. */
  fiscalYearStart: number;
  /** This month, yyyy-mm. */
  today: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether a string is a month, yyyy-mm (years 1900–2999). */
export function isMonth(value: string | null | undefined): value is string {
  return !!value && MONTH.test(value) && value >= '1900-01' && value < '3000-01';
}

/** A month moved by whole months: ('2026-01', -1) → '2025-12'. */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many months a span holds. */
export function spanLength(span: MonthSpan): number {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return index(span.to) - index(span.from) + 1;
}

/** The month of a date, yyyy-mm, in the runtime's own time zone (the user's today). */
export const monthOfDate = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/**
 * The month relative periods end in: the last booked month, so "year to date" means "up to the last
 * booked month" (a board over a 2017 file shows 2017); this month while nothing is booked or known.
 */
export function anchorMonth(ctx: PeriodContext): string {
  return isMonth(ctx.lastBookedMonth) ? ctx.lastBookedMonth : ctx.today;
}

const fiscalStart = (start: number) => (Number.isInteger(start) && start >= 1 && start <= 12 ? start : 1);

/** The fiscal year that holds a month: July–June for a fiscal year starting in July (7). */
export function fiscalYearOf(month: string, start: number): MonthSpan {
  const s = fiscalStart(start);
  const year = Number(month.slice(0, 4)) - (Number(month.slice(5, 7)) < s ? 1 : 0);
  const from = `${String(year).padStart(4, '0')}-${String(s).padStart(2, '0')}`;
  return { from, to: addMonths(from, 11) };
}

/** The calendar quarter that holds a month. */
export function quarterOf(month: string): MonthSpan {
  const first = Math.floor((Number(month.slice(5, 7)) - 1) / 3) * 3 + 1;
  const from = `${month.slice(0, 4)}-${String(first).padStart(2, '0')}`;
  return { from, to: addMonths(from, 2) };
}

/** The calendar year that holds a month. */
export const yearOf = (month: string): MonthSpan => ({
  from: `${month.slice(0, 4)}-01`,
  to: `${month.slice(0, 4)}-12`,
});

/**
 * The months of a choice. Year to date runs from the start of the fiscal year (1 January for a
 * calendar year) to the anchor month; rolling 12 months are the twelve months ending with it.
 */
export function resolvePeriod(choice: PeriodChoice, ctx: PeriodContext): MonthSpan {
  if (choice.kind === 'ytd') {
    const to = anchorMonth(ctx);
    return { from: fiscalYearOf(to, ctx.fiscalYearStart).from, to };
  }
  if (choice.kind === 'rolling12') {
    const to = anchorMonth(ctx);
    return { from: addMonths(to, -11), to };
  }
  return { from: choice.from, to: choice.to };
}

/** What fixed months are: one month, a calendar quarter or year, the fiscal year, or a custom range. */
export function kindOfSpan(span: MonthSpan, fiscalYearStartMonth: number): FixedPeriodKind {
  const length = spanLength(span);
  const same = (other: MonthSpan) => other.from === span.from && other.to === span.to;
  if (length === 1) return 'month';
  if (length === 3 && same(quarterOf(span.from))) return 'quarter';
  if (same(yearOf(span.from))) return 'year';
  if (same(fiscalYearOf(span.from, fiscalYearStartMonth))) return 'fiscalYear';
  return 'custom';
}

/** The ISO dates the API takes for whole months: the first day of `from`, the last of `to`. */
export function spanDates(span: MonthSpan): { startDate: string; endDate: string } {
  const next = addMonths(span.to, 1);
  const last = new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, 0));
  return { startDate: `${span.from}-01`, endDate: last.toISOString().slice(0, 10) };
}

/** The longest period a choice may span: the API's ten years. */
export const MAX_PERIOD_MONTHS = 120;

/**
 * A period as the address keeps it, so a reload or a shared link shows the same: `period=ytd` or
 * `period=rolling12` for the relative ones, `from` and `to` months (yyyy-mm) for fixed months (their
 * kind follows from them). Anything else, or nothing, is the default: year to date.
 */
export function readPeriodParams(get: (name: string) => string | null, fiscalYearStartMonth: number): PeriodChoice {
  const period = get('period');
  if (period === 'ytd' || period === 'rolling12') return { kind: period };
  const from = get('from');
  const to = get('to');
  if (!isMonth(from) || !isMonth(to)) return { kind: 'ytd' };
  // A reversed range is read the way it was most likely meant.
  const span = from <= to ? { from, to } : { from: to, to: from };
  if (spanLength(span) > MAX_PERIOD_MONTHS) return { kind: 'ytd' };
  return { kind: kindOfSpan(span, fiscalYearStartMonth), ...span };
}

/** The address parameters of a choice (see readPeriodParams); the default writes none. */
export function periodParams(choice: PeriodChoice): Record<string, string> {
  if (choice.kind === 'ytd') return {};
  if (choice.kind === 'rolling12') return { period: 'rolling12' };
  return { from: choice.from, to: choice.to };
}

/**
 * The years a board can be shown for: each calendar year from its first to its last booked month (this
 * year when nothing is booked), newest first; with a fiscal year that starts in another month, each
 * fiscal year touching them too.
 */
export function periodYears(
  booked: { firstBookedMonth: string | null; lastBookedMonth: string | null },
  ctx: Pick<PeriodContext, 'fiscalYearStart' | 'today'>,
): { years: MonthSpan[]; fiscalYears: MonthSpan[] } {
  const first = isMonth(booked.firstBookedMonth) ? booked.firstBookedMonth : ctx.today;
  const last = isMonth(booked.lastBookedMonth) ? booked.lastBookedMonth : ctx.today;
  const [low, high] = first <= last ? [first, last] : [last, first];
  const years: MonthSpan[] = [];
  for (let y = Number(high.slice(0, 4)); y >= Number(low.slice(0, 4)); y--) years.push(yearOf(`${y}-01`));
  const fiscalYears: MonthSpan[] = [];
  if (fiscalStart(ctx.fiscalYearStart) !== 1) {
    for (
      let fy = fiscalYearOf(high, ctx.fiscalYearStart);
      fy.to >= low;
      fy = fiscalYearOf(addMonths(fy.from, -1), ctx.fiscalYearStart)
    )
      fiscalYears.push(fy);
  }
  return { years, fiscalYears };
}
