import type { AlertRule, AlertRuleBody, Deleted } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const alertsQuery = queryOptions({
  queryKey: ['alerts'],
  queryFn: ({ signal }) => api.get('/alerts', { signal }),
});

export const alertEventsQuery = (groupId: string, state: 'open' | 'all') =>
  queryOptions({
    queryKey: ['alerts', 'events', groupId, state],
    queryFn: ({ signal }) => api.get('/alerts/events', { query: { groupId, state }, signal }),
  });

export const createAlert = (body: AlertRuleBody): Promise<AlertRule> => api.post('/alerts', { body });
export const updateAlert = (id: string, body: AlertRuleBody): Promise<AlertRule> =>
  api.put('/alerts/:id', { params: { id }, body });
export const deleteAlert = (id: string): Promise<Deleted> => api.delete('/alerts/:id', { params: { id } });
