import type { BillingState, LifecycleStatus, UserPlan } from '@saldo/contract';

/**
 * Where an account stands, from its plan, its trial and its newest subscription: the one place that
 * decides read-only. Pure, so the request guard, the billing page and the admin counts agree.
 */

export interface AccountInput {
  plan: UserPlan;
  trialEndsAt: Date | null;
}

export interface SubscriptionInput {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
}

/** Stripe statuses after which a subscription never runs again (a new one must be bought). */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

/**
 * free use wins (a super admin's grant); then the subscription: past due while Stripe retries a
 * failed payment, cancelled until the end of the paid period and ended from then on (even before
 * Stripe's `customer.subscription.deleted` arrives), ended once Stripe ends it; an `incomplete` one
 * (its first payment not made) counts as none. Without one, the trial runs until `trialEndsAt`
 * (exclusive); a trial without an end date counts as ended.
 */
export function billingState(account: AccountInput, sub: SubscriptionInput | null, now: Date): BillingState {
  if (account.plan === 'free') return 'free';
  if (sub && sub.status !== 'incomplete') {
    if (ENDED.has(sub.status)) return 'ended';
    if (sub.cancelAtPeriodEnd) return now.getTime() < sub.currentPeriodEnd.getTime() ? 'cancelled' : 'ended';
    return sub.status === 'past_due' ? 'pastDue' : 'active';
  }
  return account.trialEndsAt && now.getTime() < account.trialEndsAt.getTime() ? 'trial' : 'trialEnded';
}

/** The states whose boards are read-only: the trial is over or the subscription has ended. */
export function isReadOnly(state: BillingState): boolean {
  return state === 'trialEnded' || state === 'ended';
}

/** The admin's status of a user: deactivated wins; free and paying accounts are active. */
export function lifecycleOf(status: 'active' | 'deactivated', state: BillingState): LifecycleStatus {
  if (status === 'deactivated') return 'deactivated';
  return state === 'free' ? 'active' : state;
}

/** The plan the admin sees: free use, a (past or present) subscription, or the trial. */
export function planOf(account: AccountInput, sub: SubscriptionInput | null): UserPlan {
  if (account.plan === 'free') return 'free';
  return sub && sub.status !== 'incomplete' ? 'paid' : 'trial';
}

// --- Applying webhook snapshots in order -------------------------------------------------------------

export interface SubscriptionVersion {
  status: string;
  currentPeriodStart: Date;
  /** When the event carrying this snapshot was created. */
  eventAt: Date;
}

/** A terminal status outranks every other: once ended, a late `active` snapshot does not revive it. */
const subscriptionRank = (status: string) => (status === 'incomplete' ? 0 : ENDED.has(status) ? 2 : 1);

/**
 * Orders two snapshots of a subscription: by status (terminal last), then by the billing period they
 * describe (a renewal moves it on), then by the creation time of the event that carried them.
 * Positive: `incoming` is newer; 0: a tie, which these fields cannot settle (two changes in the same
 * second, a cancellation and its reactivation, say): the webhook then asks Stripe (webhook.ts).
 */
export function compareSubscriptions(incoming: SubscriptionVersion, stored: SubscriptionVersion): number {
  const rank = subscriptionRank(incoming.status) - subscriptionRank(stored.status);
  if (rank !== 0) return Math.sign(rank);
  const period = incoming.currentPeriodStart.getTime() - stored.currentPeriodStart.getTime();
  if (period !== 0) return Math.sign(period);
  return Math.sign(incoming.eventAt.getTime() - stored.eventAt.getTime());
}

/** Whether a snapshot is stored over the stored one: when newer, or on a tie (it is then Stripe's current state). */
export function subscriptionIsNewer(incoming: SubscriptionVersion, stored: SubscriptionVersion): boolean {
  return compareSubscriptions(incoming, stored) >= 0;
}

export interface InvoiceVersion {
  status: string;
  attemptCount: number;
  eventAt: Date;
}

/** An invoice moves draft → open → paid or void (or uncollectible, which can still be paid). */
const INVOICE_RANK: Readonly<Record<string, number>> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

/** The same for invoices: by status, then by payment attempts, then by the event's time. */
export function invoiceIsNewer(incoming: InvoiceVersion, stored: InvoiceVersion): boolean {
  const rank = (INVOICE_RANK[incoming.status] ?? 0) - (INVOICE_RANK[stored.status] ?? 0);
  if (rank !== 0) return rank > 0;
  if (incoming.attemptCount !== stored.attemptCount) return incoming.attemptCount > stored.attemptCount;
  return incoming.eventAt.getTime() >= stored.eventAt.getTime();
}
