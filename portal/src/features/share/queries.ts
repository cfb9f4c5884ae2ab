import type { Sent, ShareRequest, ShareResponse } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The request names its board (the server takes it from the path, so the body's `group` is optional there). */
export function shareBoard(request: ShareRequest & { group: string }): Promise<ShareResponse> {
  return api.post('/group-account/:groupId/public/share-board', { params: { groupId: request.group }, body: request });
}

export function sendShareLink(publicBoardId: string, recipients: string[], link: string): Promise<Sent> {
  return api.post('/public-share/url/send-email', { query: { groupId: publicBoardId }, body: { recipients, link } });
}

/** The public board, read without a login (a visitor has no token; a logged-in user's is not sent). */
export const publicBoardQuery = (publicBoardId: string) => ({
  queryKey: ['public-board', publicBoardId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get('/public-share/board/:boardId', { params: { boardId: publicBoardId }, auth: false, signal }),
  retry: false,
  staleTime: 60_000,
});

/** A board's public links, newest first (their secrets are never kept, so none is shown). */
export const shareLinksQuery = (boardId: string) =>
  queryOptions({
    queryKey: ['share-links', boardId],
    queryFn: ({ signal }) => api.get('/group-account/:groupId/public/links', { params: { groupId: boardId }, signal }),
    // Views come in while the owner looks away: opening the dropdown always asks again.
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Revokes a link by its listed id: it stops answering at once. */
export const revokeShareLink = (linkId: string) =>
  api.delete('/public-share/board/:boardId', { params: { boardId: linkId } });
