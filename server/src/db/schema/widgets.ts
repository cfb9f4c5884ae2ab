import type { RatioOperand } from '@saldo/contract';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';

/** A board's custom widget: an account range, or a ratio of two ranges (patterns such as 3xxx) or statement lines. */
export const customWidget = sqliteTable(
  'custom_widget',
  {
    id: text('id').primaryKey(),
    boardId: cascadeRef('board_id', () => board.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['accountRange', 'ratio'] }).notNull(),
    /** accountRange: from/to; ratio: dividend and divisor, each from/to */
    accounts: text('accounts', { mode: 'json' })
      .$type<{
        range?: { from: string; to: string };
        dividend?: RatioOperand;
        divisor?: RatioOperand;
      }>()
      .notNull(),
    view: text('view', { enum: ['single', 'comparison'] })
      .notNull()
      .default('single'),
    note: text('note'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('custom_widget_board_idx').on(t.boardId)],
);

/** A saved assistant question and its answer, shown by an AI widget (the assistant writes these). */
export const aiQuery = sqliteTable('ai_query', {
  id: text('id').primaryKey(),
  boardId: cascadeRef('board_id', () => board.id),
  question: text('question').notNull(),
  answer: text('answer', { mode: 'json' }).$type<unknown>().notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
