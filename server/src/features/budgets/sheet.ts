// A budget file as rows of cells, and the budget it holds: every problem found with its row and
// column, or the whole year's rows. Nothing is stored here; the route stores all of it or nothing.

import {
  type BudgetIssue,
  type BudgetIssueCode,
  budgetMonths,
  budgetTarget,
  parseKroner,
} from '@saldo/contract/budgets/budgets';
import { BUDGET_FILE_BOUNDS, BudgetFileRefused, checkCellBounds, tooLarge } from './file-bounds.ts';
import { readXlsx } from './xlsx-reader.ts';

/** A cell as read: text, a number, or nothing. */
export type Cell = string | number | null;

/** A budget read from a file: its year and its rows (øre per month, January first). */
export interface ReadBudget {
  year: number;
  rows: Array<{ target: string; kind: 'account' | 'line'; months: number[] }>;
}

/** More problems than this are not listed: the first ones tell what is wrong. */
export const MAX_ISSUES = 100;

const TARGET_HEADERS = new Set(['konto', 'account', 'konto/linje', 'account/line', 'linje', 'line']);
/** Columns a person may keep beside the months; they are read by nobody. */
const IGNORED_HEADERS = new Set(['navn', 'name', 'sum', 'total', 'totalt', 'kommentar', 'comment', 'note', 'merknad']);

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');
const text = (cell: Cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : cell.trim());

/** The month a header names: '2026-01', '2026/01', '01.2026', or a date Excel made of it (a number never). */
function headerMonth(cell: Cell): string | null {
  const value = text(cell);
  let match = /^(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?$/.exec(value);
  if (match) return monthOf(Number(match[1]), Number(match[2]));
  match = /^(\d{1,2})[-/.](\d{4})$/.exec(value);
  if (match) return monthOf(Number(match[2]), Number(match[1]));
  return null;
}

const monthOf = (year: number, month: number) =>
  month >= 1 && month <= 12 && year >= 1900 && year <= 2999 ? `${year}-${String(month).padStart(2, '0')}` : null;

/** Reads the budget out of a sheet (rows of cells, the heading row first). */
export function readBudgetSheet(cells: Cell[][]): ReadBudget | { issues: BudgetIssue[] } {
  const issues: BudgetIssue[] = [];
  const issue = (code: BudgetIssueCode, params: BudgetIssue['params'], row?: number, column?: number) => {
    if (issues.length < MAX_ISSUES)
      issues.push({ code, params, ...(row !== undefined ? { row } : {}), ...(column !== undefined ? { column } : {}) });
  };
  const headerIndex = cells.findIndex((row) => row.some((cell) => !isBlank(cell)));
  if (headerIndex < 0) return { issues: [{ code: 'BUDGET_FILE_EMPTY', params: {} }] };
  const header = cells[headerIndex]!;
  const headerRow = headerIndex + 1;
  if (!TARGET_HEADERS.has(text(header[0] ?? null).toLowerCase()))
    issue('BUDGET_TARGET_HEADER', { found: text(header[0] ?? null) }, headerRow, 1);

  // Which column holds which month.
  const columns = new Map<string, number>();
  header.forEach((cell, index) => {
    if (index === 0 || isBlank(cell)) return;
    const month = headerMonth(cell);
    if (month === null) {
      if (!IGNORED_HEADERS.has(text(cell).toLowerCase()))
        issue('BUDGET_MONTH_COLUMN_UNKNOWN', { found: text(cell) }, headerRow, index + 1);
      return;
    }
    if (columns.has(month)) issue('BUDGET_MONTH_COLUMN_REPEATED', { month }, headerRow, index + 1);
    else columns.set(month, index);
  });
  const years = [...new Set([...columns.keys()].map((m) => Number(m.slice(0, 4))))].sort();
  if (years.length > 1) issue('BUDGET_MONTHS_MIXED_YEARS', { years: years.join(', ') }, headerRow);
  const year = years[0] ?? null;
  const months = year === null ? [] : budgetMonths(year);
  if (year === null) issue('BUDGET_MONTH_COLUMN_MISSING', { month: 'åååå-01 … åååå-12' }, headerRow);
  else for (const month of months) if (!columns.has(month)) issue('BUDGET_MONTH_COLUMN_MISSING', { month }, headerRow);

  const rows: ReadBudget['rows'] = [];
  const seen = new Map<string, number>();
  for (let index = headerIndex + 1; index < cells.length; index++) {
    const row = cells[index]!;
    if (row.every(isBlank)) continue;
    const rowNumber = index + 1;
    const found = text(row[0] ?? null);
    const target = budgetTarget(found);
    if (!target) issue('BUDGET_WRONG_ACCOUNT', { found }, rowNumber, 1);
    else if (seen.has(target.target))
      issue('BUDGET_DUPLICATE_ROW', { found, first: seen.get(target.target)! }, rowNumber, 1);
    else seen.set(target.target, rowNumber);
    const amounts = months.map((month) => {
      const column = columns.get(month);
      if (column === undefined) return 0;
      const cell = row[column] ?? null;
      if (isBlank(cell)) {
        issue('BUDGET_MISSING_AMOUNT', { month }, rowNumber, column + 1);
        return 0;
      }
      const ore = parseKroner(typeof cell === 'number' ? cell : text(cell));
      if (ore === null) issue('BUDGET_NOT_A_NUMBER', { found: text(cell), month }, rowNumber, column + 1);
      return ore ?? 0;
    });
    if (target) rows.push({ ...target, months: amounts });
  }
  if (rows.length === 0 && issues.length === 0) issue('BUDGET_FILE_EMPTY', {});
  if (issues.length > 0 || year === null) return { issues };
  return { year, rows };
}

/**
 * CSV as rows of cells: the separator is the one of ';', ',' and tab that the heading row has most
 * of (Norwegian Excel writes ';'); quoted fields may hold separators, quotes ("") and line breaks.
 * Only the template's rows and columns are kept: the first field with something in it past them
 * refuses the file (BudgetFileRefused).
 */
export function readCsv(content: string): Cell[][] {
  const textContent = content.replace(/^\ufeff/, '');
  const firstLine = textContent.slice(0, 64 * 1024).split(/\r?\n/, 1)[0] ?? '';
  const separator = [';', ',', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let rowNumber = 1;
  const endField = () => {
    if (field.trim() !== '') checkCellBounds(rowNumber, row.length + 1);
    if (row.length < BUDGET_FILE_BOUNDS.columns) row.push(field);
    field = '';
  };
  for (let i = 0; i < textContent.length; i++) {
    const ch = textContent[i]!;
    if (quoted) {
      if (ch === '"' && textContent[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && textContent[i + 1] === '\n') i++;
      endField();
      if (rowNumber <= BUDGET_FILE_BOUNDS.rows) rows.push(row);
      rowNumber++;
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows.map((r) => r.map((cell) => (cell.trim() === '' ? null : cell)));
}

/**
 * A file's rows: an .xlsx (a zip, by its first bytes) or CSV text, each read within the bounds of
 * file-bounds.ts; the issue that refuses it when it is neither, or past a bound.
 */
export function readBudgetFile(bytes: Uint8Array): Cell[][] | { issues: BudgetIssue[] } {
  const unreadable = { issues: [{ code: 'BUDGET_FILE_UNREADABLE' as const, params: {} }] };
  try {
    if (bytes.length === 0) return unreadable;
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      try {
        return readXlsx(bytes) ?? unreadable;
      } catch (err) {
        if (err instanceof BudgetFileRefused) throw err;
        return unreadable;
      }
    }
    if (bytes.length > BUDGET_FILE_BOUNDS.unpackedBytes) throw tooLarge();
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return unreadable;
    }
    // A binary file that happens to decode as UTF-8 still has NUL bytes; text never does.
    if (content.includes('\u0000')) return unreadable;
    return readCsv(content);
  } catch (err) {
    if (err instanceof BudgetFileRefused) return { issues: [err.issue] };
    throw err;
  }
}
