import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * The stand-in's objects: the fields of Stripe's objects that Saldo and its tests read, named and typed
 * after the official client's own types (a `Pick` of each), so a field that drifts from Stripe's shape
 * fails the type check. Nested parts Saldo never reads are left out.
 */

/** The API version the stand-in speaks: the one the pinned `stripe` package sends. */
export const API_VERSION = '2026-10-28.endive';

export type Customer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'description'
  | 'email'
  | 'name'
  | 'livemode'
  | 'metadata'
  | 'invoice_prefix'
  | 'next_invoice_sequence'
  | 'preferred_locales'
  | 'default_source'
  | 'shipping'
> & { invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null } };

export type Product = Pick<
  Stripe.Product,
  'id' | 'object' | 'active' | 'created' | 'updated' | 'name' | 'description' | 'metadata' | 'livemode' | 'images'
>;

export type Price = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'recurring'
  | 'tax_behavior'
  | 'type'
  | 'unit_amount'
> & { product: string };

export type TaxRate = Pick<
  Stripe.TaxRate,
  | 'id'
  | 'object'
  | 'active'
  | 'country'
  | 'created'
  | 'description'
  | 'display_name'
  | 'inclusive'
  | 'jurisdiction'
  | 'livemode'
  | 'metadata'
  | 'percentage'
>;

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  livemode: false;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string };
  /** Stand-in only: charges with this card fail (Stripe's 4000 0000 0000 0341 and pm_card_chargeCustomerFail). */
  chargesFail: boolean;
}

export interface ListOf<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export type SubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_start' | 'current_period_end' | 'metadata' | 'quantity' | 'subscription'
> & { price: Price; tax_rates: TaxRate[] };

export type Subscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'days_until_due'
  | 'description'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
  | 'trial_end'
  | 'trial_start'
> & {
  customer: string;
  default_payment_method: string | null;
  latest_invoice: string | null;
  items: ListOf<SubscriptionItem>;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | 'payment_failed' | null };
};

/** A tax on an invoice line, or on the whole invoice: the VAT rate's share of an amount. */
export interface TaxAmount {
  amount: number;
  tax_behavior: 'exclusive';
  tax_rate_details: { tax_rate: string };
  taxability_reason: 'standard_rated';
  taxable_amount: number;
  type: 'tax_rate_details';
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Record<string, string>;
  period: { start: number; end: number };
  quantity: number;
  subtotal: number;
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      subscription: string;
      subscription_item: string;
      proration: boolean;
      /** The pending invoice item a proration line came from; null on the period's own lines. */
      invoice_item: string | null;
    };
  };
  taxes: TaxAmount[];
}

export type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'account_country'
  | 'account_name'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'customer_name'
  | 'description'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'next_payment_attempt'
  | 'number'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'subtotal_excluding_tax'
  | 'total'
  | 'total_excluding_tax'
> & {
  customer: string;
  metadata: Record<string, string>;
  lines: ListOf<InvoiceLine>;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  total_taxes: TaxAmount[];
};

/**
 * A pending invoice item: what Stripe makes when a subscription's quantity or price changes with
 * proration, billed on the subscription's next invoice (`invoice` is set once it is).
 */
export type InvoiceItem = Pick<
  Stripe.InvoiceItem,
  'id' | 'object' | 'amount' | 'currency' | 'date' | 'description' | 'livemode' | 'period' | 'proration' | 'quantity'
> & {
  customer: string;
  invoice: string | null;
  metadata: Record<string, string>;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; subscription_item: string };
  };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  tax_rates: TaxRate[];
};

export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'mode'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & {
  customer: string;
  metadata: Record<string, string>;
  subscription: string | null;
  invoice: string | null;
  /** Stand-in only: what Stripe keeps about the session's line items and subscription_data. */
  standin: {
    lines: Array<{ price: string; quantity: number; tax_rates: string[] }>;
    subscriptionMetadata: Record<string, string>;
  };
};

export type WebhookEndpoint = Pick<
  Stripe.WebhookEndpoint,
  | 'id'
  | 'object'
  | 'api_version'
  | 'application'
  | 'created'
  | 'description'
  | 'enabled_events'
  | 'livemode'
  | 'metadata'
  | 'status'
  | 'url'
> & { secret: string };

export type Event = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks'
> & {
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
};

/** Everything the stand-in knows; kept as JSON in a file when it is given one. */
export interface State {
  customers: Record<string, Customer>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  taxRates: Record<string, TaxRate>;
  paymentMethods: Record<string, PaymentMethod>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  /** Prorations waiting for their subscription's next invoice. */
  invoiceItems: Record<string, InvoiceItem>;
  events: Event[];
  /** Seconds added to the clock by the test controls (`advance`). */
  clockOffset: number;
}

export const emptyState = (): State => ({
  customers: {},
  products: {},
  prices: {},
  taxRates: {},
  paymentMethods: {},
  sessions: {},
  subscriptions: {},
  invoices: {},
  invoiceItems: {},
  events: [],
  clockOffset: 0,
});

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Stripe's form: a prefix and random letters, e.g. sub_1a2B3c… */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${s}`;
}

/** A customer's invoice prefix: eight upper-case letters and digits, as Stripe gives them. */
export const invoicePrefix = () => newId('x', 8).slice(2).toUpperCase();

/**
 * `months` calendar months after `unix` (seconds, UTC), on the same day and time where the month has
 * it, else its last day: how Stripe moves a monthly billing period on.
 */
export function addMonths(unix: number, months: number): number {
  const d = new Date(unix * 1000);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export const list = <T>(data: T[], url: string): ListOf<T> => ({ object: 'list', data, has_more: false, url });
