import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';

/** The logo types a firm may upload (issue 30): a PNG or a sanitised SVG. */
export const FIRM_LOGO_TYPES = ['png', 'svg'] as const;
export type FirmLogoType = (typeof FIRM_LOGO_TYPES)[number];

/**
 * A firm's profile (issue 30): the name, organisation number, colours, sender and logo its packs,
 * mails and public links carry. A firm is the user who owns boards (as for templates, firm_template),
 * so the row is keyed by that user and goes with them. The logo is kept in the row (at most 1 MB) so a
 * profile and its logo are written in one statement and a backup of the database holds both.
 */
export const firmProfile = sqliteTable('firm_profile', {
  firmId: text('firm_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Nine digits that pass Brønnøysund's modulus 11 check. */
  orgNumber: text('org_number').notNull(),
  /** `#rrggbb`, lower case. */
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  /** The display name of its mail; the firm's name when null. */
  senderName: text('sender_name'),
  /** Where replies to its mail go; the accountant who sent it when null. */
  replyTo: text('reply_to'),
  logo: blob('logo', { mode: 'buffer' }),
  logoType: text('logo_type', { enum: FIRM_LOGO_TYPES }),
  logoUpdatedAt: integer('logo_updated_at', { mode: 'timestamp_ms' }),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});
