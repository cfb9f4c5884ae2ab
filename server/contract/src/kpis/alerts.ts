/**
 * The words of an alert, in Norwegian and English, for the digest mail and the portal alike: what a
 * rule watches, how it compares, and what was met or why it cannot be said ('–'). The lists of metrics
 * and comparisons are here, below the schemas (../schemas/alerts.ts), which build on them.
 */
import { formatAmount, formatPercent, formatPeriod, type Lang, THOUSANDS_SEPARATOR } from '../numbers/format.ts';

/** What a rule watches: a month-summary figure of the board, the age of its data in days, or a failed last sync. */
export const ALERT_METRICS = [
  'revenue',
  'grossMargin',
  'operatingResult',
  'result',
  'cash',
  'equityRatio',
  'liquidityRatio1',
  'dataAgeDays',
  'syncFailed',
] as const;
/** How a rule compares (see schemas/alerts.ts alertComparison). */
export const ALERT_COMPARISONS = ['below', 'above', 'changeBelow', 'changeAbove'] as const;

type Metric = (typeof ALERT_METRICS)[number];
type Comparison = (typeof ALERT_COMPARISONS)[number];
type Reason = Comparison | 'syncFailed' | 'noData' | 'noBase' | 'noLastYear';

export const ALERT_METRIC_NAMES: Readonly<Record<Metric, { nor: string; en: string }>> = {
  revenue: { nor: 'Driftsinntekter', en: 'Revenue' },
  grossMargin: { nor: 'Bruttomargin', en: 'Gross margin' },
  operatingResult: { nor: 'Driftsresultat', en: 'Operating result' },
  result: { nor: 'Årsresultat', en: 'Result' },
  cash: { nor: 'Bankinnskudd og kontanter', en: 'Cash and bank' },
  equityRatio: { nor: 'Egenkapitalandel', en: 'Equity ratio' },
  liquidityRatio1: { nor: 'Likviditetsgrad 1', en: 'Liquidity ratio 1' },
  dataAgeDays: { nor: 'Dager siden siste synkronisering', en: 'Days since the last sync' },
  syncFailed: { nor: 'Siste synkronisering feilet', en: 'The last sync failed' },
};

export const ALERT_REASON_TEXTS: Readonly<Record<Reason, { nor: string; en: string }>> = {
  below: { nor: 'under', en: 'below' },
  above: { nor: 'over', en: 'above' },
  changeBelow: { nor: 'endring mot i fjor under', en: 'change against last year below' },
  changeAbove: { nor: 'endring mot i fjor over', en: 'change against last year above' },
  syncFailed: { nor: 'siste synkronisering feilet', en: 'the last sync failed' },
  noData: { nor: 'ingen bokførte måneder', en: 'no booked months' },
  noBase: { nor: 'grunnlaget er 0', en: 'its base is 0' },
  noLastYear: { nor: 'ingen tall for i fjor', en: 'no figures for last year' },
};

const PERCENT_METRICS: ReadonlySet<Metric> = new Set(['grossMargin', 'equityRatio']);

/** A value in the metric's unit: øre as whole kroner, a margin as percent, liquidity as a ratio, days as days; a change in percent or points. */
export function alertValueText(metric: Metric, comparison: Comparison, value: number, lang: Lang): string {
  if (comparison === 'changeBelow' || comparison === 'changeAbove') {
    if (metric === 'liquidityRatio1') return `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
    if (PERCENT_METRICS.has(metric)) return `${formatPercent(value, true)}${lang === 'en' ? ' points' : ' poeng'}`;
    return formatPercent(value, true);
  }
  if (metric === 'dataAgeDays') return `${value} ${lang === 'en' ? 'days' : 'dager'}`;
  if (metric === 'liquidityRatio1') return lang === 'en' ? value.toFixed(2) : value.toFixed(2).replace('.', ',');
  if (PERCENT_METRICS.has(metric)) return formatPercent(value);
  // Whole kroner by the one rule, as the portfolio's own figures beside it show them.
  return lang === 'en'
    ? `NOK${THOUSANDS_SEPARATOR}${formatAmount(value)}`
    : `${formatAmount(value)}${THOUSANDS_SEPARATOR}kr`;
}

/** An open alert in a line: 'Årsresultat under 0 kr: -50 000 kr (jun 2025)'. */
export function alertText(
  a: { metric: Metric; reason: Reason; value: number | null; threshold: number; period: string },
  lang: Lang,
): string {
  const name = ALERT_METRIC_NAMES[a.metric][lang];
  if (a.reason === 'syncFailed') return ALERT_METRIC_NAMES.syncFailed[lang];
  const words = ALERT_REASON_TEXTS[a.reason][lang];
  if (a.reason !== 'below' && a.reason !== 'above' && a.reason !== 'changeBelow' && a.reason !== 'changeAbove')
    return `${name}: – (${words})`;
  const threshold = alertValueText(a.metric, a.reason, a.threshold, lang);
  const value = a.value === null ? '–' : alertValueText(a.metric, a.reason, a.value, lang);
  // The period is a month (yyyy-mm) or a span of months (yyyy-mm..yyyy-mm): shown as the screen shows periods.
  const [from = '', to = from] = a.period?.split('..') ?? [];
  return `${name} ${words} ${threshold}: ${value}${a.period ? ` (${formatPeriod(from, to, lang)})` : ''}`;
}
