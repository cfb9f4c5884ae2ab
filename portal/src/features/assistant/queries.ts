import type { AiQueryResponse, Deleted } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const assistantStatusQuery = queryOptions({
  queryKey: ['assistant-status'],
  queryFn: ({ signal }) => api.get('/assistant/status', { signal }),
  staleTime: 60_000,
});

export const questionsKey = (boardId: string) => ['assistant-questions', boardId] as const;

export function questionsQuery(boardId: string) {
  return queryOptions({
    queryKey: questionsKey(boardId),
    queryFn: ({ signal }) => api.get('/assistant/:groupId/questions', { params: { groupId: boardId }, signal }),
  });
}

export function askQuestion(
  boardId: string,
  body: { question: string; startDate: string; endDate: string; lang: 'nor' | 'en' },
): Promise<AiQueryResponse> {
  return api.post('/assistant/:groupId/ask', { params: { groupId: boardId }, body });
}

export function deleteQuestion(boardId: string, id: string): Promise<Deleted> {
  return api.delete('/assistant/:groupId/questions/:id', { params: { groupId: boardId, id } });
}
