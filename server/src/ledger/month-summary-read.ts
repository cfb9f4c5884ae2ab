// Reading the month summaries (month-summary.ts) of many sources at their live ledger versions: what
// the portfolio shows of each board, in one indexed query however many boards there are.

import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiAccount, monthlyBalance, monthSummary, posting } from '../db/schema/index.ts';
import { type MonthSummary, SUMMARY_FIGURES, summariseMonths, summaryValues } from './month-summary.ts';

/** A source's summaries: its months in the window asked for, the last one before it, and its last month. */
export interface SourceSummaries {
  /** The source's last month with data (any month, also after the window): its last booked month. */
  last: string;
  /** Its rows from the window's first month to its last, oldest first, after the row before the window if any. */
  rows: MonthSummary[];
}

/** A summary row as one JSON array, [month, ...figures]: a source's rows come as one text, not a row object each. */
const rowArray = sql.raw(
  `json_array(ms.month, ${SUMMARY_FIGURES.map((id) => `ms.${monthSummary[id].name}`).join(', ')}, ms.booked)`,
);

/**
 * A summary with every field there from the start. A copy of it has all its fields in place, so
 * setting them keeps the object compact: an object given its 24 fields one by one turns into a
 * dictionary (about 1.4 kB each, 36 MB for a portfolio of 2 000 boards, most of what it allocated).
 */
const EMPTY_SUMMARY = {
  month: '',
  booked: false,
  ...Object.fromEntries(SUMMARY_FIGURES.map((id) => [id, 0])),
} as MonthSummary;

/** A row of `rowArray` as a summary. */
function summaryOf(values: [string, ...number[]]): MonthSummary {
  const row = { ...EMPTY_SUMMARY };
  row.month = values[0];
  row.booked = values[SUMMARY_FIGURES.length + 1] === 1;
  for (let i = 0; i < SUMMARY_FIGURES.length; i++) row[SUMMARY_FIGURES[i]!] = values[i + 1] as number;
  return row;
}

/**
 * Each source's live ledger version, its last summarised month and its summaries over `first`..`last`
 * (yyyy-mm) after the row before `first`, as one JSON text: the ids bound as one JSON array (a
 * portfolio names thousands), json_each drives, and each source's rows are one range of the summary's
 * key (source, version, month), read in its order. Correlated subqueries rather than a join grouped
 * by source: a GROUP BY sorts every row of every source into a temporary b-tree first, which cost
 * twice the reads themselves at 2 000 boards.
 */
const summariesOf = (db: Db, ids: string, first: string, last: string) =>
  db.all<{ source: string; version: number; last: string | null; rows: string | null }>(sql`
    select a.id as source, a.ledger_version as version,
      (select max(m.month) from ${monthSummary} m where m.api_account_id = a.id and m.version = a.ledger_version) as last,
      (select json_group_array(${rowArray}) from ${monthSummary} ms
        where ms.api_account_id = a.id and ms.version = a.ledger_version and ms.month <= ${last}
          and ms.month >= coalesce((select max(m.month) from ${monthSummary} m
            where m.api_account_id = a.id and m.version = a.ledger_version and m.month < ${first}), ${first})) as rows
    from json_each(${ids}) e join ${apiAccount} a on a.id = e.value`);

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
  const ids = JSON.stringify(sources);
  let found = await summariesOf(db, ids, first, last);
  const unsummarised = found.filter((l) => l.last === null);
  if (unsummarised.length > 0 && (await summariseMissing(db, unsummarised)) > 0)
    found = await summariesOf(db, ids, first, last);
  const out = new Map<string, SourceSummaries>();
  for (const f of found) {
    if (f.last === null) continue;
    const rows = (JSON.parse(f.rows ?? '[]') as Array<[string, ...number[]]>).map(summaryOf);
    out.set(f.source, { last: f.last, rows: rows.sort((x, y) => (x.month < y.month ? -1 : 1)) });
  }
  return out;
}

/** Summarises the live ledgers among these that have monthly balances but no summary; how many it did. */
async function summariseMissing(db: Db, live: ReadonlyArray<{ source: string; version: number }>): Promise<number> {
  let done = 0;
  for (const { source, version } of live) {
    const [any] = await db
      .select({ one: sql<number>`1` })
      .from(monthlyBalance)
      .where(and(eq(monthlyBalance.apiAccountId, source), eq(monthlyBalance.version, version)))
      .limit(1);
    if (!any) continue;
    await summariseVersion(db, source, version);
    done++;
  }
  return done;
}

/** Writes the summary of one ledger version of a source from its monthly balances, replacing any. */
export async function summariseVersion(db: Db, apiAccountId: string, version: number): Promise<void> {
  const balances = await db
    .select({ number: monthlyBalance.accountNumber, month: monthlyBalance.month, amount: monthlyBalance.amount })
    .from(monthlyBalance)
    .where(and(eq(monthlyBalance.apiAccountId, apiAccountId), eq(monthlyBalance.version, version)));
  // The months with postings of their own: a file's opening balances (voucher IB, sync/ingest.ts) are none.
  const posted = await db
    .selectDistinct({ period: posting.period })
    .from(posting)
    .where(and(eq(posting.apiAccountId, apiAccountId), eq(posting.version, version), ne(posting.voucher, 'IB')));
  const rows = summariseMonths(balances, new Set(posted.map((p) => p.period))).map((row) => {
    const values = summaryValues(row);
    return {
      apiAccountId,
      version,
      month: row.month,
      ...Object.fromEntries(SUMMARY_FIGURES.map((id, i) => [id, values[i]!])),
      booked: row.booked ? 1 : 0,
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
