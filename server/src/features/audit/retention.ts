import type { Db } from '../../db/client.ts';
import type { JobHandler, Schedule } from '../../jobs/runner.ts';
import { pruneAudit } from './queries.ts';

/** The audit trail's retention (issue 31): once a day, the records older than the install keeps are removed. */
export const AUDIT_PRUNE_JOB = 'audit-prune';

export const auditPruneSchedule: Schedule = { kind: AUDIT_PRUNE_JOB, everyMs: 24 * 60 * 60 * 1000 };

/** Prunes from the run's slot, so a run taken over later removes what its slot would have, no more. */
export function auditPruneHandler(db: Db, keepDays: number): JobHandler {
  return {
    async run(job) {
      const removed = await pruneAudit(db, new Date(job.slot), keepDays);
      return `removed ${removed} audit records older than ${keepDays} days`;
    },
  };
}
