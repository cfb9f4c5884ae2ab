// What an evaluation needs of boards, read from the month summaries and the sync state only (never
// the ledger): each board's sources' summaries, its data's age and whether a last sync failed.

import { monthSummaries, type SourceSummaries } from '../../ledger/month-summary-read.ts';
import { failedLastSync } from '../portfolio/queries.ts';
import { dataAge } from '../portfolio/rows.ts';
import type { BoardFacts } from './evaluate.ts';

export interface FactsBoard {
  id: string;
  sources: ReadonlyArray<{ id: string; lastSyncedAt: Date | null }>;
}

/** Every month of a source: a year-to-date rule and its last year reach back at most 23 months from the last. */
const ALL = ['0000-01', '9999-12'] as const;

/** The facts of each board, in three queries of summaries and one of sync jobs however many boards. */
export async function boardFacts(db: Parameters<typeof monthSummaries>[0], boards: readonly FactsBoard[], now: number) {
  const ids = [...new Set(boards.flatMap((b) => b.sources.map((s) => s.id)))];
  const [summaries, failed] = await Promise.all([monthSummaries(db, ids, ...ALL), failedLastSync(db, ids)]);
  const out = new Map<string, BoardFacts>();
  for (const b of boards)
    out.set(b.id, {
      summaries: b.sources.map((s) => summaries.get(s.id)).filter((s): s is SourceSummaries => s !== undefined),
      dataAgeDays: dataAge(b.sources, now).dataAgeDays,
      syncFailed: b.sources.some((s) => failed.has(s.id)),
    });
  return out;
}
