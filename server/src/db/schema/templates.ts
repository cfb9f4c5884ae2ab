import type { BoardWidget, TemplateBody } from '@saldo/contract';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';
import type { customWidget } from './widgets.ts';

/**
 * A firm's template (issue 29). A firm is the user who owns boards (the accounting firm that pays for
 * them, billing/payer.ts); its people are the owner and everyone with a role on one of its boards.
 */
export const firmTemplate = sqliteTable(
  'firm_template',
  {
    id: text('id').primaryKey(),
    firmId: cascadeRef('firm_id', () => user.id),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Versioned (`version`), checked by the contract's templateBody whenever it is read. */
    body: text('body', { mode: 'json' }).$type<TemplateBody>().notNull(),
  },
  (t) => [index('firm_template_firm_idx').on(t.firmId, t.createdAt)],
);

/** A board's dashboard and KPIs exactly as stored: what an undo writes back. */
export interface BoardDashboardState {
  widgets: BoardWidget[];
  subBoards: Array<{ id: string; name: string; widgets: BoardWidget[]; createdAt: number }>;
  customWidgets: Array<Omit<typeof customWidget.$inferSelect, 'createdAt'> & { createdAt: number }>;
}

/** One level of undo per board: the board as it was before the last template applied to it. */
export const boardTemplateUndo = sqliteTable('board_template_undo', {
  boardId: cascadeRef('board_id', () => board.id).primaryKey(),
  /** The template applied (it may since have been deleted: no reference). */
  templateId: text('template_id').notNull(),
  templateName: text('template_name').notNull(),
  appliedBy: text('applied_by').references(() => user.id, { onDelete: 'set null' }),
  appliedAt: integer('applied_at', { mode: 'timestamp_ms' }).notNull(),
  before: text('before', { mode: 'json' }).$type<BoardDashboardState>().notNull(),
});
