import type { AccountSearchResult, Consolidation, CustomWidget } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

const id = encodeURIComponent;

export type CustomWidgetBody = Omit<CustomWidget, '_id' | 'groupId' | 'note'>;

export const customWidgetsKey = (groupId: string) => ['custom-widgets', groupId] as const;

export function customWidgetsQuery(groupId: string) {
  return queryOptions({
    queryKey: customWidgetsKey(groupId),
    queryFn: ({ signal }) => api.get<CustomWidget[]>(`/api/widgets/${id(groupId)}/custom`, { signal }),
  });
}

export function createCustomWidget(groupId: string, body: CustomWidgetBody): Promise<CustomWidget> {
  return api.post<CustomWidget>(`/api/widgets/${id(groupId)}/custom/create`, body);
}

export function updateCustomWidget(groupId: string, widgetId: string, body: CustomWidgetBody): Promise<CustomWidget> {
  return api.put<CustomWidget>(`/api/widgets/${id(groupId)}/custom/${id(widgetId)}`, body);
}

export function deleteCustomWidget(groupId: string, widgetId: string): Promise<{ isDeleted: boolean }> {
  return api.delete(`/api/widgets/${id(groupId)}/custom/${id(widgetId)}`);
}

export function accountSearchQuery(groupId: string, q: string) {
  return queryOptions({
    queryKey: ['account-search', groupId, q] as const,
    queryFn: ({ signal }) =>
      api.get<AccountSearchResult[]>(`/api/widgets/${id(groupId)}/accounts?q=${id(q)}`, { signal }),
    staleTime: 60_000,
  });
}

export const consolidationKey = (groupId: string) => ['consolidation', groupId] as const;

export function consolidationQuery(groupId: string) {
  return queryOptions({
    queryKey: consolidationKey(groupId),
    queryFn: ({ signal }) => api.get<Consolidation | null>(`/api/consolidation/${id(groupId)}`, { signal }),
  });
}

export interface ConsolidationBody {
  name: string;
  apis: string[];
  deductAccounts: number[];
}

/** Creates the board's group, or changes the existing one. */
export function saveConsolidation(groupId: string, body: ConsolidationBody, exists: boolean): Promise<Consolidation> {
  const path = `/api/consolidation/${id(groupId)}`;
  return exists ? api.put<Consolidation>(path, body) : api.post<Consolidation>(path, body);
}
