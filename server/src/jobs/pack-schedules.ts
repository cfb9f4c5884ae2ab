/**
 * Report packs sent on a schedule (issue 30) as scheduled jobs: every 15 minutes a planner run makes
 * the job of each schedule's due run ('pack-send', one per schedule and period), and any process with
 * the handlers runs it. The work is the report-packs feature's (features/report-packs/schedule-run.ts),
 * passed in so jobs/ imports no feature. A run that fails for good is told to the schedule's owner
 * (`failed`), besides the SuperAdmins. Each sync of a source also queues a 'pack-recheck' run (one per
 * source and data version), which compares the packs sent from its boards with the synced ledger.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { scheduledJob } from '../db/schema/index.ts';
import type { JobHandler, Schedule, ScheduledJobRow } from './runner.ts';

export const PACK_PLAN_JOB = 'pack-schedule-plan';
export const PACK_SEND_JOB = 'pack-send';
export const PACK_RECHECK_JOB = 'pack-recheck';

/** Every 15 minutes: a 'when-booked' month is sent within a quarter of an hour of its sync ending. */
export const packPlanSchedule: Schedule = { kind: PACK_PLAN_JOB, everyMs: 15 * 60 * 1000 };

export interface PackRunner {
  plan(): Promise<number>;
  run(job: ScheduledJobRow, signal: AbortSignal): Promise<string>;
  failed(job: ScheduledJobRow, reason: string): Promise<void>;
  /** Compares the packs sent from the boards holding the source with its ledger now; how many were read. */
  recheck(sourceId: string): Promise<number>;
}

/** Queues the check of the packs sent from a source's boards after a sync: once per source and data version. */
export async function queuePackRecheck(db: Db, sourceId: string, dataVersion: number, at = new Date()): Promise<void> {
  await db
    .insert(scheduledJob)
    .values({
      id: randomUUID(),
      kind: PACK_RECHECK_JOB,
      slot: `${sourceId}@${dataVersion}`,
      payload: { sourceId },
      status: 'queued',
      runAt: at,
      createdAt: at,
    })
    .onConflictDoNothing();
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
    [PACK_RECHECK_JOB]: {
      async run(job) {
        const read = await packs.recheck(String(job.payload.sourceId));
        return read === 0 ? 'no sent pack read this version' : `${read} sent packs compared with the synced ledger`;
      },
    },
  };
}
