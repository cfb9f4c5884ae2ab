import { portfolioApi } from '@saldo/contract/api/portfolio';
import { addMonths } from '@saldo/contract/period/period';
import { menu } from '../../access/rules.ts';
import { parsePeriod } from '../../http/period.ts';
import { serve } from '../../http/serve.ts';
import { monthSummaries } from '../../ledger/month-summary-read.ts';
import { openAlertsOf } from '../alerts/queries.ts';
import { viewableBoards } from '../boards/queries.ts';
import { failedLastSync } from './queries.ts';
import { portfolioRow } from './rows.ts';

export const portfolioRoutes = [
  /**
   * Every board the user may view (a Viewer of one board sees that one), from the month summaries the
   * sync keeps: three queries of summaries however many boards, no ledger summed on request.
   */
  serve(portfolioApi.list, menu('GroupAccount'), async (c, deps) => {
    const { db } = deps;
    const q = c.req.valid('query');
    const period = parsePeriod(q.startDate, q.endDate);
    const boards = await viewableBoards(db, c.get('user').id);
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
        c.get('user').id,
        boards.map((b) => b.id),
      ),
    ]);
    const now = Date.now();
    return c.json({
      startDate: period.startDate,
      endDate: period.endDate,
      compare: q.compare,
      comparisonAvailable: q.compare !== 'budget',
      rows: boards.map((b) => portfolioRow(b, summaries, period, q.compare, failed, now, alerts.get(b.id))),
    });
  }),
];
