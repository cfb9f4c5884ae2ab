// The first worksheet of an .xlsx file as rows of cells, read within bounds (file-bounds.ts).
//
// Not ExcelJS's whole-workbook model: that builds every row out to its last cell, so a 9 KB file with
// one cell in column XFD on each of 1 500 rows filled a 4 GB heap. Here the zip's central directory is
// read first (fflate): its parts' declared sizes are checked against the cap before anything is inflated,
// and each part is inflated into a buffer of its declared size, so a part that lies about its size is cut
// off there (and is then no readable XML). The parts are small by then, and saxes (the SAF-T parser)
// walks them event by event, keeping only cells within the template's rows and columns and stopping at
// the first cell with something in it past them.

import { unzipSync } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BUDGET_FILE_BOUNDS, checkCellBounds, readingClock, tooLarge } from './file-bounds.ts';
import type { Cell } from './sheet.ts';

type Clock = ReturnType<typeof readingClock>;

/** Reads `wanted` parts of the zip, their declared sizes together within `budget.left` bytes. */
function unzipParts(bytes: Uint8Array, wanted: (name: string) => boolean, budget: { left: number }) {
  let entries = 0;
  const parts = unzipSync(bytes, {
    filter(file) {
      if (++entries > BUDGET_FILE_BOUNDS.zipEntries) throw tooLarge();
      if (!wanted(file.name)) return false;
      if (file.originalSize > budget.left) throw tooLarge();
      budget.left -= file.originalSize;
      // Stored or deflated, as every spreadsheet program writes; another method leaves the part unread.
      return file.compression === 0 || file.compression === 8;
    },
  });
  const decoder = new TextDecoder('utf-8');
  return (name: string): string | undefined => {
    const part = parts[name];
    return part ? decoder.decode(part) : undefined;
  };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Walks an XML text's elements: `open` and `close` get local names, `text` the character data. */
function walk(
  xml: string,
  clock: Clock,
  on: { open(name: string, tag: SaxesTagPlain): void; close?(name: string): void; text?(text: string): void },
): void {
  const sax = new SaxesParser({ xmlns: false });
  let opened = 0;
  sax.on('opentag', (tag) => {
    if (++opened % 256 === 0) clock.check();
    on.open(localName(tag.name), tag);
  });
  if (on.close) {
    const close = on.close;
    sax.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (on.text) sax.on('text', on.text);
  sax.on('error', (err) => {
    throw err;
  });
  sax.write(xml).close();
}

/** An attribute whatever its prefix (`r:id` or `relationships:id`). */
function attribute(tag: SaxesTagPlain, local: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === local) return value;
  return undefined;
}

/** A part's path from the workbook's relationship target ('worksheets/sheet1.xml' or '/xl/…'). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** The workbook's first sheet, shared strings and styles, and whether its dates count from 1904. */
function workbookParts(read: (name: string) => string | undefined, clock: Clock) {
  const workbook = read('xl/workbook.xml');
  const rels = read('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) return null;
  let firstSheet: string | undefined;
  let date1904 = false;
  walk(workbook, clock, {
    open(name, tag) {
      if (name === 'sheet' && firstSheet === undefined) firstSheet = attribute(tag, 'id');
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
    },
  });
  const targets = { sheet: undefined as string | undefined, strings: undefined as string | undefined, styles: '' };
  walk(rels, clock, {
    open(name, tag) {
      if (name !== 'Relationship' || !tag.attributes.Target) return;
      const target = partPath(tag.attributes.Target);
      const type = tag.attributes.Type ?? '';
      if (tag.attributes.Id === firstSheet) targets.sheet = target;
      else if (type.endsWith('/sharedStrings')) targets.strings = target;
      else if (type.endsWith('/styles')) targets.styles = target;
    },
  });
  return targets.sheet ? { ...targets, sheet: targets.sheet, date1904 } : null;
}

/** The shared strings, rich text as its runs' text (phonetic runs left out). */
function sharedStrings(xml: string | undefined, clock: Clock): string[] {
  const strings: string[] = [];
  if (xml === undefined) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  walk(xml, clock, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si') strings.push(current);
      else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText) current += text;
    },
  });
  return strings;
}

/** Excel's built-in number formats that show a date or time (ExcelJS reads these as dates too). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code that shows a date: y, m, d, h, s outside quotes and brackets (as ExcelJS decides). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Which cell styles (indexes of cellXfs) show dates. */
function dateStyles(xml: string | undefined, clock: Clock): Set<number> {
  const dates = new Set<number>();
  if (xml === undefined) return dates;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let index = 0;
  walk(xml, clock, {
    open(name, tag) {
      if (name === 'numFmt') custom.set(Number(tag.attributes.numFmtId), tag.attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        const code = custom.get(id);
        if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id)) dates.add(index);
        index++;
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

/** A cell reference's column and row ('C12' → 3, 12). */
function cellRef(ref: string | undefined): { column: number; row: number } | null {
  const match = ref ? /^\$?([A-Za-z]{1,7})\$?(\d{1,9})$/.exec(ref) : null;
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { column, row: Number(match[2]) };
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)).toISOString().slice(0, 10);

interface Styles {
  strings: string[];
  dates: Set<number>;
  date1904: boolean;
}

/** A cell's value from its type, its text (<v>, or an inline string's) and its style. */
function cellValue(type: string, text: string | undefined, style: number, s: Styles): Cell {
  if (text === undefined) return null;
  switch (type) {
    case 's':
      return s.strings[Number(text)] ?? null;
    case 'str':
    case 'inlineStr':
    case 'e':
      return text;
    case 'b':
      return text === '1' || text === 'true' ? 'true' : 'false';
    case 'd': {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 10);
    }
    default: {
      const number = Number.parseFloat(text);
      if (Number.isNaN(number)) return text;
      return s.dates.has(style) ? excelDate(number, s.date1904) : number;
    }
  }
}

/** The sheet's cells within the bounds; the first cell with something in it past them refuses the file. */
function sheetCells(xml: string, styles: Styles, clock: Clock): Cell[][] {
  const rows: Cell[][] = [];
  let row = 0;
  let column = 0;
  let cell = { type: '', style: 0, text: undefined as string | undefined };
  let capture = false;
  let inInline = false;
  let phonetic = 0;
  walk(xml, clock, {
    open(name, tag) {
      switch (name) {
        case 'row':
          row = Number(tag.attributes.r) || row + 1;
          column = 0;
          return;
        case 'c': {
          const ref = cellRef(tag.attributes.r);
          column = ref ? ref.column : column + 1;
          if (ref) row = ref.row;
          cell = { type: tag.attributes.t ?? 'n', style: Number(tag.attributes.s ?? 0), text: undefined };
          return;
        }
        case 'v':
          capture = true;
          cell.text = '';
          return;
        case 'is':
          inInline = true;
          cell.text = '';
          return;
        case 'rPh':
          phonetic++;
          return;
        case 't':
          capture = inInline && phonetic === 0;
      }
    },
    close(name) {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c') {
        const value = cellValue(cell.type, cell.text, cell.style, styles);
        if (value === null || (typeof value === 'string' && value.trim() === '')) return;
        checkCellBounds(row, column);
        const cells = rows[row - 1] ?? [];
        rows[row - 1] = cells;
        cells[column - 1] = value;
      }
    },
    text(text) {
      if (capture) cell.text += text;
    },
  });
  return Array.from(rows, (cells) => (cells ? Array.from(cells, (value) => value ?? null) : []));
}

/**
 * The first worksheet of an .xlsx file as rows of cells: a formula by its result, rich text as its text,
 * a date as yyyy-mm-dd. Null when it is no workbook; BudgetFileRefused past a bound.
 */
export function readXlsx(bytes: Uint8Array, clock: Clock = readingClock()): Cell[][] | null {
  const budget = { left: BUDGET_FILE_BOUNDS.unpackedBytes };
  const index = unzipParts(
    bytes,
    (name) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels',
    budget,
  );
  const parts = workbookParts(index, clock);
  if (!parts) return null;
  const names = new Set([parts.sheet, parts.strings, parts.styles]);
  const read = unzipParts(bytes, (name) => names.has(name), budget);
  const sheet = read(parts.sheet);
  if (sheet === undefined) return null;
  clock.check();
  const styles: Styles = {
    strings: sharedStrings(parts.strings && read(parts.strings), clock),
    dates: dateStyles(parts.styles ? read(parts.styles) : undefined, clock),
    date1904: parts.date1904,
  };
  return sheetCells(sheet, styles, clock);
}
