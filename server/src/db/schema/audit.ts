import type { AuditTarget } from '@saldo/contract';
import { AUDIT_ACTIONS } from '@saldo/contract';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The audit trail (issue 31): one row per audited action, written in the action's own transaction
 * (features/audit/record.ts). No foreign keys on purpose: a record outlives the board, the user and
 * the thing it names. Nothing deletes a record: the trail is kept at least a year (issue 31), today for good.
 */
export const auditEvent = sqliteTable(
  'audit_event',
  {
    /** Also the order of records made in the same millisecond. */
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** When, as an ISO timestamp (UTC), which sorts as it reads. */
    at: text('at').notNull(),
    /** The user who acted; null for the system. */
    actorId: text('actor_id'),
    /** The actor's address at the time. */
    actorEmail: text('actor_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The board; null for an account's own things and SuperAdmin actions. */
    groupId: text('group_id'),
    /** What, in short (ids, names, roles): never a secret. */
    target: text('target', { mode: 'json' }).$type<AuditTarget>().notNull(),
    ip: text('ip'),
  },
  (t) => [index('audit_event_group_at_idx').on(t.groupId, t.at), index('audit_event_at_idx').on(t.at)],
);
