import { and, between, inArray, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../contract.ts';
import type { Db } from '../../db/client.ts';
import { ledgerAccount, monthlyBalance } from '../../db/schema/index.ts';
import type { MonthlyMovement } from '../../reports/profit-loss.ts';

/** Movements per account and month over the board's sources, summed in SQL so few rows reach JS. */
export async function monthlyMovements(
  db: Db,
  sources: readonly string[],
  months: readonly string[],
  accounts: { from: number; to: number },
): Promise<MonthlyMovement[]> {
  if (sources.length === 0 || months.length === 0) return [];
  return db
    .select({
      accountNumber: monthlyBalance.accountNumber,
      month: monthlyBalance.month,
      amount: sql<number>`sum(${monthlyBalance.amount})`.mapWith(Number),
    })
    .from(monthlyBalance)
    .where(
      and(
        inArray(monthlyBalance.apiAccountId, [...sources]),
        between(monthlyBalance.month, months[0]!, months[months.length - 1]!),
        between(monthlyBalance.accountNumber, accounts.from, accounts.to),
      ),
    )
    .groupBy(monthlyBalance.accountNumber, monthlyBalance.month);
}

/** Account titles over the board's sources; where sources name an account differently, the first name wins. */
export async function accountTitles(db: Db, sources: readonly string[]): Promise<Map<number, LocalizedText>> {
  if (sources.length === 0) return new Map();
  const rows = await db
    .select({
      number: ledgerAccount.number,
      name: sql<string>`min(${ledgerAccount.name})`,
      nameEn: sql<string | null>`min(${ledgerAccount.nameEn})`,
    })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.apiAccountId, [...sources]))
    .groupBy(ledgerAccount.number);
  return new Map(rows.map((r) => [r.number, { no: r.name, en: r.nameEn ?? r.name }]));
}
