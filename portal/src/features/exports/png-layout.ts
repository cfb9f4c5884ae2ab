import type { ExportDocument } from '@saldo/contract';
import { cellText, formatDate } from '@saldo/contract/numbers/format';

/** Fonts of the picture, as CSS font shorthands. */
export const FONTS = {
  title: 'bold 22px system-ui, sans-serif',
  subtitle: '14px system-ui, sans-serif',
  heading: 'bold 16px system-ui, sans-serif',
  head: 'bold 12px system-ui, sans-serif',
  cell: '12px system-ui, sans-serif',
} as const;
export type Font = keyof typeof FONTS;

export interface TextOp {
  text: string;
  x: number;
  y: number;
  font: Font;
  align: 'left' | 'right';
  muted?: boolean;
}
export interface Layout {
  width: number;
  height: number;
  texts: TextOp[];
  /** Horizontal rules under table headers: [x1, x2, y]. */
  rules: Array<[number, number, number]>;
}

const MARGIN = 32;
const ROW = 20;
const GAP = 18;
const MIN_WIDTH = 640;

/**
 * Where every text of the picture goes, given a way to measure text (a canvas in the browser, a
 * fixed width in tests): the board, the period, then each table with its columns sized to their
 * widest cell; numbers right-aligned.
 */
export function layoutDocument(doc: ExportDocument, measure: (text: string, font: Font) => number): Layout {
  const texts: TextOp[] = [];
  const rules: Layout['rules'] = [];
  let y = MARGIN + 22;
  texts.push({ text: doc.board, x: MARGIN, y, font: 'title', align: 'left' });
  y += 22;
  const period = `${formatDate(doc.startDate)} – ${formatDate(doc.endDate)}`;
  texts.push({ text: period, x: MARGIN, y, font: 'subtitle', align: 'left', muted: true });
  let width = Math.max(MIN_WIDTH, MARGIN * 2 + measure(doc.board, 'title'), MARGIN * 2 + measure(period, 'subtitle'));
  y += GAP;

  for (const table of doc.tables) {
    y += GAP + 16;
    texts.push({ text: table.title, x: MARGIN, y, font: 'heading', align: 'left' });
    const cells = table.rows.map((row) => row.map((value, i) => cellText(value, table.kinds[i] ?? 'text')));
    const columns = table.columns.map((column, i) =>
      Math.max(measure(column, 'head'), ...cells.map((row) => measure(row[i] ?? '', 'cell'))),
    );
    const right = table.kinds.map((kind) => kind !== 'text');
    const lefts: number[] = [];
    let x = MARGIN;
    for (const w of columns) {
      lefts.push(x);
      x += w + 16;
    }
    const tableRight = x - 16;
    // The picture is as wide as its widest text: a table, its title or its note (nothing is cut at the edge).
    const note = table.note ? measure(table.note, 'cell') : 0;
    width = Math.max(width, tableRight + MARGIN, MARGIN * 2 + measure(table.title, 'heading'), MARGIN * 2 + note);
    const place = (text: string, i: number, font: Font, muted = false) => {
      texts.push({
        text,
        x: right[i] ? lefts[i]! + columns[i]! : lefts[i]!,
        y,
        font,
        align: right[i] ? 'right' : 'left',
        ...(muted ? { muted } : {}),
      });
    };
    y += ROW + 4;
    for (const [i, column] of table.columns.entries()) place(column, i, 'head', true);
    rules.push([MARGIN, tableRight, y + 6]);
    for (const row of cells) {
      y += ROW;
      for (const [i, text] of row.entries()) place(text, i, 'cell');
    }
    if (table.note) {
      y += ROW;
      texts.push({ text: table.note, x: MARGIN, y, font: 'cell', align: 'left', muted: true });
    }
  }
  return { width: Math.ceil(width), height: Math.ceil(y + MARGIN), texts, rules };
}
