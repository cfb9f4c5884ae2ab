import type { AdminPlanRequest, AdminStatusRequest } from '@saldo/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api';

export type { AdminUser } from '@saldo/contract';

export const adminSummaryQuery = queryOptions({
  queryKey: ['admin', 'summary'],
  queryFn: ({ signal }) => api.get('/admin/summary', { signal }),
});

export const adminUsersQuery = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: ({ signal }) => api.get('/admin/users', { signal }),
});

export const adminRegistrationsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'registrations', from, to],
    queryFn: ({ signal }) => api.get('/admin/registrations', { query: { from, to }, signal }),
  });

export const adminCompaniesQuery = queryOptions({
  queryKey: ['admin', 'companies'],
  queryFn: ({ signal }) => api.get('/admin/companies', { signal }),
});

export const adminCompanyQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'companies', id],
    queryFn: ({ signal }) => api.get('/admin/companies/:id', { params: { id }, signal }),
    // An unknown company stays unknown: show "not found" at once instead of retrying.
    retry: false,
  });

export const setUserStatus = (id: string, status: AdminStatusRequest['status']) =>
  api.patch('/admin/users/:id/status', { params: { id }, body: { status } });

export const setUserPlan = (id: string, plan: AdminPlanRequest['plan']) =>
  api.patch('/admin/users/:id/plan', { params: { id }, body: { plan } });

/** After a change to a user every admin view may be stale (counts, lists, a company's owner). */
export function useRefreshAdmin(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: ['admin'] }), [queryClient]);
}
