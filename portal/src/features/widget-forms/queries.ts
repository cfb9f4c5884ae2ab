import type { Consolidation, CustomWidget, Deleted } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type CustomWidgetBody = Omit<CustomWidget, '_id' | 'groupId' | 'note'>;

export const customWidgetsKey = (groupId: string) => ['custom-widgets', groupId] as const;

export function customWidgetsQuery(groupId: string) {
  return queryOptions({
    queryKey: customWidgetsKey(groupId),
    queryFn: ({ signal }) => api.get('/widgets/:groupId/custom', { params: { groupId }, signal }),
  });
}

export function createCustomWidget(groupId: string, body: CustomWidgetBody): Promise<CustomWidget> {
  return api.post('/widgets/:groupId/custom/create', { params: { groupId }, body });
}

export function updateCustomWidget(groupId: string, widgetId: string, body: CustomWidgetBody): Promise<CustomWidget> {
  return api.put('/widgets/:groupId/custom/:id', { params: { groupId, id: widgetId }, body });
}

export function deleteCustomWidget(groupId: string, widgetId: string): Promise<Deleted> {
  return api.delete('/widgets/:groupId/custom/:id', { params: { groupId, id: widgetId } });
}

export function accountSearchQuery(groupId: string, q: string) {
  return queryOptions({
    queryKey: ['account-search', groupId, q] as const,
    queryFn: ({ signal }) => api.get('/widgets/:groupId/accounts', { params: { groupId }, query: { q }, signal }),
    staleTime: 60_000,
  });
}

export const consolidationKey = (groupId: string) => ['consolidation', groupId] as const;

export function consolidationQuery(groupId: string) {
  return queryOptions({
    queryKey: consolidationKey(groupId),
    queryFn: ({ signal }) => api.get('/consolidation/:groupId', { params: { groupId }, signal }),
  });
}

export interface ConsolidationBody {
  name: string;
  apis: string[];
  deductAccounts: number[];
}

/** Creates the board's group, or changes the existing one. */
export function saveConsolidation(groupId: string, body: ConsolidationBody, exists: boolean): Promise<Consolidation> {
  const options = { params: { groupId }, body };
  return exists ? api.put('/consolidation/:groupId', options) : api.post('/consolidation/:groupId', options);
}
