import type { PublicBoard, ShareRequest } from '@saldo/server/contract';
import { api } from '../../lib/api';

export function shareBoard(request: ShareRequest): Promise<{ boardId: string }> {
  return api.post<{ boardId: string }>(
    `/api/group-account/${encodeURIComponent(request.group)}/public/share-board`,
    request,
  );
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
