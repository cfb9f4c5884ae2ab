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

/**
 * Whether the development outbox answers this browser, from the public health check (which says so only
 * where GET /api/dev/outbox would answer): the pages that link to it never ask the outbox itself, so a
 * server without one sees no request for it and the console shows no 404.
 */
export const outboxAvailableQuery = queryOptions({
  queryKey: ['dev', 'outbox-available'],
  queryFn: async ({ signal }): Promise<boolean> => {
    const health = await api.get('/health', { auth: false, signal });
    return health.devOutbox === true;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** True once the health check says the outbox is there: only then are "Open the outbox" links shown. */
export function useOutboxAvailable(): boolean {
  const { data } = useQuery(outboxAvailableQuery);
  return data === true;
}
