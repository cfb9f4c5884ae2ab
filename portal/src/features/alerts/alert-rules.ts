// The alerts page's rules, kept apart from React so they are tested alone: the form's draft to a
// rule's body and back.

import type { AlertComparison, AlertMetric, AlertPeriod, AlertRule, AlertRuleBody } from '@saldo/contract';
import { ALERT_METRICS } from '@saldo/contract/kpis/alerts';

export const METRICS: readonly AlertMetric[] = ALERT_METRICS;

/** Amounts are øre in the API and kroner in the form. */
export const AMOUNT_METRICS: ReadonlySet<AlertMetric> = new Set(['revenue', 'operatingResult', 'result', 'cash']);

/** The comparisons a metric takes: the data's age and a failed sync compare with a value only. */
export const comparisonsOf = (metric: AlertMetric): AlertComparison[] =>
  metric === 'dataAgeDays' || metric === 'syncFailed'
    ? ['below', 'above']
    : ['below', 'above', 'changeBelow', 'changeAbove'];

export interface Draft {
  name: string;
  metric: AlertMetric;
  comparison: AlertComparison;
  /** As typed: kroner for an amount (below/above), else the unit itself; a decimal comma is fine. */
  threshold: string;
  period: AlertPeriod;
  scope: 'all' | 'tag' | 'board';
  tag: string;
  groupId: string;
}

export const EMPTY_DRAFT: Draft = {
  name: '',
  metric: 'result',
  comparison: 'below',
  threshold: '0',
  period: 'lastMonth',
  scope: 'all',
  tag: '',
  groupId: '',
};

const inKroner = (d: Pick<Draft, 'metric' | 'comparison'>) =>
  AMOUNT_METRICS.has(d.metric) && (d.comparison === 'below' || d.comparison === 'above');

/** The body a draft makes, or null when its threshold is no number. */
export function bodyOf(d: Draft): AlertRuleBody | null {
  const n = Number(d.threshold.replace(/\s/g, '').replace(',', '.'));
  if (d.threshold.trim() === '' || !Number.isFinite(n)) return null;
  const scope =
    d.scope === 'board'
      ? { kind: 'board' as const, groupId: d.groupId }
      : d.scope === 'tag'
        ? { kind: 'tag' as const, tag: d.tag.trim() }
        : { kind: 'all' as const };
  return {
    name: d.name.trim(),
    metric: d.metric,
    comparison: comparisonsOf(d.metric).includes(d.comparison) ? d.comparison : 'below',
    threshold: inKroner(d) ? Math.round(n * 100) : n,
    period: d.period,
    scope,
  };
}

/** A rule back into the form. */
export function draftOf(r: AlertRule): Draft {
  return {
    name: r.name,
    metric: r.metric,
    comparison: r.comparison,
    threshold: String(inKroner(r) ? r.threshold / 100 : r.threshold),
    period: r.period,
    scope: r.scope.kind,
    tag: r.scope.kind === 'tag' ? r.scope.tag : '',
    groupId: r.scope.kind === 'board' ? r.scope.groupId : '',
  };
}
