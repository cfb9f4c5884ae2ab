// A portfolio row from the month summaries of a board's sources: the period's flows summed over its
// months, balances as they stand at the end of its booked part, and the same for the comparison, by
// the statements' own rules (the booked part and the like-for-like comparison of @saldo/contract).

import type {
  AlertEvent,
  LocalizedText,
  PortfolioFigure,
  PortfolioFigureId,
  PortfolioRow,
  SyncStats,
} from '@saldo/contract';
import { type FigureId, figures as figureDefinitions, type KpiId } from '@saldo/contract/kpis/kpis';
import { changePercent } from '@saldo/contract/numbers/variance';
import { bookedPart, comparedRange } from '@saldo/contract/period/booked';
import { addMonths } from '@saldo/contract/period/period';
import { withSeverity, worst } from '@saldo/contract/sources/data-health';
import type { Period } from '../../http/period.ts';
import { type MonthSummary, SUMMARY_FIGURES, type SummaryFigure } from '../../ledger/month-summary.ts';
import type { SourceSummaries } from '../../ledger/month-summary-read.ts';
import { asImportWarning } from '../api-accounts/queries.ts';
import type { BudgetCell } from '../budgets/queries.ts';
import type { FigureReader } from '../kpis/compute.ts';
import { boardBudget, budgetFigures } from './budget-comparison.ts';
import { kpiColumn } from './kpi-columns.ts';
import { profitLossFigures } from './profit-loss-figures.ts';

const DAY_MS = 86_400_000;
/** A board not synced for this many days needs attention. */
export const STALE_AFTER_DAYS = 7;

export interface PortfolioBoard {
  id: string;
  name: string;
  role: string;
  tags: string[];
  responsible: { id: string; name: string } | null;
  sources: Array<{ id: string; number: string | null; lastSyncedAt: Date | null; stats: SyncStats | null }>;
}

/**
 * A board is as fresh as its stalest source: that source's last successful sync, and whole days since
 * it; both null when a source never synced (or the board has none).
 */
export function dataAge(sources: ReadonlyArray<{ lastSyncedAt: Date | null }>, now: number) {
  const synced = sources.map((s) => s.lastSyncedAt?.getTime());
  const stalest = synced.length > 0 && synced.every((t) => t !== undefined) ? Math.min(...(synced as number[])) : null;
  return { stalest, dataAgeDays: stalest === null ? null : Math.floor((now - stalest) / DAY_MS) };
}

export type Compare = 'previous' | 'lastYear' | 'budget';

/** Months from `first` to `last` (yyyy-mm), both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) out.push(m);
  return out;
}

const SUMMARISED: ReadonlySet<string> = new Set(SUMMARY_FIGURES);

/**
 * The board's summaries in one view: flows over months and balances at a month's end, summed over its
 * sources. It reads as the ledger's figures do (ledger/figures.ts), so the KPI library's formulas run
 * on it; only the figures a summary keeps can be read.
 */
export class BoardFigures implements FigureReader {
  /** Each month's rows of every source: a flow reads the months it asks for, never scans them all (the sparkline asks 24 times). */
  readonly #byMonth = new Map<string, MonthSummary[]>();

  constructor(private readonly sources: SourceSummaries[]) {
    for (const s of sources)
      for (const row of s.rows) {
        const rows = this.#byMonth.get(row.month);
        if (rows) rows.push(row);
        else this.#byMonth.set(row.month, [row]);
      }
  }

  #summarised(id: FigureId): SummaryFigure {
    if (!SUMMARISED.has(id)) throw new Error(`The month summary keeps no ${id}`);
    return id as SummaryFigure;
  }

  flow(id: FigureId, months: readonly string[]): number {
    const figure = this.#summarised(id);
    let sum = 0;
    // Each month once (a month named twice is not counted twice), without a Set per call: at 2 000
    // boards the flows' Sets and their iterators were a fifth of what a portfolio allocated.
    for (let i = 0; i < months.length; i++) {
      const rows = months.indexOf(months[i]!) === i ? this.#byMonth.get(months[i]!) : undefined;
      if (rows) for (let r = 0; r < rows.length; r++) sum += rows[r]![figure];
    }
    return sum;
  }

  /** What stands at the end of `month`: each source's latest row by then (its balances carry on). */
  balance(id: FigureId, month: string): number {
    const figure = this.#summarised(id);
    let sum = 0;
    for (const s of this.sources) {
      let at: MonthSummary | undefined;
      for (const row of s.rows) if (row.month <= month) at = row;
      if (at) sum += at[figure];
    }
    return sum;
  }

  over(id: FigureId, months: readonly string[]): number {
    return figureDefinitions[id].kind === 'flow' ? this.flow(id, months) : this.balance(id, months[months.length - 1]!);
  }

  /** Whether any source has a booked month among the months (a comparison over none has nothing to compare with). */
  covers(months: readonly string[]): boolean {
    const wanted = new Set(months);
    return this.sources.some((s) => s.rows.some((row) => row.booked && wanted.has(row.month)));
  }

  /** The period's figures: flows over its months, balances at its last month. */
  period(months: readonly string[]) {
    const end = months[months.length - 1]!;
    const equity = this.balance('equity', end);
    const totalAssets = this.balance('totalAssets', end);
    const currentAssets = this.balance('currentAssets', end);
    const shortTermDebt = this.balance('shortTermDebt', end);
    return {
      ...profitLossFigures((id) => this.flow(id, months)),
      cashAndBank: this.balance('cashAndBank', end),
      equityRatio: totalAssets === 0 ? null : (equity / totalAssets) * 100,
      liquidityRatio1: shortTermDebt === 0 ? null : currentAssets / shortTermDebt,
    } satisfies Record<PortfolioFigureId, number | null>;
  }
}

/** A row's months: its period's booked part, the comparison's range and months, and the sparkline's twelve. */
interface Calendar {
  bookedRange: ReturnType<typeof bookedPart>;
  compared: { startDate: string; endDate: string } | null;
  comparedMonths: string[] | null;
  months: string[];
}

/**
 * A row's months, made once per period, comparison and last booked month, and shared by the rows
 * alike: most boards of a firm are booked to the same month, and making the same month lists per
 * row was a tenth of a portfolio's time at 2 000 boards. Kept with the request's period object, so
 * they go when it does.
 */
const calendars = new WeakMap<Period, Map<string, Calendar>>();

function calendarOf(period: Period, compare: Compare, last: string | null): Calendar {
  const own = calendars.get(period) ?? new Map<string, Calendar>();
  if (own.size === 0) calendars.set(period, own);
  const key = `${compare}|${last}`;
  const known = own.get(key);
  if (known) return known;
  const compared = last === null || compare === 'budget' ? null : comparedRange(period, compare, last, 1);
  const end = period.months[period.months.length - 1]!;
  const made: Calendar = {
    bookedRange: bookedPart(period, last),
    compared,
    comparedMonths: compared && monthsBetween(compared.startDate.slice(0, 7), compared.endDate.slice(0, 7)),
    months: monthsBetween(addMonths(end, -11), end),
  };
  own.set(key, made);
  return made;
}

const RATIOS: ReadonlySet<PortfolioFigureId> = new Set(['grossMargin', 'equityRatio', 'liquidityRatio1']);

/**
 * An amount's change in percent by the one rule; a ratio's change is the difference (points for a
 * percent). `reason`: why the comparison is null (against the budget).
 */
function figure(
  id: PortfolioFigureId,
  value: number | null,
  comparison: number | null,
  reason: LocalizedText | null = null,
): PortfolioFigure {
  let change: number | null = null;
  if (value !== null && comparison !== null)
    change = RATIOS.has(id) ? value - comparison : changePercent(value, comparison, 'ore');
  return reason ? { value, comparison, change, comparisonReason: reason } : { value, comparison, change };
}

/**
 * The board's row for the period against the comparison: the months just before or a year earlier,
 * like for like with its booked months, or its budget over those booked months (`budget`: its budget
 * cells in the period, features/portfolio/budget-comparison.ts), as its own P&L compares.
 */
export function portfolioRow(
  board: PortfolioBoard,
  summaries: ReadonlyMap<string, SourceSummaries>,
  period: Period,
  compare: Compare,
  failed: ReadonlySet<string>,
  now: number,
  /** The board's open alerts (features/alerts). */
  alerts: readonly AlertEvent[] = [],
  /** The KPI columns asked for. */
  kpis: readonly KpiId[] = [],
  /** The board's budget cells in the period's months (compare 'budget'). */
  budget: readonly BudgetCell[] = [],
): Omit<PortfolioRow, 'positions'> {
  const own = board.sources.map((s) => summaries.get(s.id)).filter((s): s is SourceSummaries => s !== undefined);
  const last = own.reduce<string | null>((max, s) => (max === null || s.last > max ? s.last : max), null);
  const figures = new BoardFigures(own);
  const { bookedRange, compared, comparedMonths, months } = calendarOf(period, compare, last);
  const shown = bookedRange.months;
  const current = last === null ? null : figures.period(shown);
  const before = compared ? figures.period(comparedMonths!) : null;
  // The budget over the booked part of the period, as the board's P&L compares with it.
  const budgeted = compare === 'budget' ? boardBudget(budget, shown) : null;
  const budgetedFigures = budgeted && budgetFigures(budgeted);
  const ids = Object.keys(current ?? figures.period(shown)) as PortfolioFigureId[];
  const booked = (m: string) => last !== null && m <= last;
  const { stalest, dataAgeDays } = dataAge(board.sources, now);
  const severity = worst(withSeverity(board.sources.flatMap((s) => (s.stats?.warnings ?? []).map(asImportWarning))));
  const syncFailed = board.sources.some((s) => failed.has(s.id));
  return {
    groupId: board.id,
    name: board.name,
    orgNumbers: [...new Set(board.sources.map((s) => s.number).filter((n): n is string => !!n))],
    role: board.role,
    tags: board.tags,
    responsible: board.responsible,
    figures: Object.fromEntries(
      ids.map((id) => [
        id,
        budgetedFigures
          ? figure(id, current?.[id] ?? null, budgetedFigures[id].value, budgetedFigures[id].reason)
          : figure(id, current?.[id] ?? null, before?.[id] ?? null),
      ]),
    ) as Record<PortfolioFigureId, PortfolioFigure>,
    kpis: Object.fromEntries(
      kpis.map((id) => [id, kpiColumn(id, last === null ? null : figures, shown, budgeted ?? comparedMonths)]),
    ),
    comparisonPeriod: budgeted ? { startDate: bookedRange.startDate, endDate: bookedRange.endDate } : compared,
    sparkline: {
      months,
      revenue: months.map((m) => (booked(m) ? figures.flow('revenue', [m]) : null)),
      result: months.map((m) => (booked(m) ? figures.flow('result', [m]) : null)),
    },
    lastBookedMonth: last,
    lastSyncedAt: stalest === null ? null : new Date(stalest).toISOString(),
    dataAgeDays,
    syncFailed,
    severity,
    alerts: alerts.map((a) => ({
      ruleId: a.ruleId,
      ruleName: a.ruleName,
      metric: a.metric,
      reason: a.reason,
      value: a.value,
      threshold: a.threshold,
      period: a.period,
    })),
    needsAttention:
      syncFailed || severity === 'error' || dataAgeDays === null || dataAgeDays > STALE_AFTER_DAYS || alerts.length > 0,
  };
}
