import type { PostingsQuery } from '@saldo/contract/api/routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PostingsTarget } from './drill';

export const POSTINGS_PAGE_SIZE = 25;

/** One page of the postings behind a clicked figure (GET /api/postings). */
export function postingsQuery(board: string, target: PostingsTarget, page: number) {
  const query: PostingsQuery = {
    groupId: board,
    from: target.from,
    to: target.to,
    page,
    pageSize: POSTINGS_PAGE_SIZE,
  };
  for (const key of [
    'account',
    'accountId',
    'party',
    'partyKind',
    'apiAccountId',
    'voucher',
    'consolidated',
    'mrr',
  ] as const) {
    const value = target[key];
    if (value !== undefined) query[key] = value;
  }
  // A balance reads as a ledger card: from the opening balance down, in the order booked.
  if (target.balance) {
    query.balance = 'true';
    query.order = 'asc';
  }
  return queryOptions({
    queryKey: ['postings', board, query],
    queryFn: ({ signal }) => api.get('/postings', { query, signal }),
    // Paging keeps the current rows on screen until the next page has arrived.
    placeholderData: keepPreviousData,
  });
}
