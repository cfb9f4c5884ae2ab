import type { EmbedKeyRequest } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/group-account/{id}/embed-keys: the board's keys, without their secrets. */
export const embedKeysQuery = (boardId: string) =>
  queryOptions({
    queryKey: ['embed-keys', boardId],
    queryFn: ({ signal }) => api.get('/group-account/:groupId/embed-keys', { params: { groupId: boardId }, signal }),
  });

export const createEmbedKey = (boardId: string, request: EmbedKeyRequest) =>
  api.post('/group-account/:groupId/embed-keys', { params: { groupId: boardId }, body: request });

export const revokeEmbedKey = (boardId: string, keyId: string) =>
  api.delete('/group-account/:groupId/embed-keys/:id', { params: { groupId: boardId, id: keyId } });

/** The origins typed one per line (or separated by commas or spaces), trimmed, without empties or repeats. */
export function parseOrigins(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  ];
}
