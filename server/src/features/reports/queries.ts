// The drill-down: the postings behind a figure of a statement or a widget, a page at a time. The
// statements' own reads (movements, balances, titles, booked months) are the ledger's (ledger/).

import type { PostingRow, PostingsPage } from '@saldo/contract';
import { and, asc, between, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiAccount, ledgerAccount, party, posting } from '../../db/schema/index.ts';
import type { Period } from '../../http/period.ts';
import { cachedByDataVersion } from '../../ledger/cache.ts';
import { notDeducted } from '../../ledger/movements.ts';
import { liveRows } from '../../ledger/snapshot.ts';

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
  /** Only these customers' postings, each `source:customer` (an MRR figure's, ledger/recurring-revenue.ts). */
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
 * version (ledger/cache.ts), as counting them walks every posting of the period.
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
