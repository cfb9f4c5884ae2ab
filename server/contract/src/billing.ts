/**
 * Billing's part of the JSON API (re-exported by contract.ts): plans, the account's subscription and
 * its invoices. Money is integer øre, dates ISO.
 */
import type { LocalizedText } from './types.ts';

/**
 * Where an account stands (server/src/features/billing/state.ts): on its 14-day trial, trial ended,
 * free use granted by a super admin, or by its subscription: active, past due (a payment failed;
 * Stripe retries), cancelled (active until its period's end), ended. trialEnded and ended are
 * read-only: the account's boards can be read, not changed.
 */
export type BillingState = 'trial' | 'trialEnded' | 'free' | 'active' | 'pastDue' | 'cancelled' | 'ended';

/** GET /api/billing/plans: the plans of the billing configuration, monthly, in NOK. */
export interface BillingPlan {
  id: string;
  name: LocalizedText;
  description: LocalizedText;
  /** 'company': one price for the account; 'board': the price for each board the account owns. */
  unit: 'company' | 'board';
  currency: 'NOK';
  interval: 'month';
  vatPercent: number;
  /** A month for one unit, in øre, without and with VAT. */
  priceExclVat: number;
  priceInclVat: number;
}

/** The subscription part of GET /api/billing/subscription. */
export interface SubscriptionInfo {
  planId: string;
  /** Units billed: 1 for a company plan, the boards for a per-board plan. */
  quantity: number;
  /** Stripe's status: active, past_due, canceled, … */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The end of the paid period: the next renewal, or the end of a cancelled subscription. */
  currentPeriodEnd: string;
  endedAt: string | null;
  /** A month at the current plan and quantity, in øre. */
  amountExclVat: number;
  amountInclVat: number;
}

/** GET /api/billing/subscription (and the answer of checkout's return, cancel, reactivate, change-plan). */
export interface BillingStatus {
  state: BillingState;
  /** Changes to the account's boards are refused until it subscribes (trialEnded, ended). */
  readOnly: boolean;
  trialEndsAt: string | null;
  /** False when this server has no payment provider set up: nothing can be bought. */
  enabled: boolean;
  subscription: SubscriptionInfo | null;
  /** Boards the account owns: what a per-board plan bills for. */
  boards: number;
  /** Past due: the page where the open invoice can be paid with another card; null otherwise. */
  payUrl: string | null;
}

/** POST /api/billing/checkout and /api/billing/change-plan */
export interface PlanRequest {
  planId: string;
}

/** POST /api/billing/checkout: the payment provider's checkout page to send the browser to. */
export interface CheckoutResponse {
  url: string;
}

/** One row of GET /api/billing/invoices (the order history), newest first. */
export interface BillingInvoice {
  invoiceNumber: string;
  /** yyyy-mm-dd */
  date: string;
  /** The plan's id, and its name, when the invoice is for a known plan. */
  plan: string | null;
  planName: LocalizedText | null;
  /** What was (or is to be) paid, VAT included, in øre. */
  amount: number;
  amountExclVat: number;
  vat: number;
  status: 'paid' | 'open' | 'void' | 'uncollectible';
  /** The invoice as a PDF, served by the payment provider. */
  pdfUrl: string | null;
}
