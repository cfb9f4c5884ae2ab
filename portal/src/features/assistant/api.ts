import type { AiQueryResponse } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const assistantStatusQuery = queryOptions({
  queryKey: ['assistant-status'],
  queryFn: ({ signal }) => api.get<{ enabled: boolean }>('/api/assistant/status', { signal }),
  staleTime: 60_000,
});

export const questionsKey = (boardId: string) => ['assistant-questions', boardId] as const;

export function questionsQuery(boardId: string) {
  return queryOptions({
    queryKey: questionsKey(boardId),
    queryFn: ({ signal }) =>
      api.get<AiQueryResponse[]>(`/api/assistant/${encodeURIComponent(boardId)}/questions`, { signal }),
  });
}

export function askQuestion(
  boardId: string,
  body: { question: string; startDate: string; endDate: string; lang: 'nor' | 'en' },
): Promise<AiQueryResponse> {
  return api.post<AiQueryResponse>(`/api/assistant/${encodeURIComponent(boardId)}/ask`, body);
}

export function deleteQuestion(boardId: string, id: string): Promise<{ isDeleted: boolean }> {
  return api.delete(`/api/assistant/${encodeURIComponent(boardId)}/questions/${encodeURIComponent(id)}`);
}
