import type { BoardWidget } from '@saldo/contract';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { cascadeRef } from './columns.ts';
import { apiAccount } from './ledger.ts';

/** A board (the spec's group account): one company's dashboard over its API accounts. */
export const board = sqliteTable(
  'board',
  {
    id: text('id').primaryKey(),
    ownerId: cascadeRef('owner_id', () => user.id),
    name: text('name').notNull(),
    widgets: text('widgets', { mode: 'json' }).$type<BoardWidget[]>().notNull().default([]),
    /** The month (1–12) the board's fiscal year starts in: no source says it, so its owners and editors do. */
    fiscalYearStart: integer('fiscal_year_start').notNull().default(1),
    /** The firm's own labels for the board (the portfolio filters by them): a JSON list of short texts. */
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** The accountant responsible for the company in the firm's portfolio; none when unset or gone. */
    responsibleUserId: text('responsible_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('board_owner_idx').on(t.ownerId)],
);

export const boardApiAccount = sqliteTable(
  'board_api_account',
  {
    boardId: cascadeRef('board_id', () => board.id),
    apiAccountId: cascadeRef('api_account_id', () => apiAccount.id),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.apiAccountId] }), index('board_api_account_api_idx').on(t.apiAccountId)],
);

/** A sub-board (the spec's dashboard folder): its own set of widgets on a board. */
export const subBoard = sqliteTable(
  'sub_board',
  {
    id: text('id').primaryKey(),
    boardId: cascadeRef('board_id', () => board.id),
    name: text('name').notNull(),
    widgets: text('widgets', { mode: 'json' }).$type<BoardWidget[]>().notNull().default([]),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sub_board_board_idx').on(t.boardId, t.createdAt)],
);
