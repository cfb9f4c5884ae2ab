import type { Portfolio } from '@saldo/contract';
import { kpiColumns } from '@saldo/contract/api/portfolio';
import { kpiDefinition } from '@saldo/contract/kpis/kpis';
import { addMonths } from '@saldo/contract/period/period';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import type { Db } from '../../db/client.ts';
import { parsePeriod } from '../../http/period.ts';
import { monthSummaries } from '../../ledger/month-summary-read.ts';
import { openAlertsOf } from '../alerts/queries.ts';
import { viewableBoards } from '../boards/queries.ts';
import type { BudgetCell } from '../budgets/queries.ts';
import { sentPacksOf } from '../report-packs/changed.ts';
import { type BenchmarkColumn, benchmarkRows } from './benchmark.ts';
import { budgetCellsOf, failedLastSync } from './queries.ts';
import { portfolioRow } from './rows.ts';

export interface PortfolioAsk {
  startDate: string;
  endDate: string;
  compare: Portfolio['compare'];
  /** KPI columns of the library, comma separated (the query's schema has checked them). */
  kpis?: string | undefined;
  /** The boards the quartiles are over: 'all' or 'tag:<tag>'. */
  benchmark: string;
}

/** The fixed figures whose values are not integers (percent and ratio, unrounded). */
const FRACTIONAL = new Set(['grossMargin', 'equityRatio', 'liquidityRatio1']);

/** How many boards' summaries a request reads at once. */
const BOARDS_PER_READ = 250;

/**
 * Every board the user may view (a Viewer of one board sees that one), from the month summaries the
 * sync keeps: two queries (summaries, budget cells) per 250 boards, no ledger summed on request (and,
 * against the budget, one of every board's budget cells: budget-comparison.ts); with the
 * KPI columns asked for and the firm's benchmark over the rows. The list answers it; the Excel export
 * writes it out.
 */
export async function readPortfolio(
  db: Db,
  userId: string,
  q: PortfolioAsk,
  now: number,
  boardsPerRead = BOARDS_PER_READ,
): Promise<Portfolio> {
  const period = parsePeriod(q.startDate, q.endDate);
  const kpis = kpiColumns(q.kpis);
  const boards = await viewableBoards(db, userId);
  const sources = [...new Set(boards.flatMap((b) => b.sources.map((s) => s.id)))];
  const first = period.months[0]!;
  const end = period.months[period.months.length - 1]!;
  // From the earliest month a comparison or the sparkline can reach, to the period's end; revenue
  // growth reads a year before that. The budget compares with the period's own months.
  const back = { previous: -period.months.length, lastYear: -12, budget: 0 }[q.compare];
  const reach = addMonths(first, back);
  const from = [kpis.includes('revenue-growth') ? addMonths(reach, -12) : reach, addMonths(end, -11)].sort()[0]!;
  const [failed, alerts, sentPacks] = await Promise.all([
    failedLastSync(db, sources),
    openAlertsOf(
      db,
      userId,
      boards.map((b) => b.id),
    ),
    sentPacksOf(
      db,
      boards.map((b) => b.id),
    ),
  ]);
  // Read and turned into rows a slice of boards at a time, so each slice's summaries and budget cells
  // are garbage before the next is read: what a request holds at once stays a slice's, however many
  // boards the firm has (read whole, 2 000 boards' summaries outlived several collections each).
  const rows: ReturnType<typeof portfolioRow>[] = [];
  for (let at = 0; at < boards.length; at += boardsPerRead) {
    const slice = boards.slice(at, at + boardsPerRead);
    const sliceIds = slice.map((b) => b.id);
    const [summaries, budgets] = await Promise.all([
      monthSummaries(db, [...new Set(slice.flatMap((b) => b.sources.map((s) => s.id)))], from, end),
      // Against the budget: the slice's budget cells of the period in one query (its booked part is a part of them).
      q.compare === 'budget' ? budgetCellsOf(db, sliceIds, first, end) : new Map<string, BudgetCell[]>(),
    ]);
    for (const b of slice)
      rows.push(portfolioRow(b, summaries, period, q.compare, failed, now, alerts.get(b.id), kpis, budgets.get(b.id)));
  }
  // The firm's benchmark over the rows the user may see: every fixed figure and KPI column.
  const columns: BenchmarkColumn<(typeof rows)[number]>[] = [
    ...portfolioFigureIds.map((id) => ({
      id,
      value: (r: (typeof rows)[number]) => r.figures[id].value,
      integer: !FRACTIONAL.has(id),
    })),
    ...kpis.map((id) => ({ id, value: (r: (typeof rows)[number]) => r.kpis[id]?.value ?? null, integer: true })),
  ];
  const benchmark = benchmarkRows(rows, columns, q.benchmark);
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    compare: q.compare,
    comparisonAvailable: true,
    kpis: kpis.map((id) => ({ id, unit: kpiDefinition(id).unit })),
    benchmark: { group: q.benchmark, figures: benchmark.figures },
    sentPacks,
    rows: rows.map((row, i) => ({ ...row, positions: benchmark.positions[i]! })),
  };
}
