import type { BudgetRow, LocalizedText } from '@saldo/contract';
import { budgetMonths, isBalanceBudgetTarget, isBudgetAccount } from '@saldo/contract/budgets/budgets';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { between } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { monthlyBalance } from '../../db/schema/index.ts';
import { bookedSums } from '../../ledger/booked.ts';
import { targetTitle } from './queries.ts';

export { percentBasisPoints } from '@saldo/contract/budgets/budgets';

// What the board's books say, as the budget page needs it: the P&L accounts with postings (the
// template's rows) and a year's actual P&L by account and month (a budget's start: "last year's
// actuals + x %"), from the ledger's booked sums (ledger/booked.ts).

/** The P&L accounts (3000–8199, 8300–8399) with postings on the board, by number. */
export async function postedProfitLossAccounts(db: Db, sources: readonly string[]): Promise<string[]> {
  const rows = await bookedSums(db, sources);
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
  const rows = await bookedSums(db, sources, between(monthlyBalance.month, months[0]!, months[11]!));
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
