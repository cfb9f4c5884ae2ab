// Booked months: the months of a board's sources that hold postings. A month that holds only a source's
// opening balances (a SAF-T file's, booked at the close of the month before its first period) is none.

import { and, asc, between, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { monthlyBalance, posting } from '../db/schema/index.ts';
import { cachedByDataVersion } from './cache.ts';
import { liveRows, sourceVersions } from './snapshot.ts';

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
 * The first and last booked month over all the sources: what the period control needs to offer every
 * year with data and to end "year to date" where the books end (boards/periods.ts). Read off the live
 * ledger version's monthly sums, as lastBookedMonth is.
 */
export async function bookedMonthSpan(
  db: Db,
  sources: readonly string[],
): Promise<{ firstBookedMonth: string | null; lastBookedMonth: string | null }> {
  if (sources.length === 0) return { firstBookedMonth: null, lastBookedMonth: null };
  const [[row], openings, versions] = await Promise.all([
    db
      .select({ last: sql<string | null>`max(${monthlyBalance.month})` })
      .from(monthlyBalance)
      .where(await liveRows(db, monthlyBalance, sources)),
    openingOnlyMonths(db, sources),
    sourceVersions(db, sources),
  ]);
  // Each source's first month after its month of opening balances (if any).
  const firsts = await Promise.all(
    [...versions].map(async ([source, { ledger }]) => {
      const [first] = await db
        .select({ month: monthlyBalance.month })
        .from(monthlyBalance)
        .where(
          and(
            eq(monthlyBalance.apiAccountId, source),
            eq(monthlyBalance.version, ledger),
            gt(monthlyBalance.month, openings.get(source) ?? ''),
          ),
        )
        .orderBy(asc(monthlyBalance.month))
        .limit(1);
      return first?.month;
    }),
  );
  const firstBookedMonth = firsts.filter((m): m is string => m !== undefined).sort()[0] ?? null;
  return { firstBookedMonth, lastBookedMonth: row?.last ?? null };
}

/**
 * The live monthly sums per source, month and account number of the board's sources (those `where`
 * picks), less each source's month of opening balances only: a budget's actuals (budgets/actuals.ts).
 */
export async function bookedSums(db: Db, sources: readonly string[], where?: ReturnType<typeof between>) {
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

/**
 * Every year with a booked month on the board, oldest first (a month of opening balances only is
 * none): the budget's year list offers them and the one after.
 */
export async function bookedYears(db: Db, sources: readonly string[]): Promise<number[]> {
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
