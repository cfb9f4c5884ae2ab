import type { PostingsPage } from '@saldo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const POSTINGS_PAGE_SIZE = 25;

export interface PostingsParams {
  board: string;
  /** account numbers or ranges (places in the chart), or `accountId`: one account by its own ID */
  account?: string | undefined;
  accountId?: string | undefined;
  from: string;
  to: string;
  page: number;
}

/** One page of the postings behind a report amount (GET /api/postings). */
export function postingsQuery({ board, account, accountId, from, to, page }: PostingsParams) {
  const query = new URLSearchParams({
    groupId: board,
    ...(accountId !== undefined ? { accountId } : { account: account ?? '' }),
    from,
    to,
    page: String(page),
    pageSize: String(POSTINGS_PAGE_SIZE),
  });
  return queryOptions({
    queryKey: ['postings', board, account, accountId, from, to, page],
    queryFn: ({ signal }) => api.get<PostingsPage>(`/api/postings?${query}`, { signal }),
    // Paging keeps the current rows on screen until the next page has arrived.
    placeholderData: keepPreviousData,
  });
}
