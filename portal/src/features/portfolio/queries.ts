import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The months just before, a year earlier (like for like with each board's booked months), or each board's budget. */
export type PortfolioCompare = 'previous' | 'lastYear' | 'budget';

/**
 * The portfolio of every board the user may view, for a year against the comparison, with the KPI
 * columns added and the benchmark over 'all' or 'tag:<tag>'.
 */
export const portfolioQuery = (year: number, compare: PortfolioCompare, kpis: readonly string[], benchmark: string) =>
  queryOptions({
    queryKey: ['portfolio', year, compare, kpis.join(','), benchmark],
    queryFn: ({ signal }) =>
      api.get('/portfolio', {
        query: {
          startDate: `${year}-01-01`,
          endDate: `${year}-12-31`,
          compare,
          benchmark,
          ...(kpis.length ? { kpis: kpis.join(',') } : {}),
        },
        signal,
      }),
    // A column added or a benchmark group chosen keeps the table in place until the answer with it comes.
    placeholderData: keepPreviousData,
  });
