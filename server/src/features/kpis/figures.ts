// The statement figures of @saldo/contract/kpis/kpis over a board's monthly balances: one small query of
// sums per account number and month (the fast path every widget takes), then pure arithmetic in øre.

import { type FigureId, type FigureTerm, figures } from '@saldo/contract/kpis/kpis';
import { shiftMonths } from '@saldo/contract/period/range';
import { and, between, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cachedByDataVersion } from '../../db/data-cache.ts';
import { liveRows } from '../../db/live-ledger.ts';
import { monthlyBalance } from '../../db/schema/index.ts';

/** A board's ledger in account sums: everything before `first`, then each month from it (debit positive, øre). */
export interface LedgerSums {
  first: string;
  before: ReadonlyMap<number, number>;
  months: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

/** yyyy-mm moved by whole months. */
export const shiftMonth = (month: string, by: number): string => shiftMonths(`${month}-01`, by).slice(0, 7);

/** The number of days of the months (yyyy-mm) together. */
export function daysIn(months: readonly string[]): number {
  return months.reduce((sum, month) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return sum + new Date(Date.UTC(y, m, 0)).getUTCDate();
  }, 0);
}

/**
 * Sums per account number over the board's sources: before `first`, and per month from `first` to `last`.
 * Kept per data version (db/data-cache.ts): the KPI and custom widgets of a dashboard read the same sums.
 */
export const ledgerSums = cachedByDataVersion(async function ledgerSums(
  db: Db,
  sources: readonly string[],
  first: string,
  last: string,
  deduct: readonly number[] = [],
): Promise<LedgerSums> {
  if (sources.length === 0 || last < first) return { first, before: new Map(), months: new Map() };
  // Each source's live ledger version only: a sync writes its new version beside it (db/live-ledger.ts).
  const where = and(
    await liveRows(db, monthlyBalance, sources),
    deduct.length ? notInArray(monthlyBalance.accountNumber, [...deduct]) : undefined,
  );
  const amount = sql<number>`sum(${monthlyBalance.amount})`.mapWith(Number);
  const [beforeRows, monthRows] = await Promise.all([
    db
      .select({ number: monthlyBalance.accountNumber, amount })
      .from(monthlyBalance)
      .where(and(where, lt(monthlyBalance.month, first)))
      .groupBy(monthlyBalance.accountNumber),
    db
      .select({ month: monthlyBalance.month, number: monthlyBalance.accountNumber, amount })
      .from(monthlyBalance)
      .where(and(where, between(monthlyBalance.month, first, last)))
      .groupBy(monthlyBalance.month, monthlyBalance.accountNumber),
  ]);
  const months = new Map<string, Map<number, number>>();
  for (const row of monthRows) {
    const accounts = months.get(row.month) ?? new Map<number, number>();
    accounts.set(row.number, row.amount);
    months.set(row.month, accounts);
  }
  return { first, before: new Map(beforeRows.map((r) => [r.number, r.amount])), months };
});

const termsSum = (terms: readonly FigureTerm[], accounts: ReadonlyMap<number, number> | undefined): number => {
  let sum = 0;
  if (!accounts) return sum;
  for (const [number, amount] of accounts)
    for (const term of terms) if (number >= term.from && number <= term.to) sum += term.sign * amount;
  return sum;
};

/** The figures of a ledger: a P&L line's movement over months, a balance line's amount at a month end. */
export class Figures {
  readonly #sums: LedgerSums;
  readonly #cache = new Map<string, number>();

  constructor(sums: LedgerSums) {
    this.#sums = sums;
  }

  /** The movement of a figure's accounts over the months, positive in its normal state. */
  flow(id: FigureId, months: readonly string[]): number {
    const terms = figures[id].terms;
    return months.reduce((sum, month) => sum + termsSum(terms, this.#sums.months.get(month)), 0);
  }

  /** What the figure's accounts stand at by the end of `month`: everything before it included. */
  balance(id: FigureId, month: string): number {
    const key = `${id}|${month}`;
    const known = this.#cache.get(key);
    if (known !== undefined) return known;
    const terms = figures[id].terms;
    let sum = termsSum(terms, this.#sums.before);
    for (const [m, accounts] of this.#sums.months) if (m <= month) sum += termsSum(terms, accounts);
    this.#cache.set(key, sum);
    return sum;
  }

  /** A flow over the months, or a balance at the last of them. */
  over(id: FigureId, months: readonly string[]): number {
    return figures[id].kind === 'flow' ? this.flow(id, months) : this.balance(id, months[months.length - 1]!);
  }
}
