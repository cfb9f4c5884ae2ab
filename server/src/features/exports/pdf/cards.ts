/**
 * KPI cards: several to a page, three across, as the board shows them. A card holds the KPI's title,
 * its figure for the period (the table's last row) in large type, its line over the months, each
 * month's figure in a small grid under the chart, and the formula and comparison (the table's note).
 * A row of cards goes on the page when it fits there; otherwise on the next, whole.
 */
import type { ExportTable } from '@saldo/contract';
import { cellText } from '@saldo/contract/numbers/format';
import { drawChart } from './chart.ts';
import type { Flow } from './flow.ts';
import type { Section } from './section.ts';
import { COLORS, CONTENT_WIDTH, FONT, MARGIN } from './style.ts';

export const CARD_COLUMNS = 3;
const GAP = 14;
export const CARD_WIDTH = (CONTENT_WIDTH - (CARD_COLUMNS - 1) * GAP) / CARD_COLUMNS;
const PAD = 10;
const INNER = CARD_WIDTH - 2 * PAD;
export const CARD_TITLE_SIZE = 10;
const TITLE_HEIGHT = 16;
export const HEADLINE_SIZE = 17;
const HEADLINE_HEIGHT = 26;
const CHART_HEIGHT = 80;
export const GRID_SIZE = 6.8;
const GRID_ROW = 10;
const NOTE_SIZE = 6.5;

/** The card's parts, measured: the headline, the months' cells and the note's height. */
interface CardModel {
  section: Section;
  title: string;
  headline: { label: string; value: string };
  months: Array<{ label: string; value: string }>;
  columns: number;
  /** The board's note on the widget, then its table's (the formula and the comparison). */
  note: string;
  noteHeight: number;
  height: number;
}

/** Shortens a text with '…' until it fits `width` in the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let out = text;
  while (out.length > 1 && doc.widthOfString(out) > width) out = `${out.slice(0, -2)}…`;
  return out;
}

function model(doc: PDFKit.PDFDocument, section: Section): CardModel {
  const table: ExportTable = section.table;
  const kind = table.kinds[1] ?? 'number';
  const text = (row: ExportTable['rows'][number] | undefined) => {
    const value = row?.[1] ?? null;
    // A month not yet booked has no figure: a dash here, a gap in the line.
    return typeof value === 'number' ? cellText(value, kind) : '–';
  };
  const last = table.rows.at(-1);
  const months = table.rows.slice(0, -1).map((row) => ({ label: String(row[0] ?? ''), value: text(row) }));
  doc.font(FONT.regular).fontSize(GRID_SIZE);
  const widest = Math.max(0, ...months.map((m) => doc.widthOfString(m.label) + doc.widthOfString(m.value)));
  const columns = widest + 10 <= INNER / 3 ? 3 : widest + 10 <= INNER / 2 ? 2 : 1;
  doc.font(FONT.italic).fontSize(NOTE_SIZE);
  const note = [section.note, table.note].filter(Boolean).join('\n');
  const noteHeight = note ? doc.heightOfString(note, { width: INNER }) + 4 : 0;
  const chart = section.chart && section.chart.type !== 'share' ? CHART_HEIGHT + 6 : 0;
  const grid = Math.ceil(months.length / columns) * GRID_ROW;
  return {
    section,
    title: table.title,
    headline: { label: String(last?.[0] ?? ''), value: text(last) },
    months,
    columns,
    note,
    noteHeight,
    height: PAD + TITLE_HEIGHT + HEADLINE_HEIGHT + chart + grid + 4 + noteHeight + PAD,
  };
}

function drawCard(doc: PDFKit.PDFDocument, card: CardModel, x: number, y: number, height: number, empty: string) {
  doc.roundedRect(x, y, CARD_WIDTH, height, 4).lineWidth(0.6).strokeColor(COLORS.border).stroke();
  let at = y + PAD;
  doc.font(FONT.bold).fontSize(CARD_TITLE_SIZE).fillColor(COLORS.text);
  doc.text(fit(doc, card.title, INNER), x + PAD, at, { lineBreak: false });
  at += TITLE_HEIGHT;
  doc.font(FONT.bold).fontSize(HEADLINE_SIZE).fillColor(COLORS.text);
  doc.text(card.headline.value, x + PAD, at, { lineBreak: false });
  const valueWidth = doc.widthOfString(card.headline.value);
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
  doc.text(card.headline.label, x + PAD + valueWidth + 6, at + HEADLINE_SIZE * 0.45, { lineBreak: false });
  at += HEADLINE_HEIGHT;
  const chart = card.section.chart;
  if (chart && chart.type !== 'share') {
    drawChart(doc, chart, { x: x + PAD, y: at, width: INNER, height: CHART_HEIGHT }, empty);
    at += CHART_HEIGHT + 6;
  }
  const cell = INNER / card.columns;
  doc.font(FONT.regular).fontSize(GRID_SIZE);
  card.months.forEach((month, i) => {
    const cx = x + PAD + (i % card.columns) * cell;
    const cy = at + Math.floor(i / card.columns) * GRID_ROW;
    doc.fillColor(COLORS.muted).text(month.label, cx, cy, { lineBreak: false });
    const w = doc.widthOfString(month.value);
    doc.fillColor(COLORS.text).text(month.value, cx + cell - 6 - w, cy, { lineBreak: false });
  });
  at += Math.ceil(card.months.length / card.columns) * GRID_ROW + 4;
  if (card.note)
    doc
      .font(FONT.italic)
      .fontSize(NOTE_SIZE)
      .fillColor(COLORS.muted)
      .text(card.note, x + PAD, at, { width: INNER });
}

/** Draws the cards from `flow.y` on, a row at a time; returns the page each card is on. */
export function drawCards(flow: Flow, sections: Section[], empty: string): number[] {
  const { doc } = flow;
  const cards = sections.map((s) => model(doc, s));
  const pages: number[] = [];
  for (let start = 0; start < cards.length; start += CARD_COLUMNS) {
    const row = cards.slice(start, start + CARD_COLUMNS);
    const height = Math.max(...row.map((c) => c.height));
    flow.ensure(height);
    row.forEach((card, i) => {
      doc.outline.addItem(card.title);
      drawCard(doc, card, MARGIN + i * (CARD_WIDTH + GAP), flow.y, height, empty);
      pages.push(flow.page);
    });
    flow.y += height + GAP;
  }
  flow.y += 24 - GAP;
  return pages;
}
