import type { PublicBoard, ShareLink, ShareRequest, ShareResponse } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The request names its board (the server takes it from the path, so the body's `group` is optional there). */
export function shareBoard(request: ShareRequest & { group: string }): Promise<ShareResponse> {
  return api.post<ShareResponse>(`/api/group-account/${encodeURIComponent(request.group)}/public/share-board`, request);
}

export function sendShareLink(publicBoardId: string, recipients: string[], link: string): Promise<{ sent: boolean }> {
  return api.post<{ sent: boolean }>(`/api/public-share/url/send-email?groupId=${encodeURIComponent(publicBoardId)}`, {
    recipients,
    link,
  });
}

/** The public board, read without a login (a visitor has no token; a logged-in user's is not sent). */
export const publicBoardQuery = (publicBoardId: string) => ({
  queryKey: ['public-board', publicBoardId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<PublicBoard>(`/api/public-share/board/${encodeURIComponent(publicBoardId)}`, { auth: false, signal }),
  retry: false,
  staleTime: 60_000,
});

/** A board's public links, newest first (their secrets are never kept, so none is shown). */
export const shareLinksQuery = (boardId: string) =>
  queryOptions({
    queryKey: ['share-links', boardId],
    queryFn: ({ signal }) =>
      api.get<ShareLink[]>(`/api/group-account/${encodeURIComponent(boardId)}/public/links`, { signal }),
    // Views come in while the owner looks away: opening the dropdown always asks again.
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Revokes a link by its listed id: it stops answering at once. */
export const revokeShareLink = (linkId: string) =>
  api.delete<{ isDeleted: boolean }>(`/api/public-share/board/${encodeURIComponent(linkId)}`);
