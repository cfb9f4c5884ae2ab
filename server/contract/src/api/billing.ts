import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

export const billingApi = {
  plans: route({
    method: 'GET',
    path: '/billing/plans',
    tag: 'billing',
    summary: 'The plans, monthly, in NOK',
    response: list(api.billingPlan),
  }),
  subscription: route({
    method: 'GET',
    path: '/billing/subscription',
    tag: 'billing',
    summary: "The account's plan, trial and subscription",
    response: json(api.billingStatus),
  }),
  checkout: route({
    method: 'POST',
    path: '/billing/checkout',
    tag: 'billing',
    summary: "Starts Stripe Checkout for a plan; answers the checkout page's address",
    body: api.planRequest,
    response: json(api.checkoutResponse),
  }),
  changePlan: route({
    method: 'POST',
    path: '/billing/change-plan',
    tag: 'billing',
    summary: 'Moves the subscription to another plan from the next period (no proration)',
    body: api.planRequest,
    response: json(api.billingStatus),
  }),
  cancel: route({
    method: 'POST',
    path: '/billing/cancel',
    tag: 'billing',
    summary: 'Cancels at the end of the paid period; active until then',
    response: json(api.billingStatus),
  }),
  reactivate: route({
    method: 'POST',
    path: '/billing/reactivate',
    tag: 'billing',
    summary: 'Takes back a cancellation before the period ends',
    response: json(api.billingStatus),
  }),
  invoices: route({
    method: 'GET',
    path: '/billing/invoices',
    tag: 'billing',
    summary: 'The order history: invoice number, date, plan, amount (øre), PDF',
    response: list(api.billingInvoice),
  }),
  webhook: route({
    method: 'POST',
    path: '/billing/webhook',
    tag: 'billing',
    summary: "Stripe's webhooks; the Stripe-Signature header is checked",
    response: json(api.webhookReceived),
  }),
} as const;
