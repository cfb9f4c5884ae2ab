/**
 * Report packs sent on a schedule (issue 30) as scheduled jobs: every 15 minutes a planner run makes
 * the job of each schedule's due run ('pack-send', one per schedule and period), and any process with
 * the handlers runs it. The work is the report-packs feature's (features/report-packs/schedule-run.ts),
 * passed in so jobs/ imports no feature. A run that fails for good is told to the schedule's owner
 * (`failed`), besides the SuperAdmins.
 */
import type { JobHandler, Schedule, ScheduledJobRow } from './runner.ts';

export const PACK_PLAN_JOB = 'pack-schedule-plan';
export const PACK_SEND_JOB = 'pack-send';

/** Every 15 minutes: a 'when-booked' month is sent within a quarter of an hour of its sync ending. */
export const packPlanSchedule: Schedule = { kind: PACK_PLAN_JOB, everyMs: 15 * 60 * 1000 };

export interface PackRunner {
  plan(): Promise<number>;
  run(job: ScheduledJobRow, signal: AbortSignal): Promise<string>;
  failed(job: ScheduledJobRow, reason: string): Promise<void>;
}

/** A handler that may tell someone of its own when its run has failed for good. */
export interface OwnedHandler extends JobHandler {
  failed?(job: ScheduledJobRow, reason: string): Promise<void>;
}

export function packScheduleHandlers(packs: PackRunner): Record<string, OwnedHandler> {
  return {
    [PACK_PLAN_JOB]: {
      async run() {
        const owed = await packs.plan();
        return owed === 0 ? 'no schedule owes a run' : `${owed} schedules owe a run (each made once)`;
      },
    },
    [PACK_SEND_JOB]: {
      run: (job, signal) => packs.run(job, signal),
      failed: (job, reason) => packs.failed(job, reason),
    },
  };
}
