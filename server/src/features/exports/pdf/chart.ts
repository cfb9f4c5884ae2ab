/**
 * Draws a widget's chart as vector paths: bars or lines over the months on a value axis with round
 * steps and light grid lines, the month labels under it, a legend when there is more than one series.
 * Also the share bar a top list draws on each row.
 */
import { formatNumber, formatPercent } from '@saldo/contract/numbers/format';
import type { SeriesChart } from './chart-data.ts';
import { COLORS, FONT } from './style.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const LABEL_SIZE = 6.5;
const LEGEND_HEIGHT = 12;
const X_LABELS_HEIGHT = 13;

/** 1, 2, 2.5 or 5 times a power of ten: about `count` steps over the span. */
export function niceStep(span: number, count = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw)! * power;
  return step;
}

/** The axis' ticks: round values covering the numbers (and zero, for bars). */
export function axisTicks(values: number[], includeZero: boolean): number[] {
  let min = Math.min(...values, ...(includeZero ? [0] : []));
  let max = Math.max(...values, ...(includeZero ? [0] : []));
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const step = niceStep(max - min);
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v < max + step - 1e-9; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

const formatTick = (chart: SeriesChart, value: number) =>
  chart.format === 'percent' ? formatPercent(value) : formatNumber(value);

function drawLegend(doc: PDFKit.PDFDocument, chart: SeriesChart, box: Box) {
  doc.font(FONT.regular).fontSize(LABEL_SIZE + 0.5);
  let x = box.x + box.width;
  for (const series of [...chart.series].reverse()) {
    x -= doc.widthOfString(series.label);
    doc.fillColor(COLORS.muted).text(series.label, x, box.y + 1, { lineBreak: false });
    x -= 12;
    if (chart.type === 'lines') {
      doc
        .moveTo(x, box.y + 5)
        .lineTo(x + 9, box.y + 5)
        .lineWidth(1.6)
        .strokeColor(series.color)
        .stroke();
    } else doc.rect(x + 1, box.y + 1.5, 7, 7).fill(series.color);
    x -= 10;
  }
}

/** Draws the chart inside `box`; without a figure to draw (no month booked yet), `empty` says so there. */
export function drawChart(doc: PDFKit.PDFDocument, chart: SeriesChart, box: Box, empty: string): void {
  const values = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  if (values.length === 0) {
    doc.rect(box.x, box.y, box.width, box.height).fill(COLORS.surface);
    doc
      .font(FONT.italic)
      .fontSize(LABEL_SIZE + 1)
      .fillColor(COLORS.muted);
    const w = doc.widthOfString(empty);
    doc.text(empty, box.x + (box.width - w) / 2, box.y + box.height / 2 - 4, { lineBreak: false });
    return;
  }
  const bars = chart.type === 'bars';
  const ticks = axisTicks(values, bars);
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const legend = chart.series.length > 1 ? LEGEND_HEIGHT : 0;
  if (legend) drawLegend(doc, chart, box);

  doc.font(FONT.regular).fontSize(LABEL_SIZE);
  const axisWidth = Math.max(...ticks.map((t) => doc.widthOfString(formatTick(chart, t)))) + 6;
  const plot = {
    left: box.x + axisWidth,
    right: box.x + box.width,
    top: box.y + legend + 4,
    bottom: box.y + box.height - X_LABELS_HEIGHT,
  };
  const yOf = (v: number) => plot.bottom - ((v - low) / (high - low)) * (plot.bottom - plot.top);

  // The value axis: a grid line and its label at each tick; the zero line darker.
  for (const tick of ticks) {
    const y = yOf(tick);
    doc
      .moveTo(plot.left, y)
      .lineTo(plot.right, y)
      .lineWidth(tick === 0 ? 0.8 : 0.4)
      .strokeColor(tick === 0 ? COLORS.rule : COLORS.border)
      .stroke();
    const label = formatTick(chart, tick);
    doc
      .fillColor(COLORS.muted)
      .text(label, plot.left - 4 - doc.widthOfString(label), y - LABEL_SIZE * 0.6, { lineBreak: false });
  }

  // The months: every label when there is room, else every second, third…
  const count = chart.labels.length;
  const slot = (plot.right - plot.left) / count;
  const centre = (i: number) => plot.left + slot * (i + 0.5);
  const widest = Math.max(...chart.labels.map((l) => doc.widthOfString(l)));
  const every = Math.max(1, Math.ceil((widest + 4) / slot));
  chart.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    const w = doc.widthOfString(label);
    doc.fillColor(COLORS.muted).text(label, centre(i) - w / 2, plot.bottom + 3, { lineBreak: false });
  });

  chart.series.forEach((series, s) => {
    if (bars && s === 0) {
      const width = Math.min(slot * 0.6, 36);
      const zero = yOf(Math.max(low, Math.min(high, 0)));
      series.values.forEach((v, i) => {
        if (v === null || v === 0) return;
        const y = yOf(v);
        doc.rect(centre(i) - width / 2, Math.min(y, zero), width, Math.abs(zero - y)).fill(series.color);
      });
      return;
    }
    // A line through the months that have a value; a gap where one has none.
    let drawing = false;
    series.values.forEach((v, i) => {
      if (v === null) {
        drawing = false;
        return;
      }
      if (drawing) doc.lineTo(centre(i), yOf(v));
      else doc.moveTo(centre(i), yOf(v));
      drawing = true;
    });
    doc.lineWidth(1.6).lineJoin('round').strokeColor(series.color).stroke();
    if (count <= 24)
      series.values.forEach((v, i) => {
        if (v !== null) doc.circle(centre(i), yOf(v), 1.7).fill(series.color);
      });
  });
}

/** A top list's bar: `length` points of the bar colour. */
export function drawShareBar(doc: PDFKit.PDFDocument, x: number, y: number, length: number, height: number): void {
  if (length > 0.1) doc.rect(x, y, length, height).fill(COLORS.bar);
}
