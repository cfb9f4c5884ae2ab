import type { PostingsPage } from '@saldo/server/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const POSTINGS_PAGE_SIZE = 25;

export interface PostingsParams {
  board: string;
  account: string;
  from: string;
  to: string;
  page: number;
}

/** One page of the postings behind a report amount (GET /api/postings). */
export function postingsQuery({ board, account, from, to, page }: PostingsParams) {
  const query = new URLSearchParams({
    groupId: board,
    account,
    from,
    to,
    page: String(page),
    pageSize: String(POSTINGS_PAGE_SIZE),
  });
  return queryOptions({
    queryKey: ['postings', board, account, from, to, page],
    queryFn: ({ signal }) => api.get<PostingsPage>(`/api/postings?${query}`, { signal }),
    // Paging keeps the current rows on screen until the next page has arrived.
    placeholderData: keepPreviousData,
  });
}
