import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
    apiAccountId: text('api_account_id')
      .notNull()
      .references(() => apiAccount.id, { onDelete: 'cascade' }),
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
  ],
);

/**
 * Where a running sync writes, in small transactions, before it swaps into the live tables in one
 * short transaction. Rows are keyed by job, so a crashed job's leftovers are found and cleared.
 * One table for every record kind keeps the swap to a handful of INSERT … SELECT statements.
 */
export const stagingRecord = sqliteTable(
  'staging_record',
  {
    jobId: text('job_id').notNull(),
    kind: text('kind').notNull(),
    // Columns shared by the kinds; which are used depends on `kind` (see sync/staging.ts).
    key: text('key'),
    number: integer('number'),
    name: text('name'),
    nameEn: text('name_en'),
    orgNumber: text('org_number'),
    date: text('date'),
    period: text('period'),
    endDate: text('end_date'),
    voucher: text('voucher'),
    amount: integer('amount'),
    customerId: text('customer_id'),
    supplierId: text('supplier_id'),
    productId: text('product_id'),
    description: text('description'),
  },
  (t) => [index('staging_record_job_idx').on(t.jobId, t.kind)],
);
