import type { BillingPlan, BillingStatus } from '@saldo/contract';

/**
 * What the billing page and the shell's banner decide from the account's billing status, kept pure
 * so they can be tested without a page. Money is integer øre throughout.
 */

/** What a plan's card offers: buy it (no running subscription), move to it, or nothing. */
export type PlanAction = 'subscribe' | 'change' | 'current' | 'none';

export function planAction(status: BillingStatus, planId: string): PlanAction {
  if (!status.enabled || status.state === 'free') return 'none';
  const sub = status.subscription;
  if (status.state === 'trial' || status.state === 'trialEnded' || status.state === 'ended' || !sub) return 'subscribe';
  return sub.planId === planId ? 'current' : 'change';
}

/** The states with a running subscription, which can be cancelled (or taken back) and change plan. */
export const hasRunningSubscription = (status: BillingStatus): boolean =>
  status.state === 'active' || status.state === 'pastDue' || status.state === 'cancelled';

/** Whole-number division rounded half away from zero: the one rounding rule for money. */
function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  return sign * Math.floor((2 * Math.abs(numerator) + Math.abs(denominator)) / (2 * Math.abs(denominator))) || 0;
}

/**
 * A month of a plan for this account, in øre: one unit for a company plan, each owned board (at least
 * one) for a per-board plan. The VAT is worked out on the total, as Stripe's invoice does.
 */
export function monthlyPrice(plan: BillingPlan, boards: number): { units: number; exclVat: number; inclVat: number } {
  const units = plan.unit === 'board' ? Math.max(1, boards) : 1;
  const exclVat = plan.priceExclVat * units;
  return { units, exclVat, inclVat: exclVat + divideRounded(exclVat * plan.vatPercent, 100) };
}

/** The banner the whole portal shows: the trial or subscription is over (read-only), or a payment failed. */
export type BillingBannerKind = 'trialEnded' | 'ended' | 'pastDue';

export function bannerOf(status: BillingStatus | undefined): BillingBannerKind | null {
  // A member of others' boards pays nothing: their own account's trial is nothing to them (issue 27).
  if (!status || status.payer === 'owners') return null;
  if (status.state === 'trialEnded' || status.state === 'ended' || status.state === 'pastDue') return status.state;
  return null;
}

/** yyyy/mm/dd of an instant, in the browser's time zone (the day the user sees on the calendar). */
export function localDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
}

/** What the return from Checkout says (`?checkout=success|cancelled`), or null. */
export function checkoutReturn(search: string): 'success' | 'cancelled' | null {
  const value = new URLSearchParams(search).get('checkout');
  return value === 'success' || value === 'cancelled' ? value : null;
}
