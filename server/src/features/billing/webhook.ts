import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { billingCustomer, billingEvent, billingInvoice, subscription, user } from '../../db/schema/index.ts';
import { log } from '../../ops/log.ts';
import { recordAudit } from '../audit/record.ts';
import type { PlanCatalog } from './plans.ts';
import { compareSubscriptions, invoiceIsNewer, subscriptionIsNewer } from './state.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The account a Stripe object belongs to: the userId Saldo put in its metadata, else its customer's. */
async function userOf(tx: Tx, metadataUserId: string | undefined, customerId: string | null): Promise<string | null> {
  if (metadataUserId) {
    const row = await tx.query.user.findFirst({ where: eq(user.id, metadataUserId), columns: { id: true } });
    if (row) return row.id;
  }
  if (!customerId) return null;
  const row = await tx.query.billingCustomer.findFirst({ where: eq(billingCustomer.customerId, customerId) });
  return row?.userId ?? null;
}

/** saveSubscription in a transaction of its own (an answer of Stripe's, outside any webhook). */
export async function saveSubscriptionAtOnce(
  db: Db,
  plans: PlanCatalog,
  sub: Stripe.Subscription,
  eventAt: Date,
  now: Date,
  also?: (tx: Tx) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await saveSubscription(tx, plans, sub, eventAt, now);
    // What goes with it, in the same transaction (the change's audit record).
    await also?.(tx);
  });
}

/**
 * Stores a subscription as Stripe describes it, unless the stored copy is newer (state.ts): a late
 * event changes nothing; a tie is stored (it is either an answer of Stripe's or its current state). `eventAt` is the creation time of the event that carried it. A cancellation
 * is read from `cancel_at_period_end` or a `cancel_at` date, whose end is then the period's end.
 */
export async function saveSubscription(
  tx: Tx,
  plans: PlanCatalog,
  sub: Stripe.Subscription,
  eventAt: Date,
  now: Date,
): Promise<PlanChange | null> {
  const item = sub.items.data[0];
  const planId = plans.byLookupKey(item?.price.lookup_key ?? '')?.id ?? sub.metadata?.planId;
  const customerId = idOf(sub.customer);
  const userId = await userOf(tx, sub.metadata?.userId, customerId);
  if (!item || !planId || !customerId || !userId) {
    log.error({ subscription: sub.id }, 'Billing: a subscription names no known account or plan; not stored');
    return null;
  }
  const periodEnd = sub.cancel_at ? Math.min(sub.cancel_at, item.current_period_end) : item.current_period_end;
  const row = {
    id: sub.id,
    userId,
    customerId,
    planId,
    quantity: item.quantity ?? 1,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    currentPeriodStart: fromUnix(item.current_period_start),
    currentPeriodEnd: fromUnix(periodEnd),
    endedAt: sub.ended_at ? fromUnix(sub.ended_at) : null,
    createdAt: fromUnix(sub.created),
    eventAt,
    updatedAt: now,
  };
  const stored = await tx.query.subscription.findFirst({ where: eq(subscription.id, sub.id) });
  if (stored && !subscriptionIsNewer(row, stored)) return null;
  const { id: _, userId: __, createdAt: ___, ...changes } = row;
  await tx.insert(subscription).values(row).onConflictDoUpdate({ target: subscription.id, set: changes });
  return planChange(stored ?? null, row);
}

/**
 * The Idempotency-Key prefix of Saldo's own subscription changes. Stripe names a request's key in the
 * events it causes (event.request), so a change made in Saldo, which its route records with the person
 * who made it, is told apart from one made elsewhere (Stripe's dashboard), which the webhook records.
 */
const OWN_CHANGE = 'saldo-change-';
export const ownChangeKey = () => ({ idempotencyKey: `${OWN_CHANGE}${randomUUID()}` });

/** A change of an account's plan, as the audit trail records it (the routes' own records have the same shape). */
export interface PlanChange {
  userId: string;
  change: 'subscribed' | 'plan' | 'cancel' | 'reactivate' | 'ended';
  from: string | null;
  to: string | null;
}

type Kept = Pick<typeof subscription.$inferSelect, 'userId' | 'planId' | 'status' | 'cancelAtPeriodEnd' | 'endedAt'>;
/** Stripe's states in which a subscription is held (a payment may be late): 'incomplete' is not yet one. */
const HELD = new Set(['active', 'trialing', 'past_due']);

/**
 * What a stored subscription's new state changes for its account: its start (once held), another
 * plan, a cancellation or its withdrawal, its end; null when nothing a person would call a change.
 */
export function planChange(stored: Kept | null, row: Kept): PlanChange | null {
  const of = (change: PlanChange['change'], from: string | null, to: string | null) => ({
    userId: row.userId,
    change,
    from,
    to,
  });
  if (row.endedAt && !stored?.endedAt) return of('ended', row.planId, null);
  if (!HELD.has(row.status)) return null;
  if (!stored || !HELD.has(stored.status)) return of('subscribed', null, row.planId);
  if (stored.planId !== row.planId) return of('plan', stored.planId, row.planId);
  if (stored.cancelAtPeriodEnd !== row.cancelAtPeriodEnd)
    return row.cancelAtPeriodEnd ? of('cancel', row.planId, null) : of('reactivate', null, row.planId);
  return null;
}

/** Stores an invoice as Stripe describes it, unless the stored copy is newer. */
async function saveInvoice(tx: Tx, invoice: Stripe.Invoice, eventAt: Date, now: Date): Promise<void> {
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionId = idOf(details?.subscription);
  const userId = await userOf(tx, details?.metadata?.userId, idOf(invoice.customer));
  if (!userId) {
    log.error({ invoice: invoice.id }, 'Billing: an invoice names no known account; not stored');
    return;
  }
  let planId = details?.metadata?.planId ?? null;
  if (!planId && subscriptionId) {
    const sub = await tx.query.subscription.findFirst({ where: eq(subscription.id, subscriptionId) });
    planId = sub?.planId ?? null;
  }
  const row = {
    id: invoice.id,
    userId,
    subscriptionId,
    number: invoice.number,
    status: invoice.status ?? 'draft',
    planId,
    subtotal: invoice.subtotal,
    tax: (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0),
    total: invoice.total,
    attemptCount: invoice.attempt_count,
    pdfUrl: invoice.invoice_pdf ?? null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    createdAt: fromUnix(invoice.created),
    eventAt,
    updatedAt: now,
  };
  const stored = await tx.query.billingInvoice.findFirst({ where: eq(billingInvoice.id, invoice.id) });
  if (stored && !invoiceIsNewer(row, stored)) return;
  const { id: _, userId: __, createdAt: ___, ...changes } = row;
  await tx.insert(billingInvoice).values(row).onConflictDoUpdate({ target: billingInvoice.id, set: changes });
}

/** A finished checkout ties its customer to the account (normally already done when the customer was made). */
async function linkCustomer(tx: Tx, session: Stripe.Checkout.Session, now: Date): Promise<void> {
  const customerId = idOf(session.customer);
  const userId = await userOf(tx, session.client_reference_id ?? undefined, null);
  if (!customerId || !userId) return;
  await tx.insert(billingCustomer).values({ userId, customerId, createdAt: now }).onConflictDoNothing();
}

export type EventOutcome = 'applied' | 'duplicate';

/** Stripe's subscription as it is now (the client's retrieve); null when Stripe has no such subscription. */
export type CurrentSubscription = (id: string) => Promise<Stripe.Subscription | null>;

/**
 * The snapshot of a subscription event to store: the event's own, unless it ties with the stored copy
 * (same status, same period, events of the same second), where the order of delivery says nothing
 * about which came last. Then Stripe's current state is asked for and stored instead.
 */
async function snapshotOf(
  db: Db,
  sub: Stripe.Subscription,
  eventAt: Date,
  current: CurrentSubscription,
): Promise<Stripe.Subscription> {
  const stored = await db.query.subscription.findFirst({ where: eq(subscription.id, sub.id) });
  const item = sub.items.data[0];
  if (!stored || !item) return sub;
  const incoming = { status: sub.status, currentPeriodStart: fromUnix(item.current_period_start), eventAt };
  if (compareSubscriptions(incoming, stored) !== 0) return sub;
  return (await current(sub.id)) ?? sub;
}

/**
 * Applies one verified webhook event in one transaction together with the record of its id: an event
 * delivered again is a duplicate and changes nothing, and a failure leaves nothing half written (the
 * error answers 500, and Stripe delivers the event again). Types Saldo does not act on are recorded.
 * `current` is asked only on a tie (snapshotOf), before the transaction, so no network call holds it.
 */
export async function applyEvent(
  db: Db,
  plans: PlanCatalog,
  event: Stripe.Event,
  now: Date,
  current: CurrentSubscription,
): Promise<EventOutcome> {
  const eventAt = fromUnix(event.created);
  if (await db.query.billingEvent.findFirst({ where: eq(billingEvent.id, event.id), columns: { id: true } }))
    return 'duplicate';
  const snapshot =
    event.type === 'customer.subscription.created' ||
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
      ? await snapshotOf(db, event.data.object, eventAt, current)
      : null;
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvent)
      .values({ id: event.id, type: event.type, createdAt: eventAt, processedAt: now })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id });
    if (!fresh) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        await linkCustomer(tx, event.data.object, now);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        // A change Stripe tells of (a checkout paid, a plan changed in Stripe's dashboard, an end) is
        // recorded here, with no person as its actor; one made in Saldo (its key) is its route's to record.
        const change = await saveSubscription(tx, plans, snapshot ?? event.data.object, eventAt, now);
        if (change && !event.request?.idempotency_key?.startsWith(OWN_CHANGE)) {
          const { userId, ...what } = change;
          await recordAudit(
            tx,
            { actorId: null, actorEmail: null, ip: null, at: now },
            {
              action: 'plan.changed',
              groupId: null,
              target: { userId, ...what, by: 'stripe' },
            },
          );
        }
        break;
      }
      case 'invoice.created':
      case 'invoice.finalized':
      case 'invoice.updated':
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed':
      case 'invoice.voided':
      case 'invoice.marked_uncollectible':
        await saveInvoice(tx, event.data.object, eventAt, now);
        break;
    }
    return 'applied';
  });
}
