import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css?raw';

/**
 * The chart code: the only module that imports uPlot (about 22 KB gzip of the embed's weight). It
 * imports nothing of the SDK's own, so it can be loaded on demand as one self-contained file: the
 * script-tag bundle fetches it from beside itself (dist/saldo-embed-chart.js), the module builds keep it
 * in a chunk of its own. chart-view.tsx draws the text alternative without it.
 */

export interface ChartSeries {
  label: string;
  /** A CSS custom property (e.g. '--saldo-chart-revenue') or a colour; canvas cannot use var(). */
  color: string;
}

export interface ChartSpec {
  /** One label per x position (e.g. formatted months). */
  labels: string[];
  /** One array of values per series, each as long as `labels`; null is a gap (a month not yet booked). */
  values: Array<Array<number | null>>;
  series: ChartSeries[];
  formatValue: (value: number) => string;
  height: number;
  /** Bars instead of lines (the first series; further series stay lines). */
  bars: boolean;
  /** A sparkline: no axes and no legend. */
  compact: boolean;
  /** Clicking the chart picks the x position nearest the pointer (a month): the mouse path of the table's rows. */
  onPick?: ((index: number) => void) | undefined;
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

function cssColor(style: CSSStyleDeclaration, value: string): string {
  if (!value.startsWith('--')) return value;
  return style.getPropertyValue(value).trim() || '#888';
}

/** What a chart reads from the page before it draws: its colours (canvas cannot use var()) and its width. */
export interface ChartLook {
  text: string;
  grid: string;
  colors: string[];
  width: number;
}

const widthOf = (el: HTMLElement) => Math.max(el.clientWidth, 200);

/**
 * The value axis as wide as its widest label: a fixed 96 px cut "1 500 000 000" to "500 000 000" on a
 * big company's board. uPlot keeps its axis fonts as [font, size], scaled by the pixel ratio.
 */
export const fitLabels: uPlot.Axis.Size = (self, values, axisIdx) => {
  const axis = self.axes[axisIdx];
  const font = (axis?.font as unknown as [string, number] | undefined)?.[0];
  const widest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  if (font) self.ctx.font = font;
  const text = self.ctx.measureText(widest).width / uPlot.pxRatio;
  return Math.max(48, Math.ceil(text + (axis?.ticks?.size ?? 10) + (axis?.gap ?? 5) + 4));
};

/**
 * Gives `el`'s root uPlot's stylesheet: a change to the page, made for every chart of a frame before any
 * of them is measured, so the browser computes the styles once for all of them (see draw-queue.ts).
 */
export function prepareChart(el: HTMLElement): void {
  adoptUplotCss(el);
}

/** Reads a chart's colours and width from the page, changing nothing. */
export function measureChart(el: HTMLElement, series: ChartSeries[]): ChartLook {
  const style = getComputedStyle(el);
  return {
    text: cssColor(style, '--saldo-muted'),
    grid: cssColor(style, '--saldo-border'),
    colors: series.map((s) => cssColor(style, s.color)),
    width: widthOf(el),
  };
}

/**
 * The legend: each series' name beside a square filled in its colour. Not uPlot's live legend, whose
 * value cell stays empty until the cursor is over the chart ("Inntekter:" and nothing), nor its hollow
 * marker for a line (an empty box); the values are in the element's months table. None on a sparkline.
 */
export function legendOptions(colors: readonly string[], compact?: boolean): uPlot.Legend {
  if (compact) return { show: false };
  return {
    live: false,
    markers: {
      width: 0,
      // Series 0 is the x axis (hidden by the theme); series i is colours[i - 1].
      fill: (_u, i) => colors[i - 1] ?? '#888',
      stroke: (_u, i) => colors[i - 1] ?? '#888',
    },
  };
}

/**
 * Draws a chart of a few series over labelled x positions into `el`, with what `measureChart` read after
 * `prepareChart`; returns what removes it again.
 */
export function drawChart(
  el: HTMLElement,
  { labels, values, series, formatValue, height, bars, compact, onPick }: ChartSpec,
  look: ChartLook,
) {
  const { text, grid } = look;
  const axis: uPlot.Axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const chart = new uPlot(
    {
      width: look.width,
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
          const color = look.colors[i] ?? '#888';
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
      legend: legendOptions(look.colors, compact),
      ...(compact && { padding: [4, 4, 4, 4] }),
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
            { ...axis, size: fitLabels, values: (_u, splits) => splits.map((v) => formatValue(v)) },
          ],
    },
    [labels.map((_, i) => i), ...values],
    el,
  );
  if (onPick) {
    chart.over.style.cursor = 'pointer';
    chart.over.addEventListener('click', () => {
      const i = chart.cursor.idx;
      if (i != null) onPick(i);
    });
  }
  let observer: ResizeObserver | undefined;
  if (typeof ResizeObserver === 'function') {
    observer = new ResizeObserver(() => chart.setSize({ width: widthOf(el), height }));
    observer.observe(el);
  }
  return () => {
    observer?.disconnect();
    chart.destroy();
  };
}
