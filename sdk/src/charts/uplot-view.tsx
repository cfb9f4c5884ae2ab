/** @jsxImportSource preact */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css?raw';
import { type SaldoLang, t } from '../core/i18n';
import { chartSummary } from './chart-summary';

/**
 * The only module that imports uPlot, so the chart library can be swapped or split out in
 * one place.
 */

export interface ChartSeries {
  label: string;
  /** A CSS custom property (e.g. '--saldo-chart-revenue') or a colour; canvas cannot use var(). */
  color: string;
}

export interface UPlotViewProps {
  /** One label per x position (e.g. formatted months). */
  labels: string[];
  /** One array of values per series, each as long as `labels`; null is a gap (a month not yet booked). */
  values: Array<Array<number | null>>;
  series: ChartSeries[];
  formatValue: (value: number) => string;
  height?: number;
  /** What the chart shows: its text alternative's caption. */
  ariaLabel: string;
  /** The language of the text alternative (summary and table headings). */
  lang: SaldoLang;
  /** Changing it redraws the chart, so colours follow the theme. */
  theme?: string | undefined;
  /** Bars instead of lines (the first series; further series stay lines). */
  bars?: boolean;
  /** A sparkline: no axes and no legend (the values stay in the element's months table). */
  compact?: boolean;
}

let sharedSheet: CSSStyleSheet | null | undefined;
const styledRoots = new WeakSet<Node>();

// uPlot's legend and cursor need its stylesheet, and a document-level <link> does not reach
// into a shadow root. One constructed sheet is shared by every root that shows a chart.
function adoptUplotCss(el: Element): void {
  const root = el.getRootNode();
  if (styledRoots.has(root)) return;
  styledRoots.add(root);
  if (sharedSheet === undefined) {
    try {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(uplotCss);
    } catch {
      sharedSheet = null;
    }
  }
  const target = root as ShadowRoot | Document;
  if (sharedSheet && 'adoptedStyleSheets' in target) {
    target.adoptedStyleSheets = [...target.adoptedStyleSheets, sharedSheet];
    return;
  }
  // Browsers without constructable stylesheets get a <style> element instead.
  const style = document.createElement('style');
  style.textContent = uplotCss;
  (root instanceof Document ? root.head : (root as ShadowRoot)).appendChild(style);
}

// DOM emulations (happy-dom, jsdom) have no 2D canvas; uPlot would throw drawing into it.
function canDraw(): boolean {
  try {
    return typeof matchMedia === 'function' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

function cssColor(el: Element, value: string): string {
  if (!value.startsWith('--')) return value;
  return getComputedStyle(el).getPropertyValue(value).trim() || '#888';
}

/** A line chart of a few series over labelled x positions. */
export function UPlotView({
  labels,
  values,
  series,
  formatValue,
  height = 240,
  ariaLabel,
  lang,
  theme,
  bars,
  compact,
}: UPlotViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const summary = useMemo(
    () =>
      chartSummary(
        lang,
        labels,
        series.map((s, i) => ({ label: s.label, values: values[i] ?? [] })),
        formatValue,
      ),
    [lang, labels, series, values, formatValue],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: theme changes the --saldo-* colours read from CSS inside
  useEffect(() => {
    const el = ref.current;
    if (!el || !canDraw()) return;
    adoptUplotCss(el);
    const text = cssColor(el, '--saldo-muted');
    const grid = cssColor(el, '--saldo-border');
    const axis: uPlot.Axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const width = () => Math.max(el.clientWidth, 200);
    const chart = new uPlot(
      {
        width: width(),
        height,
        // Bars need half a step of room at both ends, or the first and last are cut in half.
        // and bars grow from zero, not from the lowest value.
        scales: {
          x: { time: false, ...(bars && { range: (_u, min, max) => [min - 0.5, max + 0.5] }) },
          ...(bars && { y: { range: (_u, min, max) => [Math.min(0, min), Math.max(0, max) || 1] } }),
        },
        series: [
          { label: '', value: (_u, i) => (i == null ? '' : (labels[i] ?? '')) },
          ...series.map((s, i): uPlot.Series => {
            const color = cssColor(el, s.color);
            const bar = bars && i === 0;
            return {
              label: s.label,
              stroke: color,
              width: bar ? 0 : 2,
              ...(bar && { fill: color, paths: uPlot.paths.bars?.({ size: [0.6, 40] }), points: { show: false } }),
              ...(!bar && { points: compact ? { show: false } : { size: 5 } }),
              value: (_u, v) => (v == null ? '' : formatValue(v)),
            };
          }),
        ],
        ...(compact && { legend: { show: false }, padding: [4, 4, 4, 4] }),
        axes: compact
          ? [{ show: false }, { show: false }]
          : [
              {
                ...axis,
                // x positions are indices into `labels`; whole steps only, far enough apart that month
                // labels never run into each other in a narrow column.
                incrs: [1, 2, 3, 4, 6, 12],
                space: 72,
                values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
              },
              { ...axis, size: 96, values: (_u, splits) => splits.map((v) => formatValue(v)) },
            ],
      },
      [labels.map((_, i) => i), ...values],
      el,
    );
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
      observer.observe(el);
    }
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [labels, values, series, formatValue, height, theme, bars, compact]);

  // The canvas says nothing to a screen reader: it is hidden from one, and a summary and the chart's
  // figures as a table stand in for it (WCAG 1.1.1), out of sight.
  return (
    <figure class="chart-figure" part="chart-figure">
      <div ref={ref} class="chart" part="chart" aria-hidden="true" />
      <figcaption class="visually-hidden">
        {ariaLabel}. {summary}
      </figcaption>
      {/* Hidden by a wrapper: a table keeps its content's width whatever width it is given. */}
      <div class="visually-hidden">
        <table part="chart-table">
          <caption>{ariaLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t(lang, 'month')}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s, j) => {
                  const value = values[j]?.[i];
                  return <td key={s.label}>{value == null ? t(lang, 'notBooked') : formatValue(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
