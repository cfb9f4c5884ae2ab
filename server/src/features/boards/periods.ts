import type { BoardPeriods, SyncStats } from '@saldo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiAccount, board } from '../../db/schema/index.ts';
import { bookedMonthSpan } from '../../ledger/booked.ts';

/** The month (1–12) a board's fiscal year starts in, as its owner set it; 1 (the calendar year) by default. */
export async function boardFiscalYearStart(db: Db, boardId: string): Promise<number> {
  const [setting] = await db
    .select({ fiscalYearStart: board.fiscalYearStart })
    .from(board)
    .where(eq(board.id, boardId));
  return setting?.fiscalYearStart ?? 1;
}

/**
 * A board's first and last booked month over all its sources (ledger/booked.ts), and its fiscal year's
 * start month: what the period control offers.
 */
export async function boardPeriods(db: Db, boardId: string, sources: readonly string[]): Promise<BoardPeriods> {
  const [fiscalYearStart, span] = await Promise.all([boardFiscalYearStart(db, boardId), bookedMonthSpan(db, sources)]);
  return { ...span, fiscalYearStart };
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
