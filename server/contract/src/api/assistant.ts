import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

export const assistantApi = {
  status: route({
    method: 'GET',
    path: '/assistant/status',
    tag: 'assistant',
    summary: 'Whether the AI assistant is set up on this server',
    response: json(api.assistantStatus),
  }),
  ask: route({
    method: 'POST',
    path: '/assistant/:groupId/ask',
    tag: 'assistant',
    summary: "Ask the AI assistant about a board's data in a period; the answer is saved",
    description:
      'The question has 5 to 50 words. Answers 201 with the saved question (its _id is an AI widget’s queryId).',
    body: api.askAssistantRequest,
    response: json(api.aiQueryResponse, 201),
  }),
  questions: route({
    method: 'GET',
    path: '/assistant/:groupId/questions',
    tag: 'assistant',
    summary: "A board's saved assistant questions, newest first",
    response: list(api.aiQueryResponse),
  }),
  deleteQuestion: route({
    method: 'DELETE',
    path: '/assistant/:groupId/questions/:id',
    tag: 'assistant',
    summary: 'Delete a saved assistant question',
    response: json(api.deleted),
  }),
} as const;
