import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';

/**
 * A public link to a board: read-only access to exactly the widgets and pages chosen, for anyone
 * with the link. The link's secret (144 random bits) is never stored: `id` is its SHA-256, which
 * also names the link to its owner (listing, revoking) without being a way in.
 */
export const publicShare = sqliteTable(
  'public_share',
  {
    id: text('id').primaryKey(),
    boardId: cascadeRef('board_id', () => board.id),
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
    createdBy: cascadeRef('created_by', () => user.id),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** After it the link answers 410 and shows nothing; none: until revoked. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** A period the link is held to (yyyy-mm-dd); a visitor cannot ask for another. */
    lockedStartDate: text('locked_start_date'),
    lockedEndDate: text('locked_end_date'),
    views: integer('views').notNull().default(0),
    lastViewedAt: integer('last_viewed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('public_share_board_idx').on(t.boardId)],
);

/**
 * A partner's key to embed one board's elements on its own pages: the partner's backend signs
 * short-lived tokens (HS256, `kid` = id) with the secret, and only pages on `origins` may use them.
 * The secret is sealed (AES-256-GCM, crypto/secrets.ts), not hashed: verifying an HMAC needs it.
 */
export const embedKey = sqliteTable(
  'embed_key',
  {
    id: text('id').primaryKey(),
    boardId: cascadeRef('board_id', () => board.id),
    name: text('name').notNull(),
    origins: text('origins', { mode: 'json' }).$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    createdBy: cascadeRef('created_by', () => user.id),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('embed_key_board_idx').on(t.boardId)],
);
