import type { CreatedEmbedKey, EmbedKey, EmbedKeyRequest } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

const path = (boardId: string) => `/api/group-account/${encodeURIComponent(boardId)}/embed-keys`;

/** GET /api/group-account/{id}/embed-keys: the board's keys, without their secrets. */
export const embedKeysQuery = (boardId: string) =>
  queryOptions({
    queryKey: ['embed-keys', boardId],
    queryFn: ({ signal }) => api.get<EmbedKey[]>(path(boardId), { signal }),
  });

export const createEmbedKey = (boardId: string, request: EmbedKeyRequest) =>
  api.post<CreatedEmbedKey>(path(boardId), request);

export const revokeEmbedKey = (boardId: string, keyId: string) =>
  api.delete<{ isDeleted: boolean }>(`${path(boardId)}/${encodeURIComponent(keyId)}`);

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
