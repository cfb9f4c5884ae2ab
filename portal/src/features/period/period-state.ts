import type { BoardPeriods, Comparison, ReportComparison } from '@saldo/contract';
import {
  isMonth,
  kindOfSpan,
  type MonthSpan,
  monthOfDate,
  type PeriodChoice,
  type PeriodContext,
  periodParams,
  readPeriodParams,
  resolvePeriod,
  spanDates,
} from '@saldo/contract/period/period';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSync } from '../sync/sync-context';
import { boardPeriodsQuery } from './queries';

/**
 * Everything a period can be compared with: another period, or (the statements only) last year's end
 * and, where the board has one, the board's budget. Each has its text under `period.comparisons`.
 */
export const ALL_COMPARISONS = [
  'previous',
  'lastYear',
  'yearEnd',
  'budget',
] as const satisfies readonly ReportComparison[];
export type PeriodComparison = (typeof ALL_COMPARISONS)[number];

/** What every page offers: another period. */
export const COMPARISONS: readonly Comparison[] = ['previous', 'lastYear'];

/** `compare` from the address, if it is one the page offers; else no comparison. */
export function readCompare<C extends PeriodComparison = Comparison>(
  params: URLSearchParams,
  offered: readonly C[] = COMPARISONS as readonly C[],
): C | null {
  const value = params.get('compare');
  return offered.find((c) => c === value) ?? null;
}

/**
 * The period in the address (`period`, `from`, `to`; contract's readPeriodParams). An older link's
 * `year=2025` (the dashboard's year select) still opens that year.
 */
export function readChoice(params: URLSearchParams, fiscalYearStart: number): PeriodChoice {
  const year = params.get('year');
  if (!params.has('period') && !params.has('from') && year && /^\d{4}$/.test(year)) {
    const span = { from: `${year}-01`, to: `${year}-12` };
    if (isMonth(span.from)) return { kind: kindOfSpan(span, fiscalYearStart), ...span };
  }
  return readPeriodParams((name) => params.get(name), fiscalYearStart);
}

/** New address parameters with the period and comparison set, every other parameter kept. */
export function withPeriod(
  params: URLSearchParams,
  choice: PeriodChoice,
  compare: PeriodComparison | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['period', 'from', 'to', 'year', 'compare']) next.delete(name);
  for (const [name, value] of Object.entries(periodParams(choice))) next.set(name, value);
  if (compare) next.set('compare', compare);
  return next;
}

export interface PeriodState<C extends PeriodComparison = Comparison> {
  choice: PeriodChoice;
  /** The whole months shown. */
  span: MonthSpan;
  /** The ISO dates the API and the SDK's elements take. */
  from: string;
  to: string;
  compare: C | null;
  /** The board's booked months and fiscal year, once known. */
  periods: BoardPeriods | undefined;
  context: PeriodContext;
  /**
   * False while a relative period (year to date, rolling 12 months) waits for the board's last booked
   * month: showing it earlier would fetch every figure twice, first up to today.
   */
  ready: boolean;
  setChoice: (choice: PeriodChoice) => void;
  setCompare: (compare: C | null) => void;
}

/**
 * The one period of the dashboard, the reports, sharing and exports: kept in the address (so a reload or
 * a link keeps it) and resolved against the board's booked months and fiscal year. The default is
 * this year to date, up to the last booked month.
 */
export function usePeriod<C extends PeriodComparison = Comparison>(
  boardId: string | undefined,
  offered: readonly C[] = COMPARISONS as readonly C[],
  today: Date = new Date(),
  /** The board's periods where the page has them already (a public link's visitor may not ask the API). */
  known?: BoardPeriods,
): PeriodState<C> {
  const [params, setParams] = useSearchParams();
  const query = useQuery({ ...boardPeriodsQuery(boardId ?? ''), enabled: !!boardId && !known });
  const { refetch } = query;

  // A sync can book a new month: year to date then ends there.
  const completions = useSync().view.completions;
  const seen = useRef(completions);
  useEffect(() => {
    if (completions === seen.current) return;
    seen.current = completions;
    if (boardId && !known) void refetch();
  }, [completions, boardId, known, refetch]);

  const periods = known ?? query.data;
  const fiscalYearStart = periods?.fiscalYearStart ?? 1;
  const thisMonth = monthOfDate(today);
  const context = useMemo<PeriodContext>(
    () => ({
      lastBookedMonth: periods ? periods.lastBookedMonth : undefined,
      fiscalYearStart,
      today: thisMonth,
    }),
    [periods, fiscalYearStart, thisMonth],
  );
  const choice = readChoice(params, fiscalYearStart);
  const span = resolvePeriod(choice, context);
  const { startDate, endDate } = spanDates(span);
  const compare = readCompare(params, offered);
  const relative = choice.kind === 'ytd' || choice.kind === 'rolling12';

  const paramsRef = useRef(params);
  paramsRef.current = params;
  const setChoice = useCallback(
    (next: PeriodChoice) =>
      setParams(withPeriod(paramsRef.current, next, readCompare(paramsRef.current, offered)), { replace: true }),
    [setParams, offered],
  );
  const setCompare = useCallback(
    (next: C | null) => {
      const current = paramsRef.current;
      setParams(withPeriod(current, readChoice(current, fiscalYearStart), next), { replace: true });
    },
    [setParams, fiscalYearStart],
  );

  return {
    choice,
    span,
    from: startDate,
    to: endDate,
    compare,
    periods,
    context,
    ready: !boardId || !relative || known !== undefined || !query.isPending,
    setChoice,
    setCompare,
  };
}
