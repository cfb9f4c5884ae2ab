import { type MessageKey, type SaldoLang, t } from '../core/i18n';

/** One line of a chart, as the summary reads it. */
export interface SummarySeries {
  label: string;
  /** One value per x label; null is a gap (a month not yet booked). */
  values: Array<number | null>;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * The words a screen reader gets for a chart (WCAG 1.1.1): per series where it starts and ends and
 * its highest and lowest point, each with its x label. The figures themselves are in the chart's
 * table beside it.
 */
export function chartSummary(
  lang: SaldoLang,
  labels: readonly string[],
  series: readonly SummarySeries[],
  format: (value: number) => string,
): string {
  const key: MessageKey = 'chartSeriesSummary';
  return series
    .map((s) => {
      const points = s.values
        .map((value, i) => ({ value, label: labels[i] ?? '' }))
        .filter((p): p is { value: number; label: string } => p.value !== null);
      if (points.length === 0) return `${s.label}: ${t(lang, 'empty')}.`;
      const first = points[0]!;
      const last = points[points.length - 1]!;
      const max = points.reduce((a, b) => (b.value > a.value ? b : a));
      const min = points.reduce((a, b) => (b.value < a.value ? b : a));
      return fill(t(lang, key), {
        series: s.label,
        first: format(first.value),
        firstLabel: first.label,
        last: format(last.value),
        lastLabel: last.label,
        max: format(max.value),
        maxLabel: max.label,
        min: format(min.value),
        minLabel: min.label,
      });
    })
    .join(' ');
}
