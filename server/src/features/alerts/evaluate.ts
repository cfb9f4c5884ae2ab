// What an alert rule says of one board, from the board's month summaries and its sync state only (never
// the ledger): a pure function, so the sync's hook (after-sync.ts), the rules' list and the tests share it.

import type { AlertComparison, AlertMetric, AlertPeriod, AlertReason, AlertState } from '@saldo/contract';
import { changePercent } from '@saldo/contract/numbers/variance';
import { addMonths } from '@saldo/contract/period/period';
import type { alertRuleBody } from '@saldo/contract/schemas/alerts';
import type { z } from 'zod';
import type { MonthSummary, SummaryFigure } from '../../ledger/month-summary.ts';
import type { SourceSummaries } from '../../ledger/month-summary-read.ts';

/** A rule as a request gives it (after its schema's defaults). */
export type AlertRuleBody = z.output<typeof alertRuleBody>;

export interface RuleToEvaluate {
  metric: AlertMetric;
  comparison: AlertComparison;
  threshold: number;
  period: AlertPeriod;
}

/** What a board offers an evaluation: its sources' summaries (all their months) and its sync state. */
export interface BoardFacts {
  summaries: readonly SourceSummaries[];
  /** Whole days since the stalest source's last successful sync; null when one never synced. */
  dataAgeDays: number | null;
  /** Whether a source's last sync failed. */
  syncFailed: boolean;
}

export interface Evaluation {
  state: AlertState;
  /** The value compared: the metric's own, or its change for a change rule; null when unknown. */
  value: number | null;
  /** yyyy-mm, or yyyy-mm..yyyy-mm; null for a rule on sync state. */
  period: string | null;
  /** What was met (met), or why it cannot be said (unknown); null when quiet. */
  reason: AlertReason | null;
}

/** The ratios: a change of one is the difference in points (percent) or in the ratio, not a percentage. */
const RATIOS: ReadonlySet<AlertMetric> = new Set(['grossMargin', 'equityRatio', 'liquidityRatio1']);
const FLOWS: Readonly<Partial<Record<AlertMetric, SummaryFigure>>> = {
  revenue: 'revenue',
  operatingResult: 'operatingResult',
  result: 'result',
};

const unknown = (reason: AlertReason, period: string | null = null): Evaluation => ({
  state: 'unknown',
  value: null,
  period,
  reason,
});

/** The months of a rule's period that ends at `last`: the month itself, or January of its year to it. */
export function periodMonths(period: AlertPeriod, last: string): string[] {
  const first = period === 'lastMonth' ? last : `${last.slice(0, 4)}-01`;
  const out: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) out.push(m);
  return out;
}

/**
 * The board's figure over the months, summed over its sources: a flow over the months, a balance as it
 * stands at their last, a ratio from both. Null when no source has a month in them (for a balance: at or
 * before their end), or a ratio's base is 0 — 'noData' or 'noBase'.
 */
export function figureOver(
  metric: Exclude<AlertMetric, 'dataAgeDays' | 'syncFailed'>,
  sources: readonly SourceSummaries[],
  months: readonly string[],
): { value: number } | { missing: 'noData' | 'noBase' } {
  const wanted = new Set(months);
  const end = months[months.length - 1]!;
  const covered = sources.some((s) => s.rows.some((r) => wanted.has(r.month)));
  if (!covered) return { missing: 'noData' };
  const flow = (id: SummaryFigure) => {
    let sum = 0;
    for (const s of sources) for (const r of s.rows) if (wanted.has(r.month)) sum += r[id];
    return sum;
  };
  const balance = (id: SummaryFigure) => {
    let sum = 0;
    for (const s of sources) {
      let at: MonthSummary | undefined;
      for (const r of s.rows) if (r.month <= end) at = r;
      if (at) sum += at[id];
    }
    return sum;
  };
  const ratio = (over: number, base: number, times: number) =>
    base === 0 ? { missing: 'noBase' as const } : { value: (over / base) * times };
  const flowId = FLOWS[metric];
  if (flowId) return { value: flow(flowId) };
  switch (metric) {
    case 'cash':
      return { value: balance('cashAndBank') };
    case 'grossMargin':
      return ratio(flow('grossProfit'), flow('revenue'), 100);
    case 'equityRatio':
      return ratio(balance('equity'), balance('totalAssets'), 100);
    default:
      return ratio(balance('currentAssets'), balance('shortTermDebt'), 1);
  }
}

/** Strictly beyond the threshold: a value exactly at it does not alert. */
const beyond = (comparison: AlertComparison, value: number, threshold: number) =>
  comparison === 'below' || comparison === 'changeBelow' ? value < threshold : value > threshold;

const judged = (rule: RuleToEvaluate, value: number, period: string | null): Evaluation =>
  beyond(rule.comparison, value, rule.threshold)
    ? { state: 'met', value, period, reason: rule.comparison }
    : { state: 'quiet', value, period, reason: null };

/** What the rule says of the board now. A figure the board cannot compute is 'unknown' with its reason, never an alert. */
export function evaluateRule(rule: RuleToEvaluate, board: BoardFacts): Evaluation {
  if (rule.metric === 'syncFailed')
    return board.syncFailed
      ? { state: 'met', value: 1, period: null, reason: 'syncFailed' }
      : { state: 'quiet', value: 0, period: null, reason: null };
  if (rule.metric === 'dataAgeDays')
    return board.dataAgeDays === null ? unknown('noData') : judged(rule, board.dataAgeDays, null);
  const last = board.summaries.reduce<string | null>((max, s) => (max === null || s.last > max ? s.last : max), null);
  if (last === null) return unknown('noData');
  const months = periodMonths(rule.period, last);
  const period = months.length === 1 ? last : `${months[0]}..${last}`;
  const now = figureOver(rule.metric, board.summaries, months);
  if ('missing' in now) return unknown(now.missing, period);
  if (rule.comparison === 'below' || rule.comparison === 'above') return judged(rule, now.value, period);
  const before = figureOver(
    rule.metric,
    board.summaries,
    months.map((m) => addMonths(m, -12)),
  );
  if ('missing' in before) return unknown(before.missing === 'noData' ? 'noLastYear' : 'noBase', period);
  const change = RATIOS.has(rule.metric)
    ? now.value - before.value
    : changePercent(Math.round(now.value), Math.round(before.value), 'ore');
  return change === null ? unknown('noBase', period) : judged(rule, change, period);
}
