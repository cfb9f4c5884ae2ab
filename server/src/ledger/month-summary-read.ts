// Reading the month summaries (month-summary.ts) of many sources at their live ledger versions: what
// the portfolio shows of each board, in three indexed queries however many boards there are.

import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiAccount, monthlyBalance, monthSummary } from '../db/schema/index.ts';
import { type MonthSummary, SUMMARY_FIGURES, summariseMonths, summaryValues } from './month-summary.ts';

/** A source's summaries: its months in the window asked for, the last one before it, and its last month. */
export interface SourceSummaries {
  /** The source's last month with data (any month, also after the window): its last booked month. */
  last: string;
  /** Its rows from the window's first month to its last, oldest first, after the row before the window if any. */
  rows: MonthSummary[];
}

const figureColumns = Object.fromEntries(SUMMARY_FIGURES.map((id) => [id, monthSummary[id]])) as {
  [K in (typeof SUMMARY_FIGURES)[number]]: (typeof monthSummary)[K];
};

/** `column in (the ids)`, the ids bound as one JSON array: a portfolio names thousands of sources. */
const among = (column: typeof monthSummary.apiAccountId | typeof apiAccount.id, ids: readonly string[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/** The live version's rows only: the summary is written beside the version it summarises. */
const live = () =>
  and(eq(apiAccount.id, monthSummary.apiAccountId), eq(apiAccount.ledgerVersion, monthSummary.version));

/**
 * Each source's summaries over `first`..`last` (yyyy-mm), with the row before `first` so its
 * balances carry into the window. A source with no summary at its live version but with monthly
 * balances (synced before summaries existed) is summarised once here and kept.
 */
export async function monthSummaries(
  db: Db,
  sources: readonly string[],
  first: string,
  last: string,
): Promise<Map<string, SourceSummaries>> {
  if (sources.length === 0) return new Map();
  await summariseMissing(db, sources);
  const select = { source: monthSummary.apiAccountId, month: monthSummary.month, ...figureColumns };
  const [lasts, rows, before] = await Promise.all([
    db
      .select({ source: monthSummary.apiAccountId, last: sql<string>`max(${monthSummary.month})` })
      .from(monthSummary)
      .innerJoin(apiAccount, live())
      .where(among(monthSummary.apiAccountId, sources))
      .groupBy(monthSummary.apiAccountId),
    db
      .select(select)
      .from(monthSummary)
      .innerJoin(apiAccount, live())
      .where(and(among(monthSummary.apiAccountId, sources), between(monthSummary.month, first, last)))
      .orderBy(monthSummary.apiAccountId, monthSummary.month),
    db
      .select(select)
      .from(monthSummary)
      .innerJoin(apiAccount, live())
      .where(
        and(
          among(monthSummary.apiAccountId, sources),
          eq(
            monthSummary.month,
            sql`(select max(m.month) from ${monthSummary} m where m.api_account_id = ${monthSummary.apiAccountId}
              and m.version = ${monthSummary.version} and m.month < ${first})`,
          ),
        ),
      ),
  ]);
  const out = new Map<string, SourceSummaries>();
  for (const { source, last: month } of lasts) out.set(source, { last: month, rows: [] });
  for (const { source, ...row } of [...before, ...rows]) out.get(source)?.rows.push(row);
  return out;
}

/** Summarises the live ledger of sources that have monthly balances but no summary (idempotent). */
async function summariseMissing(db: Db, sources: readonly string[]): Promise<void> {
  const missing = await db
    .select({ id: apiAccount.id, version: apiAccount.ledgerVersion })
    .from(apiAccount)
    .where(
      and(
        among(apiAccount.id, sources),
        sql`not exists (select 1 from ${monthSummary} s where s.api_account_id = ${apiAccount.id} and s.version = ${apiAccount.ledgerVersion})`,
        sql`exists (select 1 from ${monthlyBalance} b where b.api_account_id = ${apiAccount.id} and b.version = ${apiAccount.ledgerVersion})`,
      ),
    );
  for (const { id, version } of missing) await summariseVersion(db, id, version);
}

/** Writes the summary of one ledger version of a source from its monthly balances, replacing any. */
export async function summariseVersion(db: Db, apiAccountId: string, version: number): Promise<void> {
  const balances = await db
    .select({ number: monthlyBalance.accountNumber, month: monthlyBalance.month, amount: monthlyBalance.amount })
    .from(monthlyBalance)
    .where(and(eq(monthlyBalance.apiAccountId, apiAccountId), eq(monthlyBalance.version, version)));
  const rows = summariseMonths(balances).map((row) => {
    const values = summaryValues(row);
    return {
      apiAccountId,
      version,
      month: row.month,
      ...Object.fromEntries(SUMMARY_FIGURES.map((id, i) => [id, values[i]!])),
    } as typeof monthSummary.$inferInsert;
  });
  if (rows.length === 0) return;
  const inserts = [];
  for (let i = 0; i < rows.length; i += 200) inserts.push(db.insert(monthSummary).values(rows.slice(i, i + 200)));
  // One batch is one transaction: the rows are replaced whole or not at all.
  await db.batch([
    db.delete(monthSummary).where(and(eq(monthSummary.apiAccountId, apiAccountId), eq(monthSummary.version, version))),
    ...inserts,
  ]);
}
