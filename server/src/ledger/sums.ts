// A board's ledger in account sums: one small query of sums per account number and month (the fast
// path every KPI and custom widget takes); the figures over them are figures.ts.

import { and, between, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { monthlyBalance } from '../db/schema/index.ts';
import { cachedByDataVersion } from './cache.ts';
import { notDeducted } from './movements.ts';
import { liveRows } from './snapshot.ts';

/** A board's ledger in account sums: everything before `first`, then each month from it (debit positive, øre). */
export interface LedgerSums {
  first: string;
  before: ReadonlyMap<number, number>;
  months: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

/**
 * Sums per account number over the board's sources: before `first`, and per month from `first` to `last`.
 * Kept per data version (cache.ts): the KPI and custom widgets of a dashboard read the same sums.
 */
export const ledgerSums = cachedByDataVersion(async function ledgerSums(
  db: Db,
  sources: readonly string[],
  first: string,
  last: string,
  deduct: readonly number[] = [],
): Promise<LedgerSums> {
  if (sources.length === 0 || last < first) return { first, before: new Map(), months: new Map() };
  // Each source's live ledger version only: a sync writes its new version beside it (snapshot.ts).
  const where = and(await liveRows(db, monthlyBalance, sources), notDeducted(monthlyBalance.accountNumber, deduct));
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
