/**
 * Excel workbook: one worksheet per table, the header row bold and frozen, amounts as numbers of
 * whole units shown '# ##0', percentages as numbers with one decimal, ratios with two, dates as real dates
 * yyyy/mm/dd.
 */

import type { ExportColumnKind, ExportDocument, ExportTable } from '@saldo/contract';
import { formatDate } from '@saldo/contract/numbers/format';
import ExcelJS from 'exceljs';

const NUM_FMT: Partial<Record<ExportColumnKind, string>> = {
  amount: '# ##0',
  number: '# ##0',
  percent: '0.0',
  ratio: '0.00',
  date: 'yyyy/mm/dd',
};

/**
 * Unique worksheet names: at most 31 characters, none of []:*?/\ and not starting or ending with an
 * apostrophe (Excel's rules); a repeated name gets ' (2)', ' (3)'…
 */
export function sheetNames(titles: string[]): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    const base = title
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31)
      .trim();
    let name = base || 'Sheet';
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${(base || 'Sheet').slice(0, 31 - suffix.length).trim()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

function cellValue(value: string | number | null, kind: ExportColumnKind): ExcelJS.CellValue {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (kind === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
  }
  return value;
}

/** How wide a column reads best: its longest text, within 8..60 characters. */
function columnWidth(table: ExportTable, index: number): number {
  const kind = table.kinds[index] ?? 'text';
  let longest = (table.columns[index] ?? '').length;
  for (const row of table.rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    const shown =
      typeof value === 'number'
        ? // '# ##0' adds a space per thousand: 1234567 → '1 234 567'
          String(value).length * 1.35
        : kind === 'date'
          ? formatDate(value).length
          : Math.max(...value.split('\n').map((l) => l.length));
    longest = Math.max(longest, shown);
  }
  return Math.min(60, Math.max(8, Math.ceil(longest) + 2));
}

function addTable(workbook: ExcelJS.Workbook, name: string, table: ExportTable) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((header, i) => ({
    header,
    width: columnWidth(table, i),
    style: NUM_FMT[table.kinds[i] ?? 'text'] ? { numFmt: NUM_FMT[table.kinds[i] ?? 'text'] } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  table.kinds.forEach((kind, i) => {
    if (kind !== 'text') header.getCell(i + 1).alignment = { horizontal: 'right' };
  });
  for (const row of table.rows) {
    const added = sheet.addRow(row.map((value, i) => cellValue(value, table.kinds[i] ?? 'text')));
    row.forEach((value, i) => {
      if (typeof value === 'string' && value.includes('\n')) added.getCell(i + 1).alignment = { wrapText: true };
    });
  }
  if (table.note) {
    sheet.addRow([]);
    sheet.addRow([table.note]).getCell(1).font = { italic: true };
  }
}

export async function writeXlsx(doc: ExportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Saldo';
  workbook.title = `${doc.board} ${doc.startDate} – ${doc.endDate}`;
  const names = sheetNames(doc.tables.map((t) => t.title));
  doc.tables.forEach((table, i) => {
    addTable(workbook, names[i]!, table);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
