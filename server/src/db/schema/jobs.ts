import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export type ScheduledJobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * Work that runs later or on a schedule (backups now; alert digests and report sends next), claimed by
 * any process with a lease as sync jobs are. A scheduled run is one row per (kind, slot): two processes
 * that see the same moment come due insert it once, and whoever claims it runs it once; a run whose
 * process died is taken over when its lease runs out.
 */
export const scheduledJob = sqliteTable(
  'scheduled_job',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Which run of the kind this is: the scheduled moment (ISO) for a schedule, or a caller's key. */
    slot: text('slot').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .$type<ScheduledJobStatus>()
      .notNull(),
    /** Not before: the slot's moment, or a retry's backoff. */
    runAt: integer('run_at', { mode: 'timestamp_ms' }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, as the person told of it reads it. */
    error: text('error'),
    /** What the run said it did (a backup's folder). */
    result: text('result'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('scheduled_job_slot_idx').on(t.kind, t.slot),
    index('scheduled_job_due_idx').on(t.status, t.runAt),
  ],
);
