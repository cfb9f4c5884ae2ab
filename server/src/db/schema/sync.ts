import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cascadeRef } from './columns.ts';
import { apiAccount } from './ledger.ts';

export type SyncJobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * One sync of one API account. Workers claim queued jobs (or running ones whose lease ran out,
 * left by a crashed worker) by setting a lease; a worker that loses its lease stops.
 */
export const syncJob = sqliteTable(
  'sync_job',
  {
    id: text('id').primaryKey(),
    apiAccountId: cascadeRef('api_account_id', () => apiAccount.id),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .$type<SyncJobStatus>()
      .notNull(),
    /** Fraction done of each part of the connector, 0..1. */
    parts: text('parts', { mode: 'json' }).$type<Record<string, number>>().notNull().default({}),
    /** The average of the parts, 0..100. */
    percentage: integer('percentage').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed: a coded SourceError as JSON (plain English text in rows from before the codes). */
    error: text('error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('sync_job_status_idx').on(t.status, t.createdAt),
    index('sync_job_account_idx').on(t.apiAccountId, t.createdAt),
    // At most one queued or running job per account, even when two processes enqueue at once.
    uniqueIndex('sync_job_active_idx').on(t.apiAccountId).where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * One version of an API account's ledger: the rows of the ledger tables (posting, monthly_balance, …)
 * carrying its id as `version`. Ids are unique over all accounts. A sync writes a `building` version
 * in many short transactions while readers read the `live` one (apiAccount.ledgerVersion); it then
 * makes it live and the old one `retired` in one short transaction. Retired versions, and building
 * ones a failed or dead attempt left, are deleted in small batches once no reader can still be on them.
 */
export const ledgerVersion = sqliteTable(
  'ledger_version',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    apiAccountId: cascadeRef('api_account_id', () => apiAccount.id),
    state: text('state', { enum: ['building', 'live', 'retired'] }).notNull(),
    /** The job attempt writing a building version (`<job id>:<attempt>`); null for a sync outside the job queue. */
    jobKey: text('job_key'),
    /** When it got its state: a retired version is deleted some time after. */
    changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('ledger_version_state_idx').on(t.state, t.changedAt),
    index('ledger_version_account_idx').on(t.apiAccountId),
  ],
);
