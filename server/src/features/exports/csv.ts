/**
 * CSV for Norwegian Excel: UTF-8 with a BOM, `;` between fields, CRLF. Each table is a block: its
 * title, the header, the rows, a blank line. Amounts are whole units without a thousands separator
 * (so spreadsheets read them as numbers), dates yyyy/mm/dd, percentages with one decimal (comma).
 */
import type { ExportColumnKind, ExportDocument, ExportTable } from '@saldo/contract';
import { formatDate, percentText } from '@saldo/contract/numbers/format';

const BOM = '\ufeff';
const SEPARATOR = ';';
const EOL = '\r\n';

/** Quotes a field holding the separator, a quote or a line break; doubles its quotes. */
export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe. */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | number | null, kind: ExportColumnKind): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (kind === 'percent') return percentText(value);
    return String(value).replace('.', ',');
  }
  if (kind === 'date') return formatDate(value);
  return safeText(value);
}

const line = (fields: string[]) => fields.map(csvField).join(SEPARATOR) + EOL;

export function tableCsv(table: ExportTable): string {
  let out = line([safeText(table.title)]);
  out += line(table.columns.map(safeText));
  for (const row of table.rows) out += line(row.map((value, i) => cell(value, table.kinds[i] ?? 'text')));
  if (table.note) out += line([safeText(table.note)]);
  return out + EOL;
}

export function writeCsv(doc: ExportDocument): Buffer {
  return Buffer.from(BOM + doc.tables.map(tableCsv).join(''), 'utf8');
}
