import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { cascadeRef } from './columns.ts';

/**
 * Billing keeps what Stripe tells it (features/billing/): the customer of each account, and copies of
 * its subscriptions and invoices as the webhooks last described them. Stripe is the source of truth;
 * these rows let every request decide read-only or not without asking it. Money is øre.
 */

/** The Stripe customer of an account, made before its first checkout. */
export const billingCustomer = sqliteTable('billing_customer', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * A Stripe subscription of an account. An account may have had several (subscribed, ended, subscribed
 * again): the newest by `createdAt` is the one that counts. `eventAt` is the creation time of the
 * webhook event last applied, so an older event arriving late changes nothing.
 */
export const subscription = sqliteTable(
  'subscription',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => user.id),
    customerId: text('customer_id').notNull(),
    planId: text('plan_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Stripe's status: incomplete, active, past_due, canceled, unpaid, … */
    status: text('status').notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull(),
    currentPeriodStart: integer('current_period_start', { mode: 'timestamp_ms' }).notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    eventAt: integer('event_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('subscription_user_idx').on(t.userId, t.createdAt)],
);

/** A Stripe invoice of an account: the order history. */
export const billingInvoice = sqliteTable(
  'billing_invoice',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => user.id),
    subscriptionId: text('subscription_id'),
    /** Set when Stripe finalizes the invoice; a draft has none and is not listed. */
    number: text('number'),
    status: text('status').notNull(),
    planId: text('plan_id'),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    attemptCount: integer('attempt_count').notNull(),
    pdfUrl: text('pdf_url'),
    /** Stripe's page where an open invoice can be paid (with another card). */
    hostedUrl: text('hosted_url'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    eventAt: integer('event_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('billing_invoice_user_idx').on(t.userId, t.createdAt)],
);

/** Every webhook event applied, by Stripe's id: a delivery that comes again is answered and skipped. */
export const billingEvent = sqliteTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  processedAt: integer('processed_at', { mode: 'timestamp_ms' }).notNull(),
});
