import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { trialEndFrom, USER_PLANS } from '../../features/admin/lifecycle.ts';
import { cascadeRef } from './columns.ts';

// Tables in the shape better-auth's drizzle adapter expects (core schema of better-auth 1.7),
// with Saldo's profile fields added as better-auth additionalFields.
export const user = sqliteTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
  image: text('image'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  companyName: text('company_name'),
  phoneNumber: text('phone_number'),
  role: text('role').notNull().default('User'),
  status: text('status', { enum: ['active', 'deactivated'] })
    .notNull()
    .default('active'),
  language: text('language', { enum: ['nor', 'en'] })
    .notNull()
    .default('nor'),
  integrationPartnerId: text('integration_partner_id'),
  lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
  /** trial until trialEndsAt; free: granted by a super admin; paid: set by billing. */
  plan: text('plan', { enum: USER_PLANS }).notNull().default('trial'),
  /**
   * Every new row (better-auth's signup included) gets its trial end here; the migration backfilled
   * existing rows from created_at.
   */
  trialEndsAt: integer('trial_ends_at', { mode: 'timestamp_ms' }).$defaultFn(() => trialEndFrom(new Date())),
});

export const session = sqliteTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: cascadeRef('user_id', () => user.id),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = sqliteTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: cascadeRef('user_id', () => user.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: integer('access_token_expires_at', { mode: 'timestamp_ms' }),
    refreshTokenExpiresAt: integer('refresh_token_expires_at', { mode: 'timestamp_ms' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = sqliteTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Saldo's refresh tokens (the spec's rotating refreshToken). Only a SHA-256 of the token is
 * stored; a used token is kept with `usedAt` so a replay can be detected and refused.
 */
export const refreshToken = sqliteTable(
  'refresh_token',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: cascadeRef('user_id', () => user.id),
    sessionId: text('session_id').references(() => session.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('refresh_token_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters for rate limits (login, reset, signup), in the database so that several
 * server processes share them.
 */
export const rateLimit = sqliteTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at', { mode: 'timestamp_ms' }).notNull(),
});
