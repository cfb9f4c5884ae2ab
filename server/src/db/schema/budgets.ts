import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';

/**
 * A board's budget: per P&L account ('3000') or P&L line ('payroll') and month, an amount in øre in
 * the statement's sign (income positive, costs negative). A year is replaced whole, in one
 * transaction, by the grid or an import.
 */
export const budget = sqliteTable(
  'budget',
  {
    boardId: cascadeRef('board_id', () => board.id),
    target: text('target').notNull(),
    /** yyyy-mm */
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // A board's months in order: what a report's period reads.
  (t) => [primaryKey({ columns: [t.boardId, t.month, t.target] })],
);
