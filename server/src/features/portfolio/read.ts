import type { Portfolio } from '@saldo/contract';
import { addMonths } from '@saldo/contract/period/period';
import type { Db } from '../../db/client.ts';
import { parsePeriod } from '../../http/period.ts';
import { monthSummaries } from '../../ledger/month-summary-read.ts';
import { openAlertsOf } from '../alerts/queries.ts';
import { viewableBoards } from '../boards/queries.ts';
import { failedLastSync } from './queries.ts';
import { portfolioRow } from './rows.ts';

export interface PortfolioAsk {
  startDate: string;
  endDate: string;
  compare: Portfolio['compare'];
}

/**
 * Every board the user may view (a Viewer of one board sees that one), from the month summaries the
 * sync keeps: three queries of summaries however many boards, no ledger summed on request. The list
 * answers it; the Excel export writes it out.
 */
export async function readPortfolio(db: Db, userId: string, q: PortfolioAsk, now: number): Promise<Portfolio> {
  const period = parsePeriod(q.startDate, q.endDate);
  const boards = await viewableBoards(db, userId);
  const sources = [...new Set(boards.flatMap((b) => b.sources.map((s) => s.id)))];
  const first = period.months[0]!;
  const end = period.months[period.months.length - 1]!;
  // From the earliest month a comparison or the sparkline can reach, to the period's end.
  const from = [
    addMonths(first, q.compare === 'previous' ? -period.months.length : -12),
    addMonths(end, -11),
  ].sort()[0]!;
  const [summaries, failed, alerts] = await Promise.all([
    monthSummaries(db, sources, from, end),
    failedLastSync(db, sources),
    openAlertsOf(
      db,
      userId,
      boards.map((b) => b.id),
    ),
  ]);
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    compare: q.compare,
    comparisonAvailable: q.compare !== 'budget',
    rows: boards.map((b) => portfolioRow(b, summaries, period, q.compare, failed, now, alerts.get(b.id))),
  };
}
