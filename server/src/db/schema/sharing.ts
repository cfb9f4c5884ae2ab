import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';

/**
 * A public link to a board: read-only access to exactly the widgets and pages chosen, for anyone
 * with the (random, unguessable) id.
 */
export const publicShare = sqliteTable('public_share', {
  id: text('id').primaryKey(),
  boardId: text('board_id')
    .notNull()
    .references(() => board.id, { onDelete: 'cascade' }),
  widgets: text('widgets', { mode: 'json' })
    .$type<
      Array<{
        id: string;
        widget: string;
        x: number;
        y: number;
        width: number;
        height: number;
        view: 'single' | 'comparison';
      }>
    >()
    .notNull(),
  pages: text('pages', { mode: 'json' }).$type<Array<'cashflow' | 'profitloss' | 'balancesheet'>>().notNull(),
  lang: text('lang', { enum: ['nor', 'en'] }).notNull(),
  createdBy: text('created_by')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
