import type { PackLanguage, PackSection } from '@saldo/contract/report-packs/sections';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';

/**
 * A board's report pack (issue 30): its ordered sections as one JSON list, checked by the contract's
 * schema whenever it is written and read (features/report-packs/), in the pack's language.
 */
export const reportPack = sqliteTable(
  'report_pack',
  {
    id: text('id').primaryKey(),
    boardId: cascadeRef('board_id', () => board.id),
    name: text('name').notNull(),
    language: text('language', { enum: ['nor', 'en'] })
      .$type<PackLanguage>()
      .notNull(),
    sections: text('sections', { mode: 'json' }).$type<PackSection[]>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('report_pack_board_idx').on(t.boardId, t.createdAt)],
);

/** A figure a sent pack showed (features/report-packs/render.ts): its id, its label and its value as shown. */
export interface SnapshotFigure {
  id: string;
  label: string;
  value: number | string | null;
}

/** A voucher of the sent period as the ledger held it then (its debit total, øre), to tell what was booked since. */
export interface SnapshotVoucher {
  source: string;
  period: string;
  date: string;
  voucher: string;
  debit: number;
  description: string | null;
}

/**
 * A pack as it was sent (issue 30): the PDF's bytes exactly as mailed, the figures it showed, the
 * sources' data version it read, who sent it to whom and when, and the SHA-256 of the bytes. Never
 * changed once written; a resync changes the live figures, not this. `linkHash` is the SHA-256 of the
 * public link's secret (as public_share keeps it: the secret is mailed, never stored), valid until
 * `linkExpiresAt`. The pack id is kept without a reference: a sent pack stays on record after its pack
 * is deleted; it goes with its board.
 */
export const packSnapshot = sqliteTable(
  'pack_snapshots',
  {
    id: text('id').primaryKey(),
    boardId: cascadeRef('board_id', () => board.id),
    /** When it was sent, and by whom. */
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    /** The pack it was sent from, and the pack's name then. */
    packId: text('pack_id').notNull(),
    packName: text('pack_name').notNull(),
    /** The period asked for (the PDF shows its booked part). */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    language: text('language', { enum: ['nor', 'en'] })
      .$type<PackLanguage>()
      .notNull(),
    /** The pack's sections as they were when sent, so its figures can be read again for the same pack. */
    sections: text('sections', { mode: 'json' }).$type<PackSection[]>().notNull(),
    pdf: blob('pdf', { mode: 'buffer' }).notNull(),
    contentHash: text('content_hash').notNull(),
    figures: text('figures', { mode: 'json' }).$type<SnapshotFigure[]>().notNull(),
    dataVersion: text('data_version').notNull(),
    /** The period's vouchers then; null when there were more than the snapshot keeps (render.ts). */
    vouchers: text('vouchers', { mode: 'json' }).$type<SnapshotVoucher[] | null>(),
    recipients: text('recipients', { mode: 'json' }).$type<string[]>().notNull(),
    linkHash: text('link_hash').notNull().unique(),
    linkExpiresAt: integer('link_expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** A scheduled run's job slot (pack-schedules.ts): one snapshot per run however often it is retried or taken over. */
    runSlot: text('run_slot').unique(),
    /**
     * Kept after each sync of its board's sources (report-packs/changed.ts): the data version its figures were
     * last compared at (null: none since it was sent), and how many of them differ from the live ledger then.
     */
    checkedVersion: text('checked_version'),
    changedFigures: integer('changed_figures').notNull().default(0),
  },
  (t) => [index('pack_snapshots_pack_idx').on(t.boardId, t.packId, t.createdAt)],
);
