import type { ALERT_COMPARISONS, ALERT_METRICS } from '@saldo/contract/kpis/alerts';
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';

/** What a rule watches, and how it compares (the contract's lists). */
export type AlertMetricColumn = (typeof ALERT_METRICS)[number];
export type AlertComparisonColumn = (typeof ALERT_COMPARISONS)[number];

/**
 * An alert rule: its owner's (the firm's account owner who made it), applied to the boards they may view
 * within its scope (one board, the boards with a tag, or all). Evaluated after each sync of a board's
 * source, from the month summaries and sync state only (features/alerts/evaluate.ts).
 */
export const alertRule = sqliteTable(
  'alert_rule',
  {
    id: text('id').primaryKey(),
    ownerId: cascadeRef('owner_id', () => user.id),
    name: text('name').notNull(),
    metric: text('metric').$type<AlertMetricColumn>().notNull(),
    comparison: text('comparison').$type<AlertComparisonColumn>().notNull(),
    /** Øre for amounts, percent for margins and equity ratio, a plain ratio for liquidity, days, or percent for a change. */
    threshold: real('threshold').notNull(),
    /** The last booked month, or the year to date (January to the last booked month). */
    period: text('period', { enum: ['lastMonth', 'yearToDate'] }).notNull(),
    scopeKind: text('scope_kind', { enum: ['board', 'tag', 'all'] }).notNull(),
    scopeBoardId: text('scope_board_id').references(() => board.id, { onDelete: 'cascade' }),
    scopeTag: text('scope_tag'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('alert_rule_owner_idx').on(t.ownerId), index('alert_rule_board_idx').on(t.scopeBoardId)],
);

/**
 * A rule met by a board: opened when first met, its value and last sighting kept while it stays met,
 * resolved when it no longer is. Rows are never deleted with their resolution: the alert's history.
 * At most one open event per rule and board (a partial unique index).
 */
export const alertEvent = sqliteTable(
  'alert_event',
  {
    id: text('id').primaryKey(),
    ruleId: cascadeRef('rule_id', () => alertRule.id),
    boardId: cascadeRef('board_id', () => board.id),
    /** The period evaluated: yyyy-mm, or yyyy-mm..yyyy-mm for the year to date. */
    period: text('period').notNull(),
    value: real('value'),
    threshold: real('threshold').notNull(),
    /** What was met, as a text key the portal and the mail word (features/alerts/evaluate.ts). */
    reason: text('reason').notNull(),
    firstSeenAt: integer('first_seen_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    /** When the daily digest took it (in the transaction that recorded the send): never mailed twice. */
    mailedAt: integer('mailed_at', { mode: 'timestamp_ms' }),
    digestId: text('digest_id'),
  },
  (t) => [
    uniqueIndex('alert_event_open_idx').on(t.ruleId, t.boardId).where(sql`resolved_at is null`),
    index('alert_event_board_idx').on(t.boardId, t.resolvedAt),
    index('alert_event_unmailed_idx').on(t.mailedAt, t.resolvedAt),
  ],
);

/**
 * One digest mail to one recipient for one daily slot (at most one a day): recorded with its events
 * before the mail goes. 'sending' while it goes (a crash leaves it so, and it is not sent again),
 * 'sent', or 'failed' (the SMTP peer refused: the job's retry sends it again).
 */
export const alertDigest = sqliteTable(
  'alert_digest',
  {
    id: text('id').primaryKey(),
    recipientId: cascadeRef('recipient_id', () => user.id),
    slot: text('slot').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'failed'] }).notNull(),
    eventCount: integer('event_count').notNull(),
    error: text('error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('alert_digest_slot_idx').on(t.recipientId, t.slot)],
);
