import type { BudgetRow, BudgetSaveRequest, BudgetYear, LocalizedText } from '@saldo/contract';
import { budgetTarget, isBalanceBudgetTarget, kronerText, parseKroner } from '@saldo/contract/budgets/budgets';

// The budget grid's rules, apart from its page: rows as the user types them (kroner as text), what
// they save as (øre), the sums shown, and which row may be added.

export interface GridRow {
  target: string;
  kind: 'account' | 'line';
  /** Null for a row added here and not yet saved (the server names it). */
  title: LocalizedText | null;
  /** Kroner as typed, January first. */
  cells: string[];
}

export const MONTHS = 12;

/** A saved year's rows for editing: each amount as kroner text ('-400 000', '1 234,50'). */
export function gridRows(year: Pick<BudgetYear, 'rows'>): GridRow[] {
  return year.rows.map((row: BudgetRow) => ({
    target: row.target,
    kind: row.kind,
    title: row.title,
    cells: row.months.map(kronerText),
  }));
}

/** A cell's øre: empty is 0; null when it is no amount. */
export function cellOre(text: string): number | null {
  return text.trim() === '' ? 0 : parseKroner(text);
}

/** The body of PUT /api/budgets/{groupId}, or the cells that are no amount ([row, month]). */
export function gridBody(
  rows: readonly GridRow[],
  year: number,
): { ok: true; body: BudgetSaveRequest } | { ok: false; invalid: Array<[number, number]> } {
  const invalid: Array<[number, number]> = [];
  const body = rows.map((row, r) => ({
    target: row.target,
    months: row.cells.map((cell, m) => {
      const ore = cellOre(cell);
      if (ore === null) invalid.push([r, m]);
      return ore ?? 0;
    }),
  }));
  return invalid.length ? { ok: false, invalid } : { ok: true, body: { year, rows: body } };
}

/** A row's sum over the year in øre, or null while one of its cells is no amount. */
export function rowTotal(row: GridRow): number | null {
  let sum = 0;
  for (const cell of row.cells) {
    const ore = cellOre(cell);
    if (ore === null) return null;
    sum += ore;
  }
  return sum;
}

/**
 * Each month's sum of the P&L rows in øre (what the budget's result is, since costs are negative), and
 * the year's; null where a cell of that month is no amount. Balance accounts' rows are movements of
 * the balance sheet, not part of the result.
 */
export function monthTotals(rows: readonly GridRow[]): { months: Array<number | null>; year: number | null } {
  const result = rows.filter((row) => !isBalanceBudgetTarget(row.target));
  const months = Array.from({ length: MONTHS }, (_, m) =>
    result.reduce<number | null>((sum, row) => {
      const ore = cellOre(row.cells[m] ?? '');
      return sum === null || ore === null ? null : sum + ore;
    }, 0),
  );
  const year = months.some((m) => m === null) ? null : months.reduce<number>((s, m) => s + (m ?? 0), 0);
  return { months, year };
}

/** A new row for what the user wrote (an account number or a line), or why not. */
export function newRow(text: string, rows: readonly GridRow[]): GridRow | 'invalid' | 'duplicate' {
  const target = budgetTarget(text);
  if (!target) return 'invalid';
  if (rows.some((row) => row.target === target.target)) return 'duplicate';
  return { ...target, title: null, cells: Array.from({ length: MONTHS }, () => '0') };
}

/**
 * The years the year picker offers: every year with data in the board's books and the one after the
 * last (a company whose books are 2020 is offered 2020 and 2021, not the years around today), and
 * every year with a budget; with no books yet, this year and the next. The year shown is always one.
 */
export function yearChoices(
  dataYears: readonly number[],
  withBudget: readonly number[],
  thisYear: number,
  shown?: number,
): number[] {
  const last = dataYears.length ? Math.max(...dataYears) : null;
  const base = last === null ? [thisYear, thisYear + 1] : [...dataYears, last + 1];
  return [...new Set([...base, ...withBudget, ...(shown === undefined ? [] : [shown])])].sort((a, b) => a - b);
}

/** The year whose actuals a budget is filled from: the year before where it has data, else the latest year with data up to the budget's. */
export function actualsYear(year: number, dataYears: readonly number[]): number | null {
  if (dataYears.includes(year - 1)) return year - 1;
  const earlier = dataYears.filter((y) => y <= year);
  if (earlier.length) return Math.max(...earlier);
  return dataYears.length ? Math.max(...dataYears) : null;
}

/** A percentage as typed ('5', '-2,5'): up to two decimals, −100 to 1000; null otherwise. */
export function percentText(text: string): string | null {
  const value = text.trim().replace(/^[−–]/, '-');
  if (value === '') return '0';
  const match = /^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const hundredths = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  const signed = match[1] === '-' ? -hundredths : hundredths;
  return signed >= -10_000 && signed <= 100_000 ? value.replace(/^\+/, '') : null;
}
