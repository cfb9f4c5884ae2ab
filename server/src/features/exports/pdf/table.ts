/**
 * Draws a table: a shaded header row, then the rows, numbers right-aligned as on screen, long texts
 * wrapped in their column, a statement's lines in bold with their accounts indented under them. When a
 * page is full the table goes on on the next, under its title '(forts.)' and its header again. The
 * caller keeps a table that fits on one page from being split (see section.ts); this only measures.
 */
import { widgetRegistry } from '@saldo/contract/widgets/registry';
import { INDENT, text } from '../texts.ts';
import { drawShareBar } from './chart.ts';
import type { Flow } from './flow.ts';
import { BODY_HEIGHT, COLORS, FONT } from './style.ts';
import { cellTexts, isNumeric, PAD, type TableLayout } from './table-layout.ts';

export interface TableWords {
  /** '(forts.)' after the title on the pages a table goes on to. */
  continued: string;
  /** The one row of a table without rows. */
  empty: string;
}

const ITEM_INDENT = 10;
const NOTE_SIZE = 7;
export const CONTINUED_TITLE_HEIGHT = 16;
/** Sum rows shown in bold with a rule above, in either language: a total, and the consolidation's consolidated sum. */
const { consolidated } = widgetRegistry.consolidation.words;
const SUM_LABELS = new Set([text('nor', 'total'), text('en', 'total'), consolidated.no, consolidated.en]);

const padY = (size: number) => size * 0.4;

interface Row {
  /** The row's place in the table. */
  index: number;
  cells: string[];
  bold: boolean;
  indent: boolean;
  /** A sum row: a rule above it. */
  sum: boolean;
  height: number;
}

/** The x of each column's left edge (the bar's column, when there is one, comes before `bar.before`). */
function columnXs(layout: TableLayout, x: number) {
  const xs: number[] = [];
  let at = x;
  let barX: number | undefined;
  layout.widths.forEach((w, i) => {
    if (layout.bar?.before === i) {
      barX = at;
      at += layout.bar.width;
    }
    xs.push(at);
    at += w;
  });
  return { xs, barX, right: at };
}

/** Height of one line of text in the current font and size. */
const oneLine = (doc: PDFKit.PDFDocument) => doc.heightOfString('0');

/** Rows as measured, per layout: a section measures a table several times before drawing it. */
const measured = new WeakMap<TableLayout, Row[]>();

function rowsOf(doc: PDFKit.PDFDocument, layout: TableLayout): Row[] {
  let rows = measured.get(layout);
  if (!rows) {
    rows = measureRows(doc, layout);
    measured.set(layout, rows);
  }
  return rows;
}

function measureRows(doc: PDFKit.PDFDocument, layout: TableLayout): Row[] {
  const { table, size, widths } = layout;
  const structured = table.kinds[0] === 'text' && table.rows.some((r) => String(r[0] ?? '').startsWith(INDENT));
  const texts = cellTexts(table);
  return texts.map((cells, index) => {
    const indent = structured && cells[0]!.startsWith(INDENT);
    const sum = !structured && index === texts.length - 1 && index > 0 && SUM_LABELS.has(cells[0]!);
    const bold = (structured && !indent) || sum;
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(size);
    let height = oneLine(doc);
    const shown = cells.map((c, i) => (i === 0 ? c.trimStart() : c));
    shown.forEach((cell, c) => {
      if (isNumeric(table.kinds[c]) || !cell) return;
      const width = widths[c]! - 2 * PAD - (c === 0 && indent ? ITEM_INDENT : 0);
      height = Math.max(height, doc.heightOfString(cell, { width }));
    });
    return { index, cells: shown, bold, indent, sum, height: height + 2 * padY(size) };
  });
}

function headerHeight(doc: PDFKit.PDFDocument, layout: TableLayout): number {
  doc.font(FONT.bold).fontSize(layout.size);
  const height = Math.max(
    oneLine(doc),
    ...layout.table.columns.map((c, i) => doc.heightOfString(c, { width: layout.widths[i]! - 2 * PAD })),
  );
  return height + 2 * padY(layout.size);
}

function noteHeight(doc: PDFKit.PDFDocument, layout: TableLayout, width: number): number {
  if (!layout.table.note) return 0;
  doc.font(FONT.italic).fontSize(NOTE_SIZE);
  return 4 + doc.heightOfString(layout.table.note, { width });
}

/** Height of the row a table without rows shows. */
function emptyHeight(doc: PDFKit.PDFDocument, layout: TableLayout): number {
  doc.font(FONT.italic).fontSize(layout.size);
  return oneLine(doc) + 2 * padY(layout.size);
}

/** The points a table takes drawn whole: header, rows (or the empty row) and its note. */
export function tableHeight(doc: PDFKit.PDFDocument, layout: TableLayout, noteWidth: number): number {
  const rows = rowsOf(doc, layout);
  const body = rows.length ? rows.reduce((s, r) => s + r.height, 0) : emptyHeight(doc, layout);
  return headerHeight(doc, layout) + body + noteHeight(doc, layout, noteWidth);
}

/** True when the table, with a title above it, fits on one page. */
export function fitsOnePage(doc: PDFKit.PDFDocument, layout: TableLayout, noteWidth: number): boolean {
  return CONTINUED_TITLE_HEIGHT + tableHeight(doc, layout, noteWidth) <= BODY_HEIGHT;
}

/** Height of the header and the first two rows: what goes on a page together when a long table starts. */
export function tableStartHeight(doc: PDFKit.PDFDocument, layout: TableLayout): number {
  const rows = rowsOf(doc, layout).slice(0, 2);
  return headerHeight(doc, layout) + rows.reduce((s, r) => s + r.height, 0);
}

function drawHeader(doc: PDFKit.PDFDocument, layout: TableLayout, x: number, y: number): number {
  const { table, size, widths } = layout;
  const { xs, right } = columnXs(layout, x);
  const height = headerHeight(doc, layout);
  doc.rect(x, y, right - x, height).fill(COLORS.surface);
  doc.font(FONT.bold).fontSize(size).fillColor(COLORS.text);
  table.columns.forEach((c, i) => {
    doc.text(c, xs[i]! + PAD, y + padY(size), {
      width: widths[i]! - 2 * PAD,
      align: isNumeric(table.kinds[i]) ? 'right' : 'left',
    });
  });
  doc
    .moveTo(x, y + height)
    .lineTo(right, y + height)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  return height;
}

function drawRow(doc: PDFKit.PDFDocument, layout: TableLayout, row: Row, x: number, y: number, largest: number) {
  const { table, size, widths } = layout;
  const { xs, barX, right } = columnXs(layout, x);
  if (row.sum) doc.moveTo(x, y).lineTo(right, y).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
  doc
    .font(row.bold ? FONT.bold : FONT.regular)
    .fontSize(size)
    .fillColor(COLORS.text);
  const top = y + padY(size);
  row.cells.forEach((cell, c) => {
    if (!cell) return;
    if (isNumeric(table.kinds[c])) {
      // Right-aligned by measure: a number never wraps.
      const w = doc.widthOfString(cell);
      doc.text(cell, xs[c]! + widths[c]! - PAD - w, top, { lineBreak: false });
      return;
    }
    const indent = c === 0 && row.indent ? ITEM_INDENT : 0;
    doc.text(cell, xs[c]! + PAD + indent, top, { width: widths[c]! - 2 * PAD - indent });
  });
  if (layout.bar && barX !== undefined) {
    const value = numberIn(table.rows[row.index]?.[layout.bar.before]);
    if (value !== null && largest > 0) {
      const length = (Math.abs(value) / largest) * (layout.bar.width - 2 * PAD);
      drawShareBar(doc, barX + PAD, top + size * 0.1, length, size * 0.9);
    }
  }
  doc
    .moveTo(x, y + row.height)
    .lineTo(right, y + row.height)
    .lineWidth(0.3)
    .strokeColor(COLORS.border)
    .stroke();
}

const numberIn = (value: string | number | null | undefined) => (typeof value === 'number' ? value : null);

function drawContinuedTitle(doc: PDFKit.PDFDocument, title: string, words: TableWords, x: number, y: number) {
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text(`${title} (${words.continued})`, x, y, { lineBreak: false });
}

/**
 * Draws the table at `x` from `flow.y` down, starting pages as it needs (the title goes on with
 * '(forts.)' and the header is repeated), then its note in italics `noteWidth` wide.
 */
export function drawTable(flow: Flow, layout: TableLayout, x: number, words: TableWords, noteWidth: number): void {
  const { doc } = flow;
  const rows = rowsOf(doc, layout);
  const largest = layout.bar
    ? Math.max(0, ...layout.table.rows.map((r) => Math.abs(numberIn(r[layout.bar!.before]) ?? 0)))
    : 0;
  const header = headerHeight(doc, layout);
  if (header + (rows[0]?.height ?? 0) > flow.room) flow.newPage();
  flow.y += drawHeader(doc, layout, x, flow.y);
  if (rows.length === 0) {
    const height = emptyHeight(doc, layout);
    doc
      .font(FONT.italic)
      .fontSize(layout.size)
      .fillColor(COLORS.muted)
      .text(words.empty, x + PAD, flow.y + padY(layout.size), { lineBreak: false });
    flow.y += height;
  }
  for (const row of rows) {
    if (row.height > flow.room) {
      flow.newPage();
      drawContinuedTitle(doc, layout.table.title, words, x, flow.y);
      flow.y += CONTINUED_TITLE_HEIGHT;
      flow.y += drawHeader(doc, layout, x, flow.y);
    }
    drawRow(doc, layout, row, x, flow.y, largest);
    flow.y += row.height;
  }
  if (layout.table.note) {
    const height = noteHeight(doc, layout, noteWidth);
    if (height > flow.room) flow.newPage();
    doc
      .font(FONT.italic)
      .fontSize(NOTE_SIZE)
      .fillColor(COLORS.muted)
      .text(layout.table.note, x, flow.y + 4, { width: noteWidth });
    flow.y += height;
  }
}
