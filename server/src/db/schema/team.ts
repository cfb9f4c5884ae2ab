import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { board } from './boards.ts';
import { cascadeRef } from './columns.ts';

/** The roles a board's owner or Admins give others (SPEC §6). The owner is board.owner_id, not a row here. */
export const MEMBER_ROLES = ['Admin', 'Editor', 'Viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A user's role on a board that is not theirs. */
export const boardMember = sqliteTable(
  'board_member',
  {
    boardId: cascadeRef('board_id', () => board.id),
    userId: cascadeRef('user_id', () => user.id),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    addedAt: integer('added_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index('board_member_user_idx').on(t.userId)],
);

/**
 * An invitation: an e-mail address, a role and the boards it gives, or (`tag`, with no boards) a role on
 * a tag of its inviter's: accepted, it becomes a tag_member row, so every board of the inviter's with
 * the tag, now and later. Its single-use link's token is stored only as its SHA-256. Sent until
 * `expiresAt` (7 days), then expired; confirmed once accepted.
 */
export const invitation = sqliteTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    boardIds: text('board_ids', { mode: 'json' }).$type<string[]>().notNull(),
    /** A tag of the inviter's boards (issue 29): the role is on the tag (Editor or Viewer), `boardIds` empty. */
    tag: text('tag'),
    invitedBy: cascadeRef('invited_by', () => user.id),
    /** The inviter's language when it was sent: the mail's, and the confirm page's default. */
    lang: text('lang', { enum: ['nor', 'en'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    confirmedBy: text('confirmed_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('invitation_email_idx').on(t.email), index('invitation_inviter_idx').on(t.invitedBy)],
);

/** The roles a board's owner gives on a tag: a tag member views, or views and edits, never shares or administers. */
export const TAG_ROLES = ['Editor', 'Viewer'] as const;
export type TagRole = (typeof TAG_ROLES)[number];

/**
 * A user's role on a tag of a board owner's (issue 29): the role on every board of `ownerId` that
 * carries `tag`, now and later, as long as the board has the tag and the grant stands. Read where a
 * board role is resolved (features/boards/member-role.ts), beside board_member.
 */
export const tagMember = sqliteTable(
  'tag_member',
  {
    ownerId: cascadeRef('owner_id', () => user.id),
    tag: text('tag').notNull(),
    userId: cascadeRef('user_id', () => user.id),
    role: text('role', { enum: TAG_ROLES }).notNull(),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    addedAt: integer('added_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.tag, t.userId] }), index('tag_member_user_idx').on(t.userId, t.ownerId)],
);
