import type { FeedbackRequest, FeedbackStatus } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const feedbackStatusQuery = queryOptions({
  queryKey: ['feedback-status'],
  queryFn: ({ signal }) => api.get<FeedbackStatus>('/api/feedback/status', { signal }),
  staleTime: 5 * 60_000,
});

export function sendFeedback(body: FeedbackRequest): Promise<{ sent: boolean }> {
  return api.post<{ sent: boolean }>('/api/feedback', body);
}
