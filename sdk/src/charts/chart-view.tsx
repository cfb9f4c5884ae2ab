/** @jsxImportSource preact */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type SaldoLang, t } from '../core/i18n';
import { chartSummary } from './chart-summary';
import { scheduleChart } from './draw-queue';
import { loadChart } from './load-chart';
import type { ChartSeries } from './uplot-chart';

/**
 * A chart and its text alternative. The text alternative is drawn at once; the chart code (uPlot,
 * uplot-chart.ts) is loaded the first time a chart is drawn, so elements without a chart never load
 * it and those with one show their figures before it arrives. If it cannot be loaded, the element
 * keeps its figures and tables and leaves the chart out.
 */

export type { ChartSeries };

export interface ChartViewProps {
  /** One label per x position (e.g. formatted months). */
  labels: string[];
  /** One array of values per series, each as long as `labels`; null is a gap. */
  values: Array<Array<number | null>>;
  /**
   * Per x position: false where the month is not yet booked. A gap there reads "not yet booked"; a gap
   * in a booked month has no figure (a KPI of a month without revenue) and reads '–'. Absent: every
   * gap is a month not yet booked.
   */
  booked?: readonly boolean[] | undefined;
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
  /** A click on the chart picks the x position nearest the pointer (the mouse path of a drilling table's rows). */
  onPick?: ((index: number) => void) | undefined;
}

type ChartCode = Awaited<ReturnType<typeof loadChart>>;
/** Loaded once per page and shared by every chart; a failed load is not retried. */
let chartCode: ChartCode | undefined;
let chartLoad: Promise<ChartCode> | undefined;

// DOM emulations (happy-dom, jsdom) have no 2D canvas; uPlot would throw drawing into it.
function canDraw(): boolean {
  try {
    return typeof matchMedia === 'function' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** `loading` until the chart code is there, then `drawn`; `none` where no chart can be drawn. */
type ChartState = 'loading' | 'drawn' | 'none';

/** A line or bar chart of a few series over labelled x positions. */
export function ChartView({
  labels,
  values,
  series,
  formatValue,
  height = 240,
  ariaLabel,
  lang,
  theme,
  bars = false,
  compact = false,
  onPick,
  booked,
}: ChartViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest handler, read at click time: a new function each render must not redraw the chart.
  const pick = useRef(onPick);
  pick.current = onPick;
  const pickable = onPick !== undefined;
  const [state, setState] = useState<ChartState>(chartCode ? 'drawn' : 'loading');
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
    if (!el) return;
    if (!canDraw()) {
      setState('none');
      return;
    }
    let gone = false;
    let erase: (() => void) | undefined;
    let unschedule: (() => void) | undefined;
    const fail = () => {
      if (!gone) setState('none');
    };
    const spec = {
      labels,
      values,
      series,
      formatValue,
      height,
      bars,
      compact,
      onPick: pickable ? (i: number) => pick.current?.(i) : undefined,
    };
    // With the other charts of the frame: they read the page together before any of them draws.
    const draw = (code: ChartCode) => {
      if (gone) return;
      unschedule = scheduleChart({
        el,
        prepare: () => code.prepareChart(el),
        measure: () => code.measureChart(el, series),
        draw: (look) => {
          erase = code.drawChart(el, spec, look);
          setState('drawn');
        },
        fail,
      });
    };
    if (chartCode) draw(chartCode);
    else {
      chartLoad ??= loadChart();
      chartLoad.then((code) => {
        chartCode = code;
        draw(code);
      }, fail);
    }
    return () => {
      gone = true;
      unschedule?.();
      erase?.();
    };
  }, [labels, values, series, formatValue, height, theme, bars, compact, pickable]);

  // The canvas says nothing to a screen reader: it is hidden from one, and a summary and the chart's
  // figures as a table stand in for it (WCAG 1.1.1), out of sight. While the chart code loads, its box
  // keeps the chart's height so the figures below do not jump when it is drawn.
  return (
    <figure class="chart-figure" part="chart-figure">
      <div
        ref={ref}
        class="chart"
        part="chart"
        aria-hidden="true"
        data-state={state}
        hidden={state === 'none'}
        style={state === 'loading' ? { minHeight: `${height}px` } : undefined}
      />
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
                  const none = booked === undefined || booked[i] === false ? t(lang, 'notBooked') : '–';
                  return <td key={s.label}>{value == null ? none : formatValue(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
