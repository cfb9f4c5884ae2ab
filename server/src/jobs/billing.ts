/**
 * The hourly billing reconcile as a scheduled job: per-board subscriptions whose quantity did not reach
 * Stripe when boards changed (it was down) are sent again. A run in which some still do not get there
 * fails, so the runner retries it and, when its attempts are used up, tells the SuperAdmins.
 */
import type { JobHandler, Schedule } from './runner.ts';

export const BILLING_RECONCILE_JOB = 'billing-reconcile';

export const billingReconcileSchedule: Schedule = { kind: BILLING_RECONCILE_JOB, everyMs: 60 * 60 * 1000 };

/** What the job needs of billing (features/billing/quantity.ts), so jobs/ imports no feature. */
export interface Reconciler {
  reconcile(): Promise<{ outOfLine: number; failed: number }>;
}

export function billingReconcileHandler(reconciler: Reconciler): JobHandler {
  return {
    async run() {
      const { outOfLine, failed } = await reconciler.reconcile();
      if (failed > 0)
        throw new Error(`${failed} of ${outOfLine} per-board subscriptions' board counts did not reach Stripe`);
      return outOfLine === 0 ? 'every per-board quantity was in line' : `${outOfLine} quantities sent to Stripe`;
    },
  };
}
