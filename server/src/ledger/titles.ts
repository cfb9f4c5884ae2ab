import type { LocalizedText } from '@saldo/contract';
import { isBudgetAccount } from '@saldo/contract/budgets/budgets';
import { and, asc, between, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccount } from '../db/schema/index.ts';
import { cachedByDataVersion } from './cache.ts';
import { liveRows } from './snapshot.ts';

// What the board's charts call their accounts: by the account's own ID (a statement's rows), and by
// number (a budget's rows, which are account numbers).

/** An account's name in the sources' charts, in both languages: where they name it differently, the first. */
export const chartNames = () => ({
  name: sql<string>`min(${ledgerAccount.name})`,
  nameEn: sql<string | null>`min(${ledgerAccount.nameEn})`,
});

/** A chart name as a title (an account without an English name keeps its own). */
const titleOf = (r: { name: string; nameEn: string | null }): LocalizedText => ({ no: r.name, en: r.nameEn ?? r.name });

/**
 * Account titles over the board's sources by the account's own ID (a sub-account has its own name);
 * where sources name an account differently, the first name wins. Kept per data version: every
 * statement and the budget widget read them.
 */
export const accountTitles = cachedByDataVersion(async function accountTitles(
  db: Db,
  sources: readonly string[],
): Promise<ReadonlyMap<string, LocalizedText>> {
  if (sources.length === 0) return new Map();
  const rows = await db
    .select({ accountId: ledgerAccount.accountId, ...chartNames() })
    .from(ledgerAccount)
    .where(await liveRows(db, ledgerAccount, sources))
    .groupBy(ledgerAccount.accountId);
  return new Map(rows.map((r) => [r.accountId, titleOf(r)]));
});

/** Names of the budget's account numbers in the board's charts (the first source's name where they differ). */
export async function accountNames(db: Db, sources: readonly string[]): Promise<Map<string, LocalizedText>> {
  if (sources.length === 0) return new Map();
  const rows = await db
    .select({ number: ledgerAccount.number, ...chartNames() })
    .from(ledgerAccount)
    .where(and(await liveRows(db, ledgerAccount, sources), between(ledgerAccount.number, 1000, 8399)))
    .groupBy(ledgerAccount.number)
    .orderBy(asc(ledgerAccount.number));
  return new Map(rows.filter((r) => isBudgetAccount(r.number)).map((r) => [String(r.number), titleOf(r)]));
}
