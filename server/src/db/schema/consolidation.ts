import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { board } from './boards.ts';

/** A board's consolidation group: at most one a board ('Consolidation group already exist'). */
export const consolidation = sqliteTable('consolidation', {
  id: text('id').primaryKey(),
  boardId: text('board_id')
    .notNull()
    .unique()
    .references(() => board.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  apis: text('apis', { mode: 'json' }).$type<string[]>().notNull(),
  deductAccounts: text('deduct_accounts', { mode: 'json' }).$type<number[]>().notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
