import type { BillingInvoice, BillingStatus } from '@saldo/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingCustomer, billingInvoice, user } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { coveringOwners } from './payer.ts';
import { type PlanCatalog, vatOf } from './plans.ts';
import { newestSubscription, ownedBoards, type SubscriptionRow } from './queries.ts';
import { billingState, isReadOnly } from './state.ts';
import { type Billing, callStripe } from './stripe.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface Account {
  id: string;
  email: string;
  name: string;
  companyName: string | null;
  language: 'nor' | 'en';
  plan: 'trial' | 'free' | 'paid';
  trialEndsAt: Date | null;
}

export async function accountOf(db: Db, userId: string): Promise<Account> {
  const row = await db.query.user.findFirst({
    where: eq(user.id, userId),
    columns: { id: true, email: true, name: true, companyName: true, language: true, plan: true, trialEndsAt: true },
  });
  if (!row) throw new ApiError('NO_USER_FOUND');
  return row;
}

/** The account's billing page: its state, its subscription (if any) and what it costs a month. */
export async function billingStatus(
  db: Db,
  plans: PlanCatalog,
  enabled: boolean,
  userId: string,
  now: Date,
): Promise<BillingStatus> {
  const account = await accountOf(db, userId);
  const sub = await newestSubscription(db, userId);
  const live = sub && sub.status !== 'incomplete' ? sub : null;
  const state = billingState(account, live, now);
  const plan = live ? plans.byId(live.planId) : undefined;
  const amountExclVat = plan && live ? plan.priceExclVat * live.quantity : 0;
  let payUrl: string | null = null;
  if (state === 'pastDue') {
    const [open] = await db
      .select({ hostedUrl: billingInvoice.hostedUrl })
      .from(billingInvoice)
      .where(and(eq(billingInvoice.userId, userId), eq(billingInvoice.status, 'open')))
      .orderBy(desc(billingInvoice.createdAt))
      .limit(1);
    payUrl = open?.hostedUrl ?? null;
  }
  // A member of others' boards pays nothing: the owners' plans count, and no trial is told (payer.ts).
  const owners = await coveringOwners(db, userId, now);
  return {
    state,
    readOnly: isReadOnly(state),
    trialEndsAt: owners.length ? null : iso(account.trialEndsAt),
    enabled,
    subscription: live
      ? {
          planId: live.planId,
          quantity: live.quantity,
          status: live.status,
          cancelAtPeriodEnd: live.cancelAtPeriodEnd,
          currentPeriodEnd: live.currentPeriodEnd.toISOString(),
          endedAt: iso(live.endedAt),
          amountExclVat,
          amountInclVat: amountExclVat + vatOf(amountExclVat, plans.vatPercent),
        }
      : null,
    boards: await ownedBoards(db, userId),
    payUrl,
    payer: owners.length ? 'owners' : 'self',
    owners,
  };
}

/** The account's live subscription and its state; refuses when there is none to act on. */
export async function liveSubscription(
  db: Db,
  account: Account,
  now: Date,
): Promise<{ sub: SubscriptionRow; state: ReturnType<typeof billingState> }> {
  const sub = await newestSubscription(db, account.id);
  if (!sub || sub.status === 'incomplete') throw new ApiError('NO_SUBSCRIPTION');
  const state = billingState(account, sub, now);
  if (state === 'ended') throw new ApiError('SUBSCRIPTION_ENDED');
  if (state === 'free') throw new ApiError('BILLING_FREE_USE');
  return { sub, state };
}

/**
 * The account's Stripe customer, made on its first checkout. The idempotency key makes two checkouts
 * started at once share one customer; the unique row settles which id is kept.
 */
export async function ensureCustomer(db: Db, billing: Billing, account: Account, now: Date): Promise<string> {
  const existing = await db.query.billingCustomer.findFirst({ where: eq(billingCustomer.userId, account.id) });
  if (existing) return existing.customerId;
  const customer = await callStripe('customer creation', () =>
    billing.stripe.customers.create(
      {
        email: account.email,
        name: account.companyName || account.name,
        preferred_locales: [account.language === 'en' ? 'en' : 'nb'],
        metadata: { userId: account.id },
      },
      { idempotencyKey: `saldo-customer-${account.id}` },
    ),
  );
  await db
    .insert(billingCustomer)
    .values({ userId: account.id, customerId: customer.id, createdAt: now })
    .onConflictDoNothing();
  const row = await db.query.billingCustomer.findFirst({ where: eq(billingCustomer.userId, account.id) });
  return row!.customerId;
}

/** The order history: the account's finalized invoices, newest first. */
export async function invoicesOf(db: Db, plans: PlanCatalog, userId: string): Promise<BillingInvoice[]> {
  const rows = await db
    .select()
    .from(billingInvoice)
    .where(and(eq(billingInvoice.userId, userId), isNotNull(billingInvoice.number)))
    .orderBy(desc(billingInvoice.createdAt));
  return rows.flatMap((r) =>
    r.status === 'draft'
      ? []
      : [
          {
            invoiceNumber: r.number!,
            date: r.createdAt.toISOString().slice(0, 10),
            plan: r.planId,
            planName: (r.planId && plans.byId(r.planId)?.name) || null,
            amount: r.total,
            amountExclVat: r.subtotal,
            vat: r.tax,
            status: r.status as BillingInvoice['status'],
            pdfUrl: r.pdfUrl,
          },
        ],
  );
}
