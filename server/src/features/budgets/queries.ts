import type { BudgetRow, LocalizedText, ProfitLossGroupId } from '@saldo/contract';
import { BUDGET_LINES, budgetLineTitle, budgetMonths } from '@saldo/contract/budgets/budgets';
import { figures } from '@saldo/contract/kpis/kpis';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budget } from '../../db/schema/index.ts';

export interface BudgetCell {
  target: string;
  month: string;
  amount: number;
}

const isLine = (target: string): target is ProfitLossGroupId => (BUDGET_LINES as readonly string[]).includes(target);

/** The board's budget cells in the months first…last (yyyy-mm). */
export async function budgetCells(db: Db, boardId: string, first: string, last: string): Promise<BudgetCell[]> {
  return db
    .select({ target: budget.target, month: budget.month, amount: budget.amount })
    .from(budget)
    .where(and(eq(budget.boardId, boardId), between(budget.month, first, last)));
}

/** Every year the board has a budget for, oldest first. */
export async function budgetYears(db: Db, boardId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<string>`substr(${budget.month}, 1, 4)` })
    .from(budget)
    .where(eq(budget.boardId, boardId))
    .orderBy(asc(sql`1`));
  return rows.map((r) => Number(r.year));
}

/** What a row is called: a line by its title, an account by the board's name for it, else its number. */
export function targetTitle(target: string, names: ReadonlyMap<string, LocalizedText>): LocalizedText {
  if (isLine(target)) return budgetLineTitle(target);
  return names.get(target) ?? { no: target, en: target };
}

/** Statement order: accounts by number, each line's own budget after its accounts. */
export const statementOrder = (target: string) =>
  isLine(target) ? (figures[target].terms.at(-1)?.to ?? 9999) + 0.5 : Number(target);

/** A year's budget as the grid shows it: a row per account or line, twelve months of øre. */
export async function budgetYearRows(
  db: Db,
  boardId: string,
  year: number,
  names: ReadonlyMap<string, LocalizedText>,
): Promise<BudgetRow[]> {
  const months = budgetMonths(year);
  const cells = await budgetCells(db, boardId, months[0]!, months[11]!);
  const rows = new Map<string, BudgetRow>();
  for (const cell of cells) {
    let row = rows.get(cell.target);
    if (!row) {
      row = {
        target: cell.target,
        kind: isLine(cell.target) ? 'line' : 'account',
        title: targetTitle(cell.target, names),
        months: months.map(() => 0),
      };
      rows.set(cell.target, row);
    }
    row.months[months.indexOf(cell.month)] = cell.amount;
  }
  return [...rows.values()].sort((a, b) => statementOrder(a.target) - statementOrder(b.target));
}

/**
 * Replaces the board's budget for a year with `rows`, in one transaction: the year as it was, or
 * wholly the new one, never a mix.
 */
export async function replaceBudgetYear(
  db: Db,
  boardId: string,
  year: number,
  rows: ReadonlyArray<{ target: string; months: readonly number[] }>,
  now: Date,
): Promise<void> {
  const months = budgetMonths(year);
  const values = rows.flatMap((row) =>
    months.map((month, i) => ({ boardId, target: row.target, month, amount: row.months[i]!, updatedAt: now })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(budget).where(and(eq(budget.boardId, boardId), between(budget.month, months[0]!, months[11]!)));
    for (let i = 0; i < values.length; i += 500) await tx.insert(budget).values(values.slice(i, i + 500));
  });
}
