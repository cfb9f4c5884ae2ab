import type { FeedbackRequest, Sent } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const feedbackStatusQuery = queryOptions({
  queryKey: ['feedback-status'],
  queryFn: ({ signal }) => api.get('/feedback/status', { signal }),
  staleTime: 5 * 60_000,
});

export function sendFeedback(body: FeedbackRequest): Promise<Sent> {
  return api.post('/feedback', { body });
}
