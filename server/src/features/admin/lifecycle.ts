import type { LifecycleStatus, UserPlan } from '@saldo/contract';
import { type AccountInput, billingState, lifecycleOf, type SubscriptionInput } from '../billing/state.ts';

/**
 * A user's plan and lifecycle: how long a trial lasts, and how the stored `status` + `plan` +
 * `trialEndsAt` and the newest subscription read as the spec's "on trial, trial ended, active,
 * deactivated" (with a subscription's past due, cancelled and ended). The admin summary counts by it.
 */

/** How long a new account may use Saldo before it has to pay (or be granted free use). */
export const TRIAL_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
export const TRIAL_MS = TRIAL_DAYS * DAY_MS;

export const USER_PLANS = ['trial', 'free', 'paid'] as const satisfies readonly UserPlan[];

/** When the trial of an account created at `createdAt` ends. */
export function trialEndFrom(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRIAL_MS);
}

export interface LifecycleInput extends AccountInput {
  status: 'active' | 'deactivated';
}

/**
 * deactivated wins; free use is active; a subscription reads as its state (active, past due,
 * cancelled, ended); without one a trial is on until `trialEndsAt` (exclusive), and one without an
 * end date counts as ended (features/billing/state.ts).
 */
export function lifecycleStatus(u: LifecycleInput, sub: SubscriptionInput | null, now: Date): LifecycleStatus {
  return lifecycleOf(u.status, billingState(u, sub, now));
}
