import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type PortfolioCompare = 'previous' | 'lastYear';

/** The portfolio of every board the user may view, for a year against the comparison. */
export const portfolioQuery = (year: number, compare: PortfolioCompare) =>
  queryOptions({
    queryKey: ['portfolio', year, compare],
    queryFn: ({ signal }) =>
      api.get('/portfolio', { query: { startDate: `${year}-01-01`, endDate: `${year}-12-31`, compare }, signal }),
  });
