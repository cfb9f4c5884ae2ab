/**
 * Billing's part of the JSON API (re-exported by types.ts): plans, the account's subscription and
 * its invoices, inferred from their schemas (schemas/account.ts, where their fields are described).
 * Money is integer øre, dates ISO.
 */
import type { z } from 'zod';
import type * as account from '../schemas/account.ts';
import type * as requests from '../schemas/requests.ts';

export type BillingState = z.infer<typeof account.billingState>;
export type BillingPlan = z.infer<typeof account.billingPlan>;
export type SubscriptionInfo = z.infer<typeof account.subscriptionInfo>;
export type BillingStatus = z.infer<typeof account.billingStatus>;
export type BillingOwner = z.infer<typeof account.billingOwner>;
export type CheckoutResponse = z.infer<typeof account.checkoutResponse>;
export type BillingInvoice = z.infer<typeof account.billingInvoice>;
export type WebhookReceived = z.infer<typeof account.webhookReceived>;

/** POST /api/billing/checkout and /api/billing/change-plan */
export type PlanRequest = z.input<typeof requests.planRequest>;
