import type { ScheduleRule } from '@saldo/contract/report-packs/schedule';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';
import { packSnapshot, reportPack } from './report-packs.ts';

/**
 * A report pack's schedule (issue 30), one per pack: its rule (contract report-packs/schedule.ts), who
 * gets it and the message that goes with it. `ownerId` is who saved it: the run reads the board as them
 * and tells them when it fails. `since` and `bookedSince` are the day it was saved and the board's last
 * booked month then (dueRun owes nothing before them).
 */
export const packSchedule = sqliteTable('pack_schedule', {
  id: text('id').primaryKey(),
  packId: cascadeRef('pack_id', () => reportPack.id).unique(),
  boardId: cascadeRef('board_id', () => board.id),
  rule: text('rule').$type<ScheduleRule>().notNull(),
  day: integer('day'),
  recipients: text('recipients', { mode: 'json' }).$type<string[]>().notNull(),
  message: text('message').notNull(),
  ownerId: cascadeRef('owner_id', () => user.id),
  since: text('since').notNull(),
  bookedSince: text('booked_since'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * One recipient's mail of a sent snapshot: made with the snapshot (queued), 'sending' while a process
 * hands it to the SMTP server, then 'sent' with the server's answer or 'failed' with its refusal. One per
 * snapshot and recipient, so a run taken over after a crash finds what went and sends only the rest.
 */
export const packDelivery = sqliteTable(
  'pack_delivery',
  {
    id: text('id').primaryKey(),
    snapshotId: cascadeRef('snapshot_id', () => packSnapshot.id),
    scheduleId: text('schedule_id').references(() => packSchedule.id, { onDelete: 'set null' }),
    boardId: cascadeRef('board_id', () => board.id),
    packId: text('pack_id').notNull(),
    recipient: text('recipient').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .$type<DeliveryStatus>()
      .notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's last answer: its 250 line when sent, its refusal when not. */
    response: text('response'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('pack_delivery_recipient_idx').on(t.snapshotId, t.recipient),
    index('pack_delivery_pack_idx').on(t.boardId, t.packId, t.createdAt),
  ],
);
