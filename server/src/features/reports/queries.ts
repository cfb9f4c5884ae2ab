import type { LocalizedText, PostingsPage } from '@saldo/contract';
import { and, between, count, eq, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRows, sourceVersions } from '../../db/live-ledger.ts';
import { ledgerAccount, monthlyBalance, party, posting } from '../../db/schema/index.ts';
import type { LedgerHistory } from '../../engine/balance-sheet.ts';
import type { MonthlyMovement } from '../../engine/profit-loss.ts';
import type { Period } from '../../http/period.ts';

const notDeducted = (
  column: typeof monthlyBalance.accountNumber | typeof posting.accountNumber,
  deduct: readonly number[],
) => (deduct.length ? notInArray(column, [...deduct]) : undefined);

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
    .select({
      accountNumber: monthlyBalance.accountNumber,
      accountId: monthlyBalance.accountId,
      month: monthlyBalance.month,
      amount: sql<number>`sum(${monthlyBalance.amount})`.mapWith(Number),
    })
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
  const live = await liveRows(db, monthlyBalance, sources);
  const [before, movements] = await Promise.all([
    db
      .select({
        accountNumber: monthlyBalance.accountNumber,
        accountId: monthlyBalance.accountId,
        amount: sql<number>`sum(${monthlyBalance.amount})`.mapWith(Number),
      })
      .from(monthlyBalance)
      .where(and(live, lt(monthlyBalance.month, fromMonth), notDeducted(monthlyBalance.accountNumber, deduct)))
      .groupBy(monthlyBalance.accountNumber, monthlyBalance.accountId),
    monthlyMovements(db, sources, { first: fromMonth, last }, undefined, deduct),
  ]);
  return { before, fromMonth, movements };
}

/**
 * Account titles over the board's sources by the account's own ID (a sub-account has its own name);
 * where sources name an account differently, the first name wins.
 */
export async function accountTitles(db: Db, sources: readonly string[]): Promise<Map<string, LocalizedText>> {
  if (sources.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: ledgerAccount.accountId,
      name: sql<string>`min(${ledgerAccount.name})`,
      nameEn: sql<string | null>`min(${ledgerAccount.nameEn})`,
    })
    .from(ledgerAccount)
    .where(await liveRows(db, ledgerAccount, sources))
    .groupBy(ledgerAccount.accountId);
  return new Map(rows.map((r) => [r.accountId, { no: r.name, en: r.nameEn ?? r.name }]));
}

/**
 * The board's last booked month: the latest month with postings (by period) in any of its sources, or
 * null when none has any. Read off the monthly sums' key (source, month, …), so it costs an index walk.
 */
export async function lastBookedMonth(db: Db, sources: readonly string[]): Promise<string | null> {
  if (sources.length === 0) return null;
  const [row] = await db
    .select({ month: sql<string | null>`max(${monthlyBalance.month})` })
    .from(monthlyBalance)
    .where(await liveRows(db, monthlyBalance, sources));
  return row?.month ?? null;
}

/**
 * A key that changes whenever any of the sources is synced: reads cached under it stay correct. It is
 * the request's pinned snapshot (live-ledger.ts), so the key and the rows read under it always agree.
 */
export async function dataVersionKey(db: Db, sources: readonly string[]): Promise<string> {
  if (sources.length === 0) return 'none';
  const versions = await sourceVersions(db, sources);
  return [...versions]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, v]) => `${id}@${v.data}`)
    .join(',');
}

/**
 * The postings behind an amount, newest first, a page at a time, with the sum of all of them: those of
 * account ranges (by place in the chart) or of one account by its own ID, whose period month is one
 * of the range's months (the one period rule), so they add up to the report's figure.
 */
export async function postingsPage(
  db: Db,
  sources: readonly string[],
  filter: {
    accounts: ReadonlyArray<{ from: number; to: number }>;
    accountId?: string | undefined;
    period: Pick<Period, 'months'>;
    deduct: readonly number[];
  },
  page: number,
  pageSize: number,
): Promise<PostingsPage> {
  if (sources.length === 0) return { items: [], total: 0, page, pageSize, sum: 0 };
  const where: SQL | undefined = and(
    await liveRows(db, posting, sources),
    filter.accountId !== undefined ? eq(posting.accountId, filter.accountId) : undefined,
    filter.accounts.length
      ? or(...filter.accounts.map((a) => between(posting.accountNumber, a.from, a.to)))
      : undefined,
    between(posting.period, filter.period.months[0]!, filter.period.months[filter.period.months.length - 1]!),
    notDeducted(posting.accountNumber, filter.deduct),
  );
  const [[totals], rows] = await Promise.all([
    db
      .select({ total: count(), sum: sql<number>`coalesce(sum(${posting.amount}), 0)`.mapWith(Number) })
      .from(posting)
      .where(where),
    db
      .select({
        _id: posting.id,
        apiAccountId: posting.apiAccountId,
        date: posting.date,
        period: posting.period,
        voucher: posting.voucher,
        accountNumber: posting.accountNumber,
        accountId: posting.accountId,
        accountName: ledgerAccount.name,
        amount: posting.amount,
        description: posting.description,
        customer: sql<
          string | null
        >`(select name from ${party} where ${party.apiAccountId} = ${posting.apiAccountId} and ${party.version} = ${posting.version} and ${party.kind} = 'customer' and ${party.id} = ${posting.customerId})`,
        supplier: sql<
          string | null
        >`(select name from ${party} where ${party.apiAccountId} = ${posting.apiAccountId} and ${party.version} = ${posting.version} and ${party.kind} = 'supplier' and ${party.id} = ${posting.supplierId})`,
      })
      .from(posting)
      .leftJoin(
        ledgerAccount,
        and(
          eq(ledgerAccount.apiAccountId, posting.apiAccountId),
          eq(ledgerAccount.version, posting.version),
          eq(ledgerAccount.accountId, posting.accountId),
        ),
      )
      .where(where)
      .orderBy(sql`${posting.period} desc`, sql`${posting.date} desc`, sql`${posting.id} desc`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: rows, total: totals?.total ?? 0, page, pageSize, sum: totals?.sum ?? 0 };
}
