/**
 * A table's font size and column widths on the page, measured with the document's own font metrics:
 * the largest size at which every column fits, text columns wrapping when that is what it takes, and
 * a table too wide even then (many months) split into blocks of columns, each repeating the line names.
 */
import type { ExportColumnKind, ExportTable } from '@saldo/contract';
import { cellText } from '@saldo/contract/numbers/format';

/** Width in points of a text at a size, bold or not. */
export type Measure = (text: string, size: number, bold: boolean) => number;

export interface TableLayout {
  table: ExportTable;
  size: number;
  /** One per column of `table`. */
  widths: number[];
  /** A share bar's column, drawn before `before` (the amount column), `width` wide. */
  bar?: { before: number; width: number };
}

/** Cell padding left and right. */
export const PAD = 4;
/** Font sizes tried for a table, largest first, before its columns are split over several blocks. */
const SIZES = [8, 7.5, 7, 6.5, 6];
const TEXT_COLUMN_CAP = 300;
const MIN_TEXT_COLUMN = 60;
const BAR_WIDTH = { min: 60, max: 180 };
/** From this many columns a table is stretched over the whole width. */
const WIDE_TABLE = 6;

export const isNumeric = (kind: ExportColumnKind | undefined) =>
  kind !== undefined && kind !== 'text' && kind !== 'date';

/** The texts of a table's cells as the screen shows them. */
export const cellTexts = (table: ExportTable) =>
  table.rows.map((row) => row.map((value, i) => cellText(value, table.kinds[i] ?? 'text')));

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Widest cell of each column; a heading longer than its column's cells may wrap at its spaces. */
function naturalWidths(table: ExportTable, texts: string[][], size: number, measure: Measure): number[] {
  return table.columns.map((header, i) => {
    let cells = 0;
    for (const row of texts)
      for (const line of (row[i] ?? '').split('\n')) cells = Math.max(cells, measure(line, size, false));
    // A heading about as wide as its cells stays on one line; a long one wraps at its spaces.
    const whole = measure(header, size, true);
    const words = Math.max(...header.split(/\s+/).map((w) => measure(w, size, true)));
    const heading = whole <= Math.max(cells, words) * 1.5 ? whole : Math.max(cells, words);
    const width = Math.max(cells, heading) + 2 * PAD;
    return table.kinds[i] === 'text' ? Math.min(width, TEXT_COLUMN_CAP) : width;
  });
}

/** Adds the share bar's column when there is room for one. */
function withBar(layout: TableLayout, available: number, barBefore: number | undefined): TableLayout {
  if (barBefore === undefined) return layout;
  const width = Math.min(BAR_WIDTH.max, available - sum(layout.widths));
  return width >= BAR_WIDTH.min ? { ...layout, bar: { before: barBefore, width } } : layout;
}

/**
 * The blocks a table is drawn in: one, or several when its columns do not fit `available` points even
 * at the smallest size. `barBefore` asks for a share bar before that column (the top lists).
 */
export function fitTable(table: ExportTable, measure: Measure, available: number, barBefore?: number): TableLayout[] {
  const texts = cellTexts(table);
  for (const size of SIZES) {
    const widths = naturalWidths(table, texts, size, measure);
    if (sum(widths) > available) continue;
    // Room to spare: give narrow columns a comfortable width, keeping room for a share bar.
    const reserve = barBefore === undefined ? 0 : BAR_WIDTH.max;
    const roomy = widths.map((w, i) => Math.max(w, table.kinds[i] === 'text' ? 110 : 56));
    let chosen = sum(roomy) + reserve <= available ? roomy : widths;
    // A statement's many columns take the whole width, so its lines' names wrap less.
    if (table.columns.length >= WIDE_TABLE) chosen = chosen.map((w) => (w * available) / sum(chosen));
    return [withBar({ table, size, widths: chosen }, available, barBefore)];
  }
  const size = SIZES[SIZES.length - 1]!;
  const widths = naturalWidths(table, texts, size, measure);
  // Text columns may wrap: narrow them (not below MIN_TEXT_COLUMN) when that is enough.
  const fixed = sum(widths.filter((_, i) => table.kinds[i] !== 'text'));
  const textColumns = widths.flatMap((_, i) => (table.kinds[i] === 'text' ? [i] : []));
  const textRoom = available - fixed;
  if (textColumns.length && textRoom >= textColumns.length * MIN_TEXT_COLUMN) {
    const textTotal = sum(textColumns.map((i) => widths[i]!));
    for (const i of textColumns) widths[i] = Math.max(MIN_TEXT_COLUMN, (widths[i]! * textRoom) / textTotal);
    if (sum(widths) <= available + 0.01) return [withBar({ table, size, widths }, available, barBefore)];
  }
  // Still too wide (many months): blocks of columns, each repeating the first (the line's name).
  const key = table.kinds[0] === 'text' ? 0 : -1;
  const keyWidth = key === 0 ? Math.min(widths[0]!, available / 3) : 0;
  const chunks: number[][] = [];
  let chunk: number[] = [];
  let used = keyWidth;
  widths.forEach((w, i) => {
    if (i === key) return;
    if (chunk.length && used + w > available) {
      chunks.push(chunk);
      chunk = [];
      used = keyWidth;
    }
    chunk.push(i);
    used += w;
  });
  if (chunk.length) chunks.push(chunk);
  return chunks.map((columns, n) => {
    const pick = key === 0 ? [0, ...columns] : columns;
    const part: ExportTable = {
      title: `${table.title} (${n + 1}/${chunks.length})`,
      columns: pick.map((i) => table.columns[i]!),
      kinds: pick.map((i) => table.kinds[i]!),
      rows: table.rows.map((row) => pick.map((i) => row[i] ?? null)),
      ...(n === chunks.length - 1 && table.note ? { note: table.note } : {}),
    };
    const own = pick.map((i) => (i === key ? keyWidth : widths[i]!));
    const used = sum(own);
    return { table: part, size, widths: pick.length >= WIDE_TABLE ? own.map((w) => (w * available) / used) : own };
  });
}

/** The width a layout takes on the page. */
export const layoutWidth = (layout: TableLayout) => sum(layout.widths) + (layout.bar?.width ?? 0);
