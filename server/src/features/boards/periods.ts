import type { BoardPeriods, SyncStats } from '@saldo/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveRows, sourceVersions } from '../../db/live-ledger.ts';
import { apiAccount, board, monthlyBalance } from '../../db/schema/index.ts';
import { openingOnlyMonths } from '../reports/queries.ts';

/** The month (1–12) a board's fiscal year starts in, as its owner set it; 1 (the calendar year) by default. */
export async function boardFiscalYearStart(db: Db, boardId: string): Promise<number> {
  const [setting] = await db
    .select({ fiscalYearStart: board.fiscalYearStart })
    .from(board)
    .where(eq(board.id, boardId));
  return setting?.fiscalYearStart ?? 1;
}

/**
 * A board's first and last booked month over all its sources, and its fiscal year's start month: what
 * the period control needs to offer every year with data and to end "year to date" where the books end.
 * Read off the live ledger version's monthly sums, as the last booked month of the reports is; a month
 * of opening balances only (booked at the close of the month before a source's first period) is no
 * booked month.
 */
export async function boardPeriods(db: Db, boardId: string, sources: readonly string[]): Promise<BoardPeriods> {
  const fiscalYearStart = await boardFiscalYearStart(db, boardId);
  if (sources.length === 0) return { firstBookedMonth: null, lastBookedMonth: null, fiscalYearStart };
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
  return { firstBookedMonth, lastBookedMonth: row?.last ?? null, fiscalYearStart };
}

/**
 * The fiscal year's start month the sources' last imports found (SAFT_FISCAL_YEAR: a SAF-T file whose
 * periods count from it), when those that found one agree; else null. For the board's own users (the
 * period control offers it as the setting), not for a public link's visitor.
 */
export async function sourceFiscalYearStart(db: Db, sources: readonly string[]): Promise<number | null> {
  if (sources.length === 0) return null;
  const rows = await db
    .select({ stats: apiAccount.stats })
    .from(apiAccount)
    .where(inArray(apiAccount.id, [...sources]));
  return fiscalYearOfSources(rows.map((r) => r.stats));
}

/** The one start month the imports' SAFT_FISCAL_YEAR warnings name, or null (none, or they disagree). */
export function fiscalYearOfSources(stats: ReadonlyArray<SyncStats | null>): number | null {
  const found = new Set<number>();
  for (const s of stats)
    for (const w of s?.warnings ?? []) if (w.code === 'SAFT_FISCAL_YEAR') found.add(w.params.startMonth);
  return found.size === 1 ? [...found][0]! : null;
}
