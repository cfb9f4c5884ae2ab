/** @jsxImportSource preact */
import { type ChartSeries, ChartView } from '../charts/chart-view';
import { formatMonth } from '../core/format';
import { type SaldoLang, t } from '../core/i18n';
import { StatusView } from '../core/status-view';
import type { WidgetState } from '../core/types';
import type { SaldoElement } from '../core/widget-element';
import { type Column, DataTable } from './data-table';

/** A figure under the headline (e.g. last year, change). `tone` colours it. */
export interface Stat {
  label: string;
  value: string;
  tone?: 'positive' | 'negative' | undefined;
  /** Where the figure has postings behind it (a KPI's comparison period): what clicking it drills into. */
  drill?: (() => void) | undefined;
}

/** What a metric widget shows once its data is there. */
export interface Metric {
  /** The headline figure, already formatted, and what it is. */
  value: string;
  label: string;
  stats: Stat[];
  /** A remark under the figures (e.g. how the figure was estimated). */
  note?: string | undefined;
  /** How the figure is made (a KPI's formula) and its inputs with their values for the period. */
  formula?: { text: string; parts: Array<{ label: string; value: string }> } | undefined;
  /** yyyy-mm per chart position. */
  months: string[];
  /**
   * One series per line (the first drawn as bars when `bars`), each as long as `months`; `tableOnly`
   * is a column of the months table the chart leaves out (a change beside two series).
   */
  series: Array<ChartSeries & { values: Array<number | null>; tableOnly?: boolean }>;
  /** Formats the series' values (chart tooltip and months table). */
  format: (value: number) => string;
  /**
   * Per month: false when it is not yet booked (after the board's last booked month). Such a month is
   * a gap in the chart and reads "not yet booked" in the table, never 0. Absent: every month is booked.
   */
  booked?: boolean[] | undefined;
  bars?: boolean;
  /**
   * Where the figures have postings behind them (a sum of accounts): what clicking the headline figure
   * (the period) or a booked month's row drills into.
   */
  drill?: { period: () => void; month: (month: string) => void } | undefined;
}

export interface MetricViewProps {
  title: string;
  state: WidgetState<unknown>;
  lang: SaldoLang;
  theme?: string | undefined;
  /** Built from the data by the widget's own view; only read in the data state. */
  metric?: Metric | undefined;
}

/** tone for a signed change: positive green, negative red, zero plain. */
export const toneOf = (n: number | null | undefined) =>
  n ? (n > 0 ? ('positive' as const) : ('negative' as const)) : undefined;

/**
 * The shared "big number + sparkline" of turnover, MRR, employees and custom widgets: the
 * headline figure, a few figures beside it, a small chart and the months behind it as a table
 * (folded away; it is also the chart's text alternative).
 */
export function MetricView({ title, state, lang, theme, metric }: MetricViewProps) {
  return (
    <section part="container">
      <h2 class="title" part="title">
        {title}
      </h2>
      {state.status === 'data' && metric ? (
        <MetricBody metric={metric} lang={lang} theme={theme} />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}

/** What a metric element hands its view: its state, its language, view="comparison" and its theme. */
export function metricProps<T>(el: Pick<SaldoElement<T>, 'state' | 'view' | 'theme'>, lang: SaldoLang) {
  return { state: el.state, lang, comparison: el.view === 'comparison', theme: el.theme };
}

/** The series as the chart draws them: a month not yet booked is null, which uPlot draws as a gap. */
export function chartSeries(metric: Metric): Metric['series'] {
  return metric.series.map((s) => ({
    ...s,
    values: s.values.map((v, i) => (metric.booked?.[i] === false ? null : v)),
  }));
}

/**
 * A month's row, or its point or bar in the chart, clicked: that month's drill-down. A month not yet
 * booked has no figure (a gap in the chart), so nothing to drill into.
 */
export function drillMonth(metric: Metric, index: number): void {
  const month = metric.months[index];
  if (month !== undefined && metric.booked?.[index] !== false) metric.drill?.month(month);
}

function MetricBody({ metric, lang, theme }: { metric: Metric; lang: SaldoLang; theme?: string | undefined }) {
  const { months, format } = metric;
  const booked = (i: number) => metric.booked?.[i] !== false;
  const series = chartSeries(metric);
  const drawn = series.filter((s) => !s.tableOnly);
  const labels = months.map((m) => formatMonth(m, lang));
  const notBooked = (
    <span class="muted" part="not-booked">
      {t(lang, 'notBooked')}
    </span>
  );
  const columns: Column<number>[] = [
    { label: t(lang, 'month'), cell: (i) => labels[i] },
    ...series.map(
      (s): Column<number> => ({
        label: s.label,
        cell: (i) => (booked(i) ? (s.values[i] ?? '–') : notBooked),
        format,
      }),
    ),
  ];
  return (
    <>
      <div class="metric">
        <div class="figure" part="value">
          {metric.drill ? (
            <button type="button" class="cell" onClick={metric.drill.period}>
              {metric.value}
            </button>
          ) : (
            metric.value
          )}
        </div>
        <div class="muted" part="label">
          {metric.label}
        </div>
      </div>
      {metric.stats.length > 0 && (
        <dl class="stats" part="stats">
          {metric.stats.map((s) => (
            <div key={s.label} part="stat">
              <dt>{s.label}</dt>
              <dd class={s.tone} part="stat-value">
                {s.drill ? (
                  <button type="button" class="cell" onClick={s.drill}>
                    {s.value}
                  </button>
                ) : (
                  s.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {metric.note && (
        <p class="muted" part="note">
          {metric.note}
        </p>
      )}
      {metric.formula && (
        <div class="formula" part="formula">
          <p part="formula-text">
            <span class="muted">{t(lang, 'formula')}: </span>
            {metric.formula.text}
          </p>
          <dl part="formula-parts">
            {metric.formula.parts.map((p) => (
              <div key={p.label}>
                <dt>{p.label}</dt>
                <dd>{p.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {months.length > 1 && (
        <ChartView
          labels={labels}
          // uPlot draws null as a gap.
          values={drawn.map((s) => s.values)}
          booked={metric.booked}
          series={drawn}
          formatValue={format}
          height={90}
          ariaLabel={drawn.map((s) => s.label).join(', ')}
          lang={lang}
          theme={theme}
          bars={metric.bars ?? false}
          compact
          onPick={metric.drill && ((i) => drillMonth(metric, i))}
        />
      )}
      {months.length > 0 && (
        <details part="months">
          <summary>{t(lang, 'showMonths')}</summary>
          <DataTable
            columns={columns}
            rows={months.map((_, i) => i)}
            rowKey={(i) => months[i] ?? i}
            onRow={metric.drill && ((i) => drillMonth(metric, i))}
          />
        </details>
      )}
    </>
  );
}
