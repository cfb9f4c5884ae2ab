// The ledger's monthly movements and balances: per account and month over a board's sources (what the
// statements are built from), before a month (opening balances), and per month of an account range (a
// widget's series). Summed in SQL from the sync's monthly balances, so few rows reach JavaScript.

import type { MonthAmount } from '@saldo/contract';
import type { Period } from '@saldo/contract/period/period';
import { and, between, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { monthlyBalance, type posting } from '../db/schema/index.ts';
import type { LedgerHistory } from '../engine/balance-sheet.ts';
import type { AccountAmount, MonthlyMovement } from '../engine/profit-loss.ts';
import { cachedByDataVersion } from './cache.ts';
import { liveRows } from './snapshot.ts';

/** Leaves out the deducted accounts (a consolidation's eliminations); nothing when none are. */
export const notDeducted = (
  column: typeof monthlyBalance.accountNumber | typeof posting.accountNumber,
  deduct: readonly number[],
) => (deduct.length ? notInArray(column, [...deduct]) : undefined);

/** An account as the statements' rows have it: its place in the chart and the source's own ID. */
export const accountKey = () => ({ accountNumber: monthlyBalance.accountNumber, accountId: monthlyBalance.accountId });

/** The sum of the monthly balances' amounts (øre, debit positive). */
export const amountSum = () => sql<number>`sum(${monthlyBalance.amount})`.mapWith(Number);

/** Movements per account and month over the board's sources, summed in SQL so few rows reach JS. */
export async function monthlyMovements(
  db: Db,
  sources: readonly string[],
  months: { first: string; last: string },
  accounts: { from: number; to: number } = { from: 0, to: 99_999 },
  deduct: readonly number[] = [],
): Promise<MonthlyMovement[]> {
  if (sources.length === 0) return [];
  const live = await liveRows(db, monthlyBalance, sources);
  return db
    .select({ ...accountKey(), month: monthlyBalance.month, amount: amountSum() })
    .from(monthlyBalance)
    .where(
      and(
        live,
        between(monthlyBalance.month, months.first, months.last),
        between(monthlyBalance.accountNumber, accounts.from, accounts.to),
        notDeducted(monthlyBalance.accountNumber, deduct),
      ),
    )
    .groupBy(monthlyBalance.accountNumber, monthlyBalance.accountId, monthlyBalance.month);
}

/**
 * What the balance sheet and cash flow need: each account's total before January of the period's
 * first year, and the months from that January to the period's end.
 */
export async function ledgerHistory(
  db: Db,
  sources: readonly string[],
  period: Period,
  deduct: readonly number[] = [],
): Promise<LedgerHistory> {
  const fromMonth = `${period.startDate.slice(0, 4)}-01`;
  const last = period.months[period.months.length - 1]!;
  if (sources.length === 0) return { before: [], fromMonth, movements: [] };
  const [before, movements] = await Promise.all([
    balancesBefore(db, sources, fromMonth, deduct),
    monthlyMovements(db, sources, { first: fromMonth, last }, undefined, deduct),
  ]);
  return { before, fromMonth, movements };
}

/** Each account's total of every month before `fromMonth` (yyyy-mm): its balance at that month's start. */
export async function balancesBefore(
  db: Db,
  sources: readonly string[],
  fromMonth: string,
  deduct: readonly number[] = [],
): Promise<AccountAmount[]> {
  if (sources.length === 0) return [];
  const live = await liveRows(db, monthlyBalance, sources);
  return db
    .select({ ...accountKey(), amount: amountSum() })
    .from(monthlyBalance)
    .where(and(live, lt(monthlyBalance.month, fromMonth), notDeducted(monthlyBalance.accountNumber, deduct)))
    .groupBy(monthlyBalance.accountNumber, monthlyBalance.accountId);
}

/** Movement per month of an account range, in report sign (credit positive when `credit`). */
export const monthlyRange = cachedByDataVersion(async function monthlyRange(
  db: Db,
  sources: readonly string[],
  months: readonly string[],
  accounts: { from: number; to: number },
  credit: boolean,
): Promise<MonthAmount[]> {
  if (sources.length === 0) return months.map((month) => ({ month, amount: 0 }));
  const rows = await db
    .select({ month: monthlyBalance.month, amount: amountSum() })
    .from(monthlyBalance)
    .where(
      and(
        await liveRows(db, monthlyBalance, sources),
        between(monthlyBalance.month, months[0]!, months[months.length - 1]!),
        between(monthlyBalance.accountNumber, accounts.from, accounts.to),
      ),
    )
    .groupBy(monthlyBalance.month);
  const byMonth = new Map(rows.map((r) => [r.month, credit ? -r.amount : r.amount]));
  return months.map((month) => ({ month, amount: byMonth.get(month) ?? 0 }));
});
