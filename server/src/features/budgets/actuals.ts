import type { BudgetRow, LocalizedText } from '@saldo/contract';
import { budgetMonths, isBalanceBudgetTarget, isBudgetAccount } from '@saldo/contract/budgets/budgets';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { and, between, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRows } from '../../db/live-ledger.ts';
import { monthlyBalance } from '../../db/schema/index.ts';
import { openingOnlyMonths } from '../reports/queries.ts';
import { targetTitle } from './queries.ts';

export { percentBasisPoints } from '@saldo/contract/budgets/budgets';

// What the board's books say, as the budget page needs it: the years with booked months (the year
// list offers them and the one after), the P&L accounts with postings (the template's rows), and a
// year's actual P&L by account and month (a budget's start: "last year's actuals + x %").

/** The live monthly sums of the board's sources, less each source's month of opening balances only. */
async function bookedRows(db: Db, sources: readonly string[], where?: ReturnType<typeof between>) {
  if (sources.length === 0) return [];
  const [rows, openings] = await Promise.all([
    db
      .select({
        source: monthlyBalance.apiAccountId,
        month: monthlyBalance.month,
        account: monthlyBalance.accountNumber,
        amount: sql<number>`sum(${monthlyBalance.amount})`,
      })
      .from(monthlyBalance)
      .where(and(await liveRows(db, monthlyBalance, sources), where))
      .groupBy(monthlyBalance.apiAccountId, monthlyBalance.month, monthlyBalance.accountNumber),
    openingOnlyMonths(db, sources),
  ]);
  return rows.filter((r) => openings.get(r.source) !== r.month);
}

/** Every year with a booked month on the board, oldest first (a month of opening balances only is none). */
export async function dataYears(db: Db, sources: readonly string[]): Promise<number[]> {
  if (sources.length === 0) return [];
  const [rows, openings] = await Promise.all([
    db
      .selectDistinct({ source: monthlyBalance.apiAccountId, month: monthlyBalance.month })
      .from(monthlyBalance)
      .where(await liveRows(db, monthlyBalance, sources)),
    openingOnlyMonths(db, sources),
  ]);
  const years = new Set(rows.filter((r) => openings.get(r.source) !== r.month).map((r) => Number(r.month.slice(0, 4))));
  return [...years].sort((a, b) => a - b);
}

/** The P&L accounts (3000–8199, 8300–8399) with postings on the board, by number. */
export async function postedProfitLossAccounts(db: Db, sources: readonly string[]): Promise<string[]> {
  const rows = await bookedRows(db, sources);
  const numbers = new Set(
    rows.filter((r) => r.account >= 3000 && isBudgetAccount(r.account)).map((r) => String(r.account)),
  );
  return [...numbers].sort((a, b) => Number(a) - Number(b));
}

/** øre × (1 + bp / 10 000), half away from zero (the one rounding rule). */
export function scaleOre(ore: number, bp: number): number {
  const scaled = ore * (10_000 + bp);
  return roundHalfAway(Number.isSafeInteger(scaled) ? scaled / 10_000 : ore * (1 + bp / 10_000));
}

/**
 * A budget year's rows from the actual P&L of `from` (each account's month in the profit and loss's
 * sign: income positive, costs negative), each month scaled by `bp` basis points: January of `from`
 * becomes the budget's January, and so on (by position). Accounts whose months are all zero are left out.
 */
export async function rowsFromActuals(
  db: Db,
  sources: readonly string[],
  names: ReadonlyMap<string, LocalizedText>,
  from: number,
  bp: number,
): Promise<BudgetRow[]> {
  const months = budgetMonths(from);
  const rows = await bookedRows(db, sources, between(monthlyBalance.month, months[0]!, months[11]!));
  const byAccount = new Map<string, number[]>();
  for (const r of rows) {
    const target = String(r.account);
    if (!isBudgetAccount(r.account) || isBalanceBudgetTarget(target)) continue;
    const sums = byAccount.get(target) ?? months.map(() => 0);
    // The ledger is debit positive; the P&L (and a budget) shows income positive, costs negative.
    sums[months.indexOf(r.month)]! -= Number(r.amount);
    byAccount.set(target, sums);
  }
  return [...byAccount]
    .filter(([, sums]) => sums.some((ore) => ore !== 0))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([target, sums]) => ({
      target,
      kind: 'account' as const,
      title: targetTitle(target, names),
      months: sums.map((ore) => scaleOre(ore, bp)),
    }));
}
