import type { LifecycleStatus, UserPlan } from '@saldo/contract';

/**
 * A user's plan and lifecycle: the one place that knows how long a trial lasts and how the
 * stored `status` + `plan` + `trialEndsAt` read as the spec's "on trial, trial ended, active,
 * deactivated". The summary's SQL (admin/queries.ts) counts by the same rules.
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

export interface LifecycleInput {
  status: 'active' | 'deactivated';
  plan: UserPlan;
  trialEndsAt: Date | null;
}

/**
 * deactivated wins; a free or paying account is active; a trial is on until `trialEndsAt`
 * (exclusive); a trial without an end date counts as ended.
 */
export function lifecycleStatus(u: LifecycleInput, now: Date): LifecycleStatus {
  if (u.status === 'deactivated') return 'deactivated';
  if (u.plan === 'free' || u.plan === 'paid') return 'active';
  return u.trialEndsAt && now.getTime() < u.trialEndsAt.getTime() ? 'trial' : 'trialEnded';
}
