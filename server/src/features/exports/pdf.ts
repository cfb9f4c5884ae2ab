/**
 * A small PDF 1.4 writer for the board export: A4 landscape, the base-14 Helvetica and
 * Helvetica-Bold in WinAnsiEncoding (so æøå and – need no embedded font), the board's name and
 * period, then each table with its header and rows, numbers right-aligned as on screen, page breaks
 * (the header repeats) and page numbers. No compression: every text stays readable in the file.
 */
import type { ExportColumnKind, ExportDocument, ExportTable } from '@saldo/contract';
import { cellText, formatDate } from '@saldo/contract/format';

const PAGE_WIDTH = 842;
const PAGE_HEIGHT = 595;
const MARGIN = 40;
const TOP = PAGE_HEIGHT - MARGIN;
/** Lowest baseline of content; the footer sits below it. */
const BOTTOM = MARGIN + 14;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const PAD = 4;
/** Font sizes tried for a table, largest first, before its columns are split over several blocks. */
const SIZES = [8, 7.5, 7, 6.5, 6];
const TEXT_COLUMN_CAP = 300;
const MIN_TEXT_COLUMN = 60;

// --- WinAnsi ---------------------------------------------------------------------------------

/** Unicode → WinAnsi byte for the characters of 0x80–0x9F (the rest of Latin-1 maps to itself). */
const WIN_ANSI_SPECIAL: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
  // Look-alikes without a WinAnsi code of their own.
  8722: 0x2d, // minus sign
  8208: 0x2d,
  8209: 0x2d,
  8239: 0xa0, // narrow no-break space
  8201: 0x20,
  8199: 0xa0,
};

/** The WinAnsi bytes of a text; characters WinAnsi lacks become '?'. */
export function winAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09) bytes.push(0x20);
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(WIN_ANSI_SPECIAL[code] ?? 0x3f);
  }
  return bytes;
}

/** A PDF literal string of WinAnsi bytes: ( ) \ escaped, everything outside printable ASCII as \ooo. */
export function pdfString(text: string): string {
  let out = '(';
  for (const b of winAnsi(text)) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

/** A text string outside content streams (the info dictionary): UTF-16BE with its byte order mark, in hex. */
export function infoString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

// --- Helvetica metrics (AFM widths, 1/1000 em) -----------------------------------------------------

// Codes 32..126 in WinAnsi (39 is quotesingle, 96 grave).
// biome-ignore format: a table
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// biome-ignore format: a table
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Widths above 126 that matter here: æøåÆØÅ, –, no-break space, … and a few more. [regular, bold] */
const HIGH: Record<number, [number, number]> = {
  128: [556, 556],
  133: [1000, 1000],
  145: [222, 278],
  146: [222, 278],
  147: [333, 500],
  148: [333, 500],
  149: [350, 350],
  150: [556, 556],
  151: [1000, 1000],
  160: [278, 278],
  167: [556, 556],
  171: [556, 556],
  176: [400, 400],
  183: [278, 278],
  187: [556, 556],
  196: [667, 722],
  197: [667, 722],
  198: [1000, 1000],
  201: [667, 667],
  214: [778, 778],
  216: [778, 778],
  220: [722, 722],
  223: [611, 611],
  228: [556, 556],
  229: [556, 556],
  230: [889, 889],
  233: [556, 556],
  246: [556, 611],
  248: [611, 611],
  252: [556, 611],
};

function byteWidth(b: number, bold: boolean): number {
  if (b >= 32 && b <= 126) return (bold ? HELVETICA_BOLD : HELVETICA)[b - 32]!;
  const high = HIGH[b];
  if (high) return high[bold ? 1 : 0];
  // Other Latin-1 letters: capitals about as wide as 'H', small ones as 'a'.
  if (b >= 0xc0 && b <= 0xde) return 722;
  return 556;
}

/** Width of a text in points. */
export function textWidth(text: string, size: number, bold = false): number {
  return (winAnsi(text).reduce((sum, b) => sum + byteWidth(b, bold), 0) * size) / 1000;
}

/** Breaks a text into lines no wider than `width`: at spaces, or inside a word too long for a line. */
export function wrapText(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (textWidth(candidate, size, bold) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      let rest = word;
      while (textWidth(rest, size, bold) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut), size, bold) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines;
}

// --- Layout -----------------------------------------------------------------------------------

const numeric = (kind: ExportColumnKind | undefined) => kind !== undefined && kind !== 'text' && kind !== 'date';

interface Block {
  table: ExportTable;
  size: number;
  widths: number[];
}

function naturalWidths(table: ExportTable, texts: string[][], size: number): number[] {
  return table.columns.map((header, i) => {
    let widest = Math.max(...header.split('\n').map((l) => textWidth(l, size, true)));
    for (const row of texts) {
      for (const line of (row[i] ?? '').split('\n')) widest = Math.max(widest, textWidth(line, size));
    }
    const width = widest + 2 * PAD;
    return table.kinds[i] === 'text' ? Math.min(width, TEXT_COLUMN_CAP) : width;
  });
}

const cellTexts = (table: ExportTable) =>
  table.rows.map((row) => row.map((value, i) => cellText(value, table.kinds[i] ?? 'text')));

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A table's font size and column widths; a table too wide even in the smallest size is split by columns. */
export function fitTable(table: ExportTable, available = CONTENT_WIDTH): Block[] {
  const texts = cellTexts(table);
  for (const size of SIZES) {
    const widths = naturalWidths(table, texts, size);
    if (sum(widths) > available) continue;
    // Room to spare: give narrow columns a comfortable width.
    const roomy = widths.map((w, i) => Math.max(w, table.kinds[i] === 'text' ? 110 : 56));
    return [{ table, size, widths: sum(roomy) <= available ? roomy : widths }];
  }
  const size = SIZES[SIZES.length - 1]!;
  const widths = naturalWidths(table, texts, size);
  // Text columns may wrap: narrow them (not below MIN_TEXT_COLUMN) when that is enough.
  const fixed = sum(widths.filter((_, i) => table.kinds[i] !== 'text'));
  const textColumns = widths.flatMap((_, i) => (table.kinds[i] === 'text' ? [i] : []));
  const textRoom = available - fixed;
  if (textColumns.length && textRoom >= textColumns.length * MIN_TEXT_COLUMN) {
    const textTotal = sum(textColumns.map((i) => widths[i]!));
    for (const i of textColumns) widths[i] = Math.max(MIN_TEXT_COLUMN, (widths[i]! * textRoom) / textTotal);
    if (sum(widths) <= available + 0.01) return [{ table, size, widths }];
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
    return { table: part, size, widths: pick.map((i) => (i === key ? keyWidth : widths[i]!)) };
  });
}

const LABELS = {
  nor: {
    period: 'Periode',
    page: (i: number, n: number) => `Side ${i} av ${n}`,
    more: 'forts.',
    empty: 'Ingen data for perioden',
  },
  en: {
    period: 'Period',
    page: (i: number, n: number) => `Page ${i} of ${n}`,
    more: 'cont.',
    empty: 'No data for this period',
  },
};

const num = (n: number) => (Math.round(n * 100) / 100).toString();

interface TextOptions {
  bold?: boolean;
  /** 0 black … 1 white */
  gray?: number;
}

/** Draws a text with its baseline starting at (x, y). */
function textOps(x: number, y: number, text: string, size: number, options: TextOptions = {}): string[] {
  if (!text) return [];
  const font = options.bold ? 'F2' : 'F1';
  const color = options.gray ? `${num(options.gray)} g ` : '';
  const op = `BT ${color}/${font} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(text)} Tj ET`;
  return options.gray ? [op, '0 g'] : [op];
}

class Canvas {
  readonly pages: string[][] = [];
  y = TOP;

  constructor() {
    this.newPage();
  }

  get ops(): string[] {
    return this.pages[this.pages.length - 1]!;
  }

  newPage() {
    this.pages.push([]);
    this.y = TOP;
  }

  text(x: number, y: number, text: string, size: number, options: TextOptions = {}) {
    this.ops.push(...textOps(x, y, text, size, options));
  }

  line(x1: number, y: number, x2: number, width: number, gray: number) {
    this.ops.push(`${num(gray)} G ${num(width)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  /** Moves down by `height`, starting a page when the line would fall below the bottom; true when it did. */
  advance(height: number): boolean {
    if (this.y - height < BOTTOM) {
      this.newPage();
      this.y -= height;
      return true;
    }
    this.y -= height;
    return false;
  }
}

function drawBlock(canvas: Canvas, block: Block, lang: 'nor' | 'en') {
  const { table, size, widths } = block;
  const lineHeight = size * 1.45;
  const titleSize = 11;
  const xs = widths.map((_, i) => MARGIN + sum(widths.slice(0, i)));
  const tableRight = MARGIN + sum(widths);
  const headerLines = table.columns.map((c, i) => wrapText(c, widths[i]! - 2 * PAD, size, true));
  const headerHeight = Math.max(1, ...headerLines.map((l) => l.length)) * lineHeight + 4;

  // Statements: group and sum lines in bold, the accounts under them (indented) in regular.
  const structured = table.kinds[0] === 'text' && table.rows.some((r) => String(r[0] ?? '').startsWith('  '));
  const drawCells = (lines: string[][], index: number, bold: boolean) => {
    lines.forEach((cell, c) => {
      const text = cell[index];
      if (!text) return;
      const right = numeric(table.kinds[c]);
      const x = right ? xs[c]! + widths[c]! - PAD - textWidth(text, size, bold) : xs[c]! + PAD;
      canvas.text(x, canvas.y, text, size, { bold });
    });
  };
  const drawHeader = () => {
    const count = Math.max(1, ...headerLines.map((l) => l.length));
    for (let i = 0; i < count; i++) {
      canvas.y -= lineHeight;
      drawCells(headerLines, i, true);
    }
    canvas.y -= 4;
    canvas.line(MARGIN, canvas.y + size * 0.3, tableRight, 0.7, 0.3);
  };
  const drawTitle = (continued: boolean) => {
    canvas.y -= titleSize * 1.2;
    canvas.text(MARGIN, canvas.y, continued ? `${table.title} (${LABELS[lang].more})` : table.title, titleSize, {
      bold: true,
    });
    canvas.y -= 4;
  };

  // The title, the header and a first row go on the same page.
  if (canvas.y - (titleSize * 1.2 + 4 + headerHeight + lineHeight * 2) < BOTTOM) canvas.newPage();
  drawTitle(false);
  drawHeader();

  const texts = cellTexts(table);
  if (texts.length === 0) {
    canvas.advance(lineHeight * 1.2);
    canvas.text(MARGIN + PAD, canvas.y, LABELS[lang].empty, size, { gray: 0.45 });
  }
  for (const row of texts) {
    const bold = structured && !row[0]!.startsWith('  ');
    const lines = row.map((text, c) =>
      table.kinds[c] === 'text' || table.kinds[c] === 'date' ? wrapText(text, widths[c]! - 2 * PAD, size) : [text],
    );
    const count = Math.max(1, ...lines.map((l) => l.length));
    for (let i = 0; i < count; i++) {
      if (canvas.advance(lineHeight)) {
        // A new page: the title (continued) and the header again, then this line.
        drawTitle(true);
        drawHeader();
        canvas.y -= lineHeight;
      }
      drawCells(lines, i, bold);
    }
    canvas.line(MARGIN, canvas.y - size * 0.45, tableRight, 0.3, 0.85);
  }
  if (table.note) {
    canvas.y -= 4;
    for (const line of wrapText(table.note, CONTENT_WIDTH, 7.5)) {
      canvas.advance(7.5 * 1.4);
      canvas.text(MARGIN, canvas.y, line, 7.5, { gray: 0.4 });
    }
  }
  canvas.y -= 18;
}

/** The content streams of the pages, footers (page numbers) included. */
export function layoutPages(doc: ExportDocument): string[] {
  const canvas = new Canvas();
  const labels = LABELS[doc.lang];
  const period = `${labels.period}: ${formatDate(doc.startDate)} – ${formatDate(doc.endDate)}`;
  canvas.y -= 18;
  canvas.text(MARGIN, canvas.y, doc.board, 18, { bold: true });
  canvas.y -= 16;
  canvas.text(MARGIN, canvas.y, period, 10, { gray: 0.3 });
  canvas.y -= 16;
  for (const table of doc.tables) for (const block of fitTable(table)) drawBlock(canvas, block, doc.lang);
  const count = canvas.pages.length;
  return canvas.pages.map((ops, i) => {
    const footer = 22;
    const page = labels.page(i + 1, count);
    return [
      ...ops,
      ...textOps(MARGIN, footer, `${doc.board} · ${period}`, 7, { gray: 0.45 }),
      ...textOps(PAGE_WIDTH - MARGIN - textWidth(page, 7), footer, page, 7, { gray: 0.45 }),
    ].join('\n');
  });
}

/** The whole file: catalog, pages, the two fonts, an info dictionary, the cross-reference table. */
export function writePdf(doc: ExportDocument): Buffer {
  const contents = layoutPages(doc);
  const objects: string[] = [];
  const pageIds = contents.map((_, i) => 6 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${infoString(`${doc.board} ${doc.startDate} – ${doc.endDate}`)} /Producer (Saldo) >>`;
  contents.forEach((stream, i) => {
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    // Streams are ASCII (pdfString escapes every other byte), so characters are bytes.
    objects[pageIds[i]! + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  // A binary comment after the header tells transfer tools the file is binary.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
