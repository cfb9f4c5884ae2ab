import type { PackLanguage, PackSection } from '@saldo/contract/report-packs/sections';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
