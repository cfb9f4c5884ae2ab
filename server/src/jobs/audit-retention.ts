/**
 * The audit trail's retention (issue 31): once a day the records older than the install keeps
 * (SALDO_AUDIT_KEEP_DAYS, at least a year) are removed; a younger one never is.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvent } from '../db/schema/index.ts';
import type { JobHandler, Schedule } from './runner.ts';

export const AUDIT_PRUNE_JOB = 'audit-prune';

export const auditPruneSchedule: Schedule = { kind: AUDIT_PRUNE_JOB, everyMs: 24 * 60 * 60 * 1000 };

/** Removes the records older than `keepDays` before `now`; answers how many went. */
export async function pruneAudit(db: Db, now: Date, keepDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const gone = await db.delete(auditEvent).where(lt(auditEvent.at, cutoff)).returning({ id: auditEvent.id });
  return gone.length;
}

/** Prunes from the run's slot, so a run taken over later removes what its slot would have, no more. */
export function auditPruneHandler(db: Db, keepDays: number): JobHandler {
  return {
    async run(job) {
      const removed = await pruneAudit(db, new Date(job.slot), keepDays);
      return `removed ${removed} audit records older than ${keepDays} days`;
    },
  };
}
