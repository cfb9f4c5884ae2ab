/**
 * One widget or statement in the PDF: its title, the board's note on it, its chart and its table.
 * A narrow table (a row per month) stands beside its chart; a wider one under it. What fits on one
 * page is never split: the section, or else its table, starts on a new page when it would not fit on
 * this one. Only a table longer than a page goes on over pages (its title and header repeated).
 */
import type { ExportTable } from '@saldo/contract';
import { drawChart } from './chart.ts';
import type { Chart } from './chart-data.ts';
import type { Flow } from './flow.ts';
import { BODY_HEIGHT, COLORS, CONTENT_WIDTH, FONT, MARGIN } from './style.ts';
import {
  CONTINUED_TITLE_HEIGHT,
  drawTable,
  fitsOnePage,
  type TableWords,
  tableHeight,
  tableStartHeight,
} from './table.ts';
import { fitTable, layoutWidth, type Measure, type TableLayout } from './table-layout.ts';

export interface Section {
  table: ExportTable;
  chart: Chart | null;
  /** The note the board keeps on the widget, if any. */
  note: string | null;
  /**
   * Drawn as a card, several to a page (cards.ts): a KPI, whose table is its months and then its
   * figure for the period.
   */
  card?: boolean;
}

export interface SectionWords extends TableWords {
  /** The heading of a widget's note. */
  note: string;
  /** A chart without a figure to draw. */
  noChartData: string;
}

const TITLE_SIZE = 13;
const TITLE_HEIGHT = 22;
const SUBTITLE_HEIGHT = 18;
const CHART_HEIGHT = 150;
const GAP = 10;
const SECTION_GAP = 24;
const NOTE_WIDTH = 560;
const NOTE_SIZE = 8.5;
/** Beside its chart, a table takes at least this share of the width. */
const SIDE_TABLE_SHARE = 0.36;

const measureWith =
  (doc: PDFKit.PDFDocument): Measure =>
  (text, size, bold) =>
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(size)
      .widthOfString(text);

function noteHeight(doc: PDFKit.PDFDocument, note: string | null): number {
  if (!note) return 0;
  doc.font(FONT.regular).fontSize(NOTE_SIZE);
  return doc.heightOfString(note, { width: NOTE_WIDTH - 16 }) + 24 + GAP;
}

function drawNote(flow: Flow, note: string, heading: string) {
  const { doc } = flow;
  const height = noteHeight(doc, note) - GAP;
  doc.rect(MARGIN, flow.y, NOTE_WIDTH, height).fill(COLORS.surface);
  doc.rect(MARGIN, flow.y, 2.5, height).fill(COLORS.accent);
  doc
    .font(FONT.bold)
    .fontSize(7.5)
    .fillColor(COLORS.muted)
    .text(heading, MARGIN + 10, flow.y + 6, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(NOTE_SIZE)
    .fillColor(COLORS.text)
    .text(note, MARGIN + 10, flow.y + 17, { width: NOTE_WIDTH - 16 });
  flow.y += height + GAP;
}

function drawTitle(flow: Flow, title: string, size = TITLE_SIZE, height = TITLE_HEIGHT) {
  flow.doc.font(FONT.bold).fontSize(size).fillColor(COLORS.text).text(title, MARGIN, flow.y, { lineBreak: false });
  flow.y += height;
}

/** A table whose title is above it (maybe on the page before): on a new page when its start would not fit. */
function placeTable(flow: Flow, layout: TableLayout, x: number, words: TableWords, noteWidth: number) {
  const { doc } = flow;
  const need = fitsOnePage(doc, layout, noteWidth)
    ? tableHeight(doc, layout, noteWidth)
    : tableStartHeight(doc, layout);
  if (need > flow.room) {
    flow.newPage();
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(`${layout.table.title} (${words.continued})`, x, flow.y, { lineBreak: false });
    flow.y += CONTINUED_TITLE_HEIGHT;
  }
  drawTable(flow, layout, x, words, noteWidth);
}

/** Draws a section from `flow.y` on; returns the page its title is on. */
export function drawSection(flow: Flow, section: Section, words: SectionWords): number {
  const { doc } = flow;
  const share = section.chart?.type === 'share' ? section.chart.column : undefined;
  const series = section.chart && section.chart.type !== 'share' ? section.chart : null;
  const blocks = fitTable(section.table, measureWith(doc), CONTENT_WIDTH, share);
  const head = TITLE_HEIGHT + noteHeight(doc, section.note);
  const first = blocks[0]!;

  const side =
    series &&
    blocks.length === 1 &&
    layoutWidth(first) <= CONTENT_WIDTH * 0.5 &&
    fitsOnePage(doc, first, CONTENT_WIDTH);
  if (side) {
    // The table on the right, stretched to a comfortable width; the chart on the left as tall as it.
    const width = Math.max(layoutWidth(first), CONTENT_WIDTH * SIDE_TABLE_SHARE);
    const scale = width / layoutWidth(first);
    const layout = { ...first, widths: first.widths.map((w) => w * scale) };
    const tableH = tableHeight(doc, layout, width);
    const chartH = Math.min(Math.max(tableH, CHART_HEIGHT), 240);
    flow.ensure(head + Math.max(tableH, chartH));
    const page = flow.page;
    doc.outline.addItem(first.table.title);
    drawTitle(flow, first.table.title);
    if (section.note) drawNote(flow, section.note, words.note);
    const top = flow.y;
    const tableX = MARGIN + CONTENT_WIDTH - width;
    drawChart(doc, series, { x: MARGIN, y: top, width: CONTENT_WIDTH - width - 28, height: chartH }, words.noChartData);
    drawTable(flow, layout, tableX, words, width);
    flow.y = Math.max(flow.y, top + chartH) + SECTION_GAP;
    return page;
  }

  const chartH = series ? CHART_HEIGHT + GAP : 0;
  const heights = blocks.map((b) => tableHeight(doc, b, CONTENT_WIDTH));
  const whole = head + chartH + heights.reduce((a, b) => a + b, 0) + (blocks.length - 1) * SUBTITLE_HEIGHT;
  if (whole <= BODY_HEIGHT) flow.ensure(whole);
  else {
    // Too much for one page: the title and chart stay with the table's start when they fit together.
    const start = fitsOnePage(doc, first, CONTENT_WIDTH) ? heights[0]! : tableStartHeight(doc, first);
    flow.ensure(head + chartH + start <= BODY_HEIGHT ? head + chartH + start : head + chartH);
  }
  const page = flow.page;
  doc.outline.addItem(first.table.title);
  drawTitle(flow, first.table.title);
  if (section.note) drawNote(flow, section.note, words.note);
  if (series) {
    drawChart(doc, series, { x: MARGIN, y: flow.y, width: CONTENT_WIDTH, height: CHART_HEIGHT }, words.noChartData);
    flow.y += chartH;
  }
  blocks.forEach((layout, i) => {
    if (i > 0) {
      // A further block of columns: its own title, kept with its table's start.
      const need = fitsOnePage(doc, layout, CONTENT_WIDTH) ? heights[i]! : tableStartHeight(doc, layout);
      flow.ensure(SUBTITLE_HEIGHT + need);
      flow.y += 4;
      drawTitle(flow, layout.table.title, 11, SUBTITLE_HEIGHT - 4);
    }
    placeTable(flow, layout, MARGIN, words, CONTENT_WIDTH);
  });
  flow.y += SECTION_GAP;
  return page;
}
