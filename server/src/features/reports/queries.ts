import type { LocalizedText, PostingRow, PostingsPage } from '@saldo/contract';
import { and, asc, between, count, desc, eq, inArray, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cachedByDataVersion } from '../../db/data-cache.ts';
import { liveRows, sourceVersions } from '../../db/live-ledger.ts';
import { apiAccount, ledgerAccount, monthlyBalance, party, posting } from '../../db/schema/index.ts';
import type { LedgerHistory } from '../../engine/balance-sheet.ts';
import type { AccountAmount, MonthlyMovement } from '../../engine/profit-loss.ts';
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
    .select({
      accountNumber: monthlyBalance.accountNumber,
      accountId: monthlyBalance.accountId,
      amount: sql<number>`sum(${monthlyBalance.amount})`.mapWith(Number),
    })
    .from(monthlyBalance)
    .where(and(live, lt(monthlyBalance.month, fromMonth), notDeducted(monthlyBalance.accountNumber, deduct)))
    .groupBy(monthlyBalance.accountNumber, monthlyBalance.accountId);
}

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
    .select({
      accountId: ledgerAccount.accountId,
      name: sql<string>`min(${ledgerAccount.name})`,
      nameEn: sql<string | null>`min(${ledgerAccount.nameEn})`,
    })
    .from(ledgerAccount)
    .where(await liveRows(db, ledgerAccount, sources))
    .groupBy(ledgerAccount.accountId);
  return new Map(rows.map((r) => [r.accountId, { no: r.name, en: r.nameEn ?? r.name }]));
});

/**
 * The board's last booked month: the latest month with postings (by period) in any of its sources, or
 * null when none has any. Read off the monthly sums' key (source, month, …), so it costs an index walk.
 */
export const lastBookedMonth = cachedByDataVersion(async function lastBookedMonth(
  db: Db,
  sources: readonly string[],
): Promise<string | null> {
  if (sources.length === 0) return null;
  const [row] = await db
    .select({ month: sql<string | null>`max(${monthlyBalance.month})` })
    .from(monthlyBalance)
    .where(await liveRows(db, monthlyBalance, sources));
  return row?.month ?? null;
});

/**
 * Per source, the month that holds nothing but its opening balances, where it has one: the sync books
 * the balances before a source's first period at the close of the month before it (sync/ingest.ts,
 * voucher 'IB'), so that month has sums but no postings of its own, and is not booked.
 */
export const openingOnlyMonths = cachedByDataVersion(async function openingOnlyMonths(
  db: Db,
  sources: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const versions = await sourceVersions(db, sources);
  const found = new Map<string, string>();
  await Promise.all(
    [...versions].map(async ([source, { ledger }]) => {
      const live = and(eq(monthlyBalance.apiAccountId, source), eq(monthlyBalance.version, ledger));
      const [first] = await db
        .select({ month: monthlyBalance.month })
        .from(monthlyBalance)
        .where(live)
        .orderBy(asc(monthlyBalance.month))
        .limit(1);
      if (!first) return;
      const [own] = await db
        .select({ one: sql<number>`1` })
        .from(posting)
        .where(
          and(
            eq(posting.apiAccountId, source),
            eq(posting.version, ledger),
            eq(posting.period, first.month),
            ne(posting.voucher, 'IB'),
          ),
        )
        .limit(1);
      if (!own) found.set(source, first.month);
    }),
  );
  return found;
});

/**
 * Which of `months` (yyyy-mm) hold nothing but a source's opening balances (openingOnlyMonths), in
 * order: an answer showing one says that its figures there are the file's opening balances.
 */
export async function openingMonthsIn(
  db: Db,
  sources: readonly string[],
  months: readonly string[],
): Promise<string[]> {
  if (sources.length === 0 || months.length === 0) return [];
  const openings = new Set((await openingOnlyMonths(db, sources)).values());
  return months.filter((m) => openings.has(m));
}

/** `{ openingMonths }` where some of `months` are a file's opening balances, else nothing to spread. */
export async function openingMonthsField(
  db: Db,
  sources: readonly string[],
  months: readonly string[],
): Promise<{ openingMonths?: string[] }> {
  const found = await openingMonthsIn(db, sources, months);
  return found.length ? { openingMonths: found } : {};
}

/**
 * How many of the months from `first` to `last` (yyyy-mm) have postings, on any account of any of the
 * sources (a month of opening balances only has none): a comparison over none of them has nothing to
 * compare with (it shows '–', never zeros), and one over some of them says how many.
 */
export const bookedMonthCount = cachedByDataVersion(async function bookedMonthCount(
  db: Db,
  sources: readonly string[],
  first: string,
  last: string,
): Promise<number> {
  if (sources.length === 0) return 0;
  const [rows, openings] = await Promise.all([
    db
      .selectDistinct({ source: monthlyBalance.apiAccountId, month: monthlyBalance.month })
      .from(monthlyBalance)
      .where(and(await liveRows(db, monthlyBalance, sources), between(monthlyBalance.month, first, last))),
    openingOnlyMonths(db, sources),
  ]);
  return new Set(rows.filter((r) => openings.get(r.source) !== r.month).map((r) => r.month)).size;
});

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

/** Which postings a drill-down lists, besides the board's sources and the period. */
export interface PostingsFilter {
  /** Account ranges by place in the chart (any of them). */
  accounts: ReadonlyArray<{ from: number; to: number }>;
  /** One account by the source's own ID. */
  accountId?: string | undefined;
  /** A customer, supplier or product by a top list's id: its organisation number, or `source:id`. */
  party?: { kind: 'customer' | 'supplier' | 'product'; id: string } | undefined;
  /** One source of the board. */
  apiAccountId?: string | undefined;
  /** Only these customers' postings, each `source:customer` (an MRR figure's, widgets/mrr.ts). */
  customers?: readonly string[] | undefined;
  /** One voucher (with `apiAccountId`, one voucher of one source). */
  voucher?: string | undefined;
  period: Pick<Period, 'months'>;
  deduct: readonly number[];
  /** Only the postings on the `deduct` accounts: a consolidation's eliminations. */
  eliminations?: boolean | undefined;
  /** A balance: the opening balance before the period, and each posting's running balance. */
  balance?: boolean | undefined;
  /** 'desc' (default): newest first; 'asc': in the order booked. */
  order?: 'asc' | 'desc' | undefined;
}

/**
 * A party's postings by the top lists' key: a customer or supplier of the same organisation number in
 * any source is one (as topByParty counts them), else `source:id`; a product is `source:id`.
 */
function partyCondition(p: NonNullable<PostingsFilter['party']>): SQL {
  if (p.kind === 'product') return sql`${posting.apiAccountId} || ':' || ${posting.productId} = ${p.id}`;
  const column = p.kind === 'customer' ? posting.customerId : posting.supplierId;
  return sql`${column} is not null and coalesce(
    (select ${party.orgNumber} from ${party} where ${party.apiAccountId} = ${posting.apiAccountId} and ${party.version} = ${posting.version} and ${party.kind} = ${p.kind} and ${party.id} = ${column}),
    ${posting.apiAccountId} || ':' || ${column}) = ${p.id}`;
}

/** The postings a filter picks, of any period (the caller bounds the period). */
async function postingsOf(db: Db, sources: readonly string[], filter: PostingsFilter): Promise<SQL | undefined> {
  return and(
    await liveRows(db, posting, sources),
    filter.apiAccountId !== undefined ? eq(posting.apiAccountId, filter.apiAccountId) : undefined,
    filter.accountId !== undefined ? eq(posting.accountId, filter.accountId) : undefined,
    filter.accounts.length
      ? or(...filter.accounts.map((a) => between(posting.accountNumber, a.from, a.to)))
      : undefined,
    filter.party ? partyCondition(filter.party) : undefined,
    filter.customers
      ? filter.customers.length
        ? inArray(sql`${posting.apiAccountId} || ':' || ${posting.customerId}`, [...filter.customers])
        : sql`0`
      : undefined,
    filter.voucher !== undefined ? eq(posting.voucher, filter.voucher) : undefined,
    filter.eliminations
      ? filter.deduct.length
        ? inArray(posting.accountNumber, [...filter.deduct])
        : sql`0`
      : notDeducted(posting.accountNumber, filter.deduct),
  );
}

/**
 * How many postings a filter picks in its period, their sum and their debit lines' sum: kept by data
 * version (db/data-cache.ts), as counting them walks every posting of the period.
 */
const postingsTotals = cachedByDataVersion(async (db, sources, filter: PostingsFilter) => {
  const [totals] = await db
    .select({
      total: count(),
      sum: sql<number>`coalesce(sum(${posting.amount}), 0)`.mapWith(Number),
      debit: sql<number>`coalesce(sum(case when ${posting.amount} > 0 then ${posting.amount} else 0 end), 0)`.mapWith(
        Number,
      ),
    })
    .from(posting)
    .where(
      and(
        await postingsOf(db, sources, filter),
        between(posting.period, filter.period.months[0]!, filter.period.months[filter.period.months.length - 1]!),
      ),
    );
  return totals;
});

/**
 * The postings behind an amount, newest first (or in the order booked), a page at a time, with the sum of all of them (and of
 * their debit lines, a voucher's size): those of account ranges (by place in the chart), of one account
 * by its own ID, of a party or of a voucher, whose period month is one of the range's months (the one
 * period rule), so they add up to the report's figure. For a balance, also the opening balance (every
 * matching posting of an earlier period) and each posting's running balance after it, so the opening
 * balance plus the postings is the balance at the period's end.
 */
export async function postingsPage(
  db: Db,
  sources: readonly string[],
  filter: PostingsFilter,
  page: number,
  pageSize: number,
  voucherUrl: (provider: string, ref: string | null) => string | null = () => null,
): Promise<PostingsPage> {
  if (sources.length === 0) return { items: [], total: 0, page, pageSize, sum: 0, debit: 0 };
  const first = filter.period.months[0]!;
  const last = filter.period.months[filter.period.months.length - 1]!;
  const which = await postingsOf(db, sources, filter);
  const where = and(which, between(posting.period, first, last));
  const [totals, [opening], providers, rows] = await Promise.all([
    postingsTotals(db, sources, filter),
    filter.balance
      ? db
          .select({ sum: sql<number>`coalesce(sum(${posting.amount}), 0)`.mapWith(Number) })
          .from(posting)
          .where(and(which, lt(posting.period, first)))
      : Promise.resolve([undefined]),
    db
      .select({ id: apiAccount.id, provider: apiAccount.provider })
      .from(apiAccount)
      .where(inArray(apiAccount.id, [...sources])),
    db
      .select({
        _id: posting.id,
        apiAccountId: posting.apiAccountId,
        date: posting.date,
        period: posting.period,
        voucher: posting.voucher,
        voucherRef: posting.voucherRef,
        accountNumber: posting.accountNumber,
        accountId: posting.accountId,
        accountName: ledgerAccount.name,
        amount: posting.amount,
        // Over every matching posting of the period in the order they were booked; LIMIT comes after.
        running: filter.balance
          ? sql<number>`sum(${posting.amount}) over (order by ${posting.period}, ${posting.date}, ${posting.id} rows unbounded preceding)`.mapWith(
              Number,
            )
          : sql<null>`null`,
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
      .orderBy(
        ...(filter.order === 'asc'
          ? [asc(posting.period), asc(posting.date), asc(posting.id)]
          : [desc(posting.period), desc(posting.date), desc(posting.id)]),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const providerOf = new Map(providers.map((p) => [p.id, p.provider]));
  const openingBalance = opening?.sum ?? 0;
  const items: PostingRow[] = rows.map(({ voucherRef, running, ...row }) => ({
    ...row,
    voucherUrl: voucherUrl(providerOf.get(row.apiAccountId) ?? '', voucherRef),
    ...(filter.balance ? { balance: openingBalance + Number(running) } : {}),
  }));
  return {
    items,
    total: totals?.total ?? 0,
    page,
    pageSize,
    sum: totals?.sum ?? 0,
    debit: totals?.debit ?? 0,
    ...(filter.balance ? { openingBalance } : {}),
  };
}
