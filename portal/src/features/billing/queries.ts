import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every billing query starts with this key, so one invalidation refreshes the page. */
export const BILLING_KEY = ['billing'] as const;

export const plansQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'plans'],
  queryFn: ({ signal }) => api.get('/billing/plans', { signal }),
  staleTime: 5 * 60 * 1000,
});

export const billingStatusQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'subscription'],
  queryFn: ({ signal }) => api.get('/billing/subscription', { signal }),
  staleTime: 60 * 1000,
});

export const invoicesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'invoices'],
  queryFn: ({ signal }) => api.get('/billing/invoices', { signal }),
});

export const startCheckout = (planId: string) => api.post('/billing/checkout', { body: { planId } });
export const changePlan = (planId: string) => api.post('/billing/change-plan', { body: { planId } });
export const cancelSubscription = () => api.post('/billing/cancel');
export const reactivateSubscription = () => api.post('/billing/reactivate');
