import type { BillingInvoice, BillingPlan, BillingStatus, CheckoutResponse } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every billing query starts with this key, so one invalidation refreshes the page. */
export const BILLING_KEY = ['billing'] as const;

export const plansQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'plans'],
  queryFn: ({ signal }) => api.get<BillingPlan[]>('/api/billing/plans', { signal }),
  staleTime: 5 * 60 * 1000,
});

export const billingStatusQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'subscription'],
  queryFn: ({ signal }) => api.get<BillingStatus>('/api/billing/subscription', { signal }),
  staleTime: 60 * 1000,
});

export const invoicesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'invoices'],
  queryFn: ({ signal }) => api.get<BillingInvoice[]>('/api/billing/invoices', { signal }),
});

export const startCheckout = (planId: string) => api.post<CheckoutResponse>('/api/billing/checkout', { planId });
export const changePlan = (planId: string) => api.post<BillingStatus>('/api/billing/change-plan', { planId });
export const cancelSubscription = () => api.post<BillingStatus>('/api/billing/cancel');
export const reactivateSubscription = () => api.post<BillingStatus>('/api/billing/reactivate');
