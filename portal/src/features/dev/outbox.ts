import type { OutboxMessage } from '@saldo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

/**
 * GET /api/dev/outbox: the mail the server wrote locally because no SMTP server is configured.
 * `null` means the API answered 404, i.e. mail really goes out by SMTP and there is no outbox.
 */
export const outboxQuery = queryOptions({
  queryKey: ['dev', 'outbox'],
  queryFn: async ({ signal }): Promise<OutboxMessage[] | null> => {
    try {
      return await api.get('/dev/outbox', { auth: false, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  // Mail arrives while the user looks at the page; never serve an old list.
  staleTime: 0,
  retry: false,
});

/** True once the outbox API has answered 200: only then are "Open the outbox" links shown. */
export function useOutboxAvailable(): boolean {
  const { data } = useQuery(outboxQuery);
  return Array.isArray(data);
}
