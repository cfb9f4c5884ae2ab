/**
 * Test helper (not imported by the server): reads a PDF back the way a viewer does, with pdf.js. Text
 * comes back as runs with their page, position, size and font; drawing as the filled and stroked paths
 * with their colour and bounds; and the tables as rows of cells, matched to columns by their headings.
 */

import type { ExportColumnKind } from '@saldo/contract';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BODY_BOTTOM, BODY_TOP } from './style.ts';
import { isNumeric } from './table-layout.ts';

export interface TextRun {
  /** 1-based */
  page: number;
  x: number;
  /** The baseline, in points from the top of the page. */
  y: number;
  right: number;
  size: number;
  /** The font's name, e.g. 'DejaVuSansCondensed-Bold'. */
  font: string;
  str: string;
}

export interface PaintedPath {
  page: number;
  paint: 'fill' | 'stroke';
  /** '#2563eb' */
  color: string;
  /** Bounds in points from the top-left (pdfkit's space). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** An image drawn on a page (a PNG logo), its bounds in points from the top-left. */
export interface PaintedImage {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PdfRead {
  pages: number;
  texts: TextRun[];
  paths: PaintedPath[];
  images: PaintedImage[];
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

const OP_NAMES = Object.fromEntries(Object.entries(OPS).map(([name, code]) => [code, name]));

export async function readBack(file: Uint8Array): Promise<PdfRead> {
  const pdf = await getDocument({ data: new Uint8Array(file), disableFontFace: true, verbosity: 0 }).promise;
  const texts: TextRun[] = [];
  const paths: PaintedPath[] = [];
  const images: PaintedImage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const height = page.view[3]!;
    const ops = await page.getOperatorList();
    let fill = '#000000';
    let stroke = '#000000';
    // The transformation, to place an image (a unit square drawn through it).
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: [string, string, Matrix][] = [];
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i];
      const name = OP_NAMES[fn];
      if (name === 'save') stack.push([fill, stroke, ctm]);
      else if (name === 'restore') [fill, stroke, ctm] = stack.pop() ?? [fill, stroke, ctm];
      else if (name === 'transform') ctm = times(ctm, args as Matrix);
      else if (name === 'paintImageXObject') {
        const xs = [ctm[4], ctm[0] + ctm[4], ctm[2] + ctm[4], ctm[0] + ctm[2] + ctm[4]];
        const ys = [ctm[5], ctm[1] + ctm[5], ctm[3] + ctm[5], ctm[1] + ctm[3] + ctm[5]].map((y) => height - y);
        images.push({ page: n, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
      } else if (name === 'setFillRGBColor') fill = args[0];
      else if (name === 'setStrokeRGBColor') stroke = args[0];
      else if (name === 'constructPath') {
        const paint = OP_NAMES[args[0]];
        const box = args[2] as ArrayLike<number>;
        if (paint !== 'fill' && paint !== 'stroke') return;
        paths.push({
          page: n,
          paint,
          color: paint === 'fill' ? fill : stroke,
          x0: box[0]!,
          y0: box[1]!,
          x1: box[2]!,
          y1: box[3]!,
        });
      }
    });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [size, , , , x, baseline] = item.transform as number[];
      const font = (page.commonObjs.get(item.fontName) as { name?: string } | undefined)?.name ?? item.fontName;
      texts.push({
        page: n,
        x: x!,
        y: height - baseline!,
        right: x! + item.width,
        size: size!,
        font: font.replace(/^[A-Z]{6}\+/, ''),
        str: item.str,
      });
    }
  }
  await pdf.destroy();
  return { pages: pdf.numPages, texts, paths, images };
}

/** All the text of a page, runs joined in reading order (top to bottom, left to right). */
export function pageText(read: PdfRead, page: number): string {
  return lines(read.texts.filter((t) => t.page === page))
    .map((l) => l.runs.map((r) => r.str).join(' '))
    .join('\n');
}

export interface Line {
  page: number;
  y: number;
  runs: TextRun[];
}

/** Runs on one baseline make a line; lines in page order, then top to bottom. */
export function lines(texts: TextRun[]): Line[] {
  const sorted = [...texts].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const out: Line[] = [];
  for (const run of sorted) {
    const last = out[out.length - 1];
    if (last && last.page === run.page && Math.abs(last.y - run.y) < 1) last.runs.push(run);
    else out.push({ page: run.page, y: run.y, runs: [run] });
  }
  for (const line of out) line.runs.sort((a, b) => a.x - b.x);
  return out;
}

export const isBold = (run: TextRun) => /Bold/.test(run.font);
const isItalic = (run: TextRun) => /Oblique|Italic/.test(run.font);

export interface ReadRow {
  page: number;
  y: number;
  /** One per column, '' where the row shows nothing. */
  cells: string[];
  /** The first cell is in bold (a statement's line rather than an account under it). */
  bold: boolean;
  /** The first cell is indented (an account under its line). */
  indented: boolean;
}

export interface ReadTable {
  title: string;
  /** The pages the table's title and rows are on. */
  pages: number[];
  /** The header as read on each page the table is on. */
  headers: string[][];
  rows: ReadRow[];
}

interface Anchor {
  numeric: boolean;
  /** Left edge of a text column's cells, right edge of a number column's. */
  at: number;
}

const TITLE = /^(.*?)(?: \((\d+)\/(\d+)\))?(?: \((?:forts\.|cont\.)\))?$/;

/**
 * The tables as a reader sees them: a heading (≥ 10 pt) that is one of `tables`' titles (with '(1/2)'
 * for a block of columns, '(forts.)' on the pages it goes on to), its header row (bold, starting with
 * the first column's name), then each line of the table's width until its note (italics) or the next
 * heading. Lines within one line's height of the row above continue its wrapped text.
 */
export function readTables(
  read: PdfRead,
  tables: { title: string; columns: string[]; kinds: ExportColumnKind[] }[],
): ReadTable[] {
  const out: ReadTable[] = [];
  let current: {
    table: ReadTable;
    columns: string[];
    kinds: ExportColumnKind[];
    anchors: Anchor[] | null;
    left: number;
    right: number;
  } | null = null;
  let phase: 'header' | 'headerRest' | 'body' | 'done' = 'done';
  let lastRow: ReadRow | null = null;
  const body = lines(read.texts.filter((t) => t.page > 1 && t.y > BODY_TOP - 2 && t.y < BODY_BOTTOM + 2));
  for (const line of body) {
    const first = line.runs[0]!;
    const match = first.size >= 10 ? TITLE.exec(first.str) : null;
    const known = match && tables.find((t) => t.title === match[1]);
    if (match && known) {
      const continued = first.str.endsWith('.)') && /\((forts|cont)\.\)$/.test(first.str);
      if (!continued || !current) {
        const part = match[2] ? `${known.title} (${match[2]}/${match[3]})` : known.title;
        const kinds = match[2]
          ? // A block of columns: the line's name, then numbers.
            known.kinds.map((k, i) => (i === 0 ? k : known.kinds[known.kinds.length - 1]!))
          : known.kinds;
        current = {
          table: { title: part, pages: [], headers: [], rows: [] },
          columns: known.columns,
          kinds,
          anchors: null,
          left: 0,
          right: 0,
        };
        out.push(current.table);
      }
      if (!current.table.pages.includes(line.page)) current.table.pages.push(line.page);
      phase = 'header';
      lastRow = null;
      continue;
    }
    // Another heading: the end of the table.
    if (first.size >= 10) phase = 'done';
    if (!current || phase === 'done') continue;
    if (phase === 'header') {
      if (!(line.runs.every(isBold) && line.runs.some((r) => current!.columns.includes(r.str)))) continue;
      // The header's first line: one run per column, aligned as the column's cells are.
      const runs = line.runs;
      const kinds = current.kinds;
      current.anchors = runs.map((r, i) => {
        const numeric = isNumeric(kinds[i]);
        return { numeric, at: numeric ? r.right : r.x };
      });
      current.left = runs[0]!.x - 6;
      current.right = Math.max(...runs.map((r) => r.right)) + 6;
      current.table.headers.push(runs.map((r) => r.str));
      if (!current.table.pages.includes(line.page)) current.table.pages.push(line.page);
      phase = 'headerRest';
      lastRow = null;
      continue;
    }
    const runs = line.runs.filter((r) => r.x >= current!.left && r.right <= current!.right);
    if (runs.length === 0) continue;
    if (phase === 'headerRest') {
      if (runs.every(isBold) && !runs.some((r) => Math.abs(r.x - current!.anchors![0]!.at) < 1.5)) {
        const header = current.table.headers[current.table.headers.length - 1]!;
        header.push(...runs.map((r) => r.str));
        continue;
      }
      phase = 'body';
    }
    if (runs.some(isItalic)) {
      phase = 'done';
      continue;
    }
    const anchors = current.anchors!;
    const columnOf = (run: TextRun) =>
      anchors.findIndex((a) =>
        a.numeric ? Math.abs(run.right - a.at) < 1.5 : run.x >= a.at - 1.5 && run.x <= a.at + 14,
      );
    const lineHeight = runs[0]!.size * 1.5;
    if (
      lastRow &&
      lastRow.page === line.page &&
      line.y - lastRow.y < lineHeight &&
      runs.every((r) => !anchors[columnOf(r)]?.numeric)
    ) {
      // A wrapped text goes on under its row.
      for (const run of runs) {
        const c = columnOf(run);
        if (c >= 0) lastRow.cells[c] = `${lastRow.cells[c]} ${run.str}`.trim();
      }
      lastRow.y = line.y;
      continue;
    }
    const cells = anchors.map(() => '');
    for (const run of runs) {
      const c = columnOf(run);
      if (c >= 0) cells[c] = run.str;
    }
    const row: ReadRow = {
      page: line.page,
      y: line.y,
      cells,
      bold: isBold(runs[0]!),
      indented: !anchors[0]!.numeric && runs[0]!.x - anchors[0]!.at > 5,
    };
    current.table.rows.push(row);
    if (!current.table.pages.includes(line.page)) current.table.pages.push(line.page);
    lastRow = row;
  }
  return out;
}
