// How much of a budget file is read at most, and the refusal when a file goes past it. The template is
// a heading row and a row per account or line (a few hundred at most), in 14 columns; every reader of
// a spreadsheet or CSV (xlsx-reader.ts, sheet.ts) stops at the first cell past these bounds, before
// anything of the file's size is built in memory.

import { type BudgetIssue, type BudgetIssueCode, columnLetter } from '@saldo/contract/budgets/budgets';

export const BUDGET_FILE_BOUNDS = {
  /** Rows of the sheet, the heading row included. */
  rows: 500,
  /** The template's 14 columns (Konto, Navn, twelve months) and two of one's own (a sum, a note). */
  columns: 16,
  /** The uncompressed size of the parts of a workbook that are read, together (or of a CSV's text). */
  unpackedBytes: 5 * 1024 * 1024,
  /** Parts in a workbook's zip: a workbook from Excel has a dozen or two. */
  zipEntries: 200,
  /** Time to read a file. */
  millis: 3_000,
} as const;

/** Thrown by a reader at the first thing past a bound; the route answers it as a 422 with the issue. */
export class BudgetFileRefused extends Error {
  constructor(readonly issue: BudgetIssue) {
    super(issue.code);
  }
}

const refuse = (code: BudgetIssueCode, params: BudgetIssue['params'], row?: number, column?: number) =>
  new BudgetFileRefused({
    code,
    params,
    ...(row !== undefined ? { row } : {}),
    ...(column !== undefined ? { column } : {}),
  });

/** A cell with something in it at `row`, `column` (1-based): refused when past the rows or columns. */
export function checkCellBounds(row: number, column: number): void {
  if (column > BUDGET_FILE_BOUNDS.columns)
    throw refuse('BUDGET_TOO_MANY_COLUMNS', { last: columnLetter(BUDGET_FILE_BOUNDS.columns) }, row, column);
  if (row > BUDGET_FILE_BOUNDS.rows)
    throw refuse('BUDGET_TOO_MANY_ROWS', { max: BUDGET_FILE_BOUNDS.rows }, row, column);
}

export const tooLarge = () =>
  refuse('BUDGET_FILE_TOO_LARGE', { max: `${BUDGET_FILE_BOUNDS.unpackedBytes / 1024 / 1024} MB` });

/** A clock for one file: `check()` refuses once the file's time is up. */
export function readingClock(now: () => number = () => performance.now()) {
  const end = now() + BUDGET_FILE_BOUNDS.millis;
  return {
    check() {
      if (now() > end) throw refuse('BUDGET_FILE_TOO_SLOW', { seconds: BUDGET_FILE_BOUNDS.millis / 1000 });
    },
  };
}
