import type { Board } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const boardPeriodsKey = (boardId: string) => ['board-periods', boardId] as const;

/** What the period control offers for a board: its booked months and its fiscal year's start. */
export function boardPeriodsQuery(boardId: string) {
  return queryOptions({
    queryKey: boardPeriodsKey(boardId),
    queryFn: ({ signal }) => api.get('/group-account/:groupId/periods', { params: { groupId: boardId }, signal }),
  });
}

/** Sets the month the board's fiscal year starts in (owners and editors; the board's PUT). */
export function saveFiscalYearStart(boardId: string, fiscalYearStart: number): Promise<Board> {
  return api.put('/group-account/:id', { params: { id: boardId }, body: { fiscalYearStart } });
}
