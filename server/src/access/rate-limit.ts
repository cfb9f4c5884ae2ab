import type { ErrorCode } from '@saldo/contract/errors/errors';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The limits of this install; tests pass their own. */
export const defaultLimits = {
  /**
   * Failed logins only, never successes: per (account, client address), so nobody elsewhere can lock
   * the owner out, and per client address, so one address cannot try many accounts.
   */
  loginFailuresPerAccountClient: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
  /**
   * Wrong current passwords when changing the password: per account (whoever holds a stolen access
   * token, from wherever, guesses against one budget; at worst the owner waits to change their password,
   * logging in is not affected) and per client address.
   */
  passwordChangeFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE },
  passwordChangeFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
  resetPerIp: { max: 10, windowMs: 15 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 15 * MINUTE },
  signupPerIp: { max: 10, windowMs: 60 * MINUTE },
  verificationPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Every question is a paid model call. */
  assistantPerUserMinute: { max: 6, windowMs: MINUTE },
  assistantPerUserDay: { max: 100, windowMs: DAY },
  /** Recipients of share e-mails: per board, and per sender over all their boards. */
  shareMailPerBoardDay: { max: 100, windowMs: DAY },
  shareMailPerUserDay: { max: 300, windowMs: DAY },
  /** Invitations (and resends) each send a mail to an address the sender chose. */
  invitationsPerUserDay: { max: 50, windowMs: DAY },
  /** Feedback and bug reports each mail the install's own address: enough for a real user, not a flood. */
  feedbackPerUserHour: { max: 5, windowMs: 60 * MINUTE },
  feedbackPerUserDay: { max: 20, windowMs: DAY },
} satisfies Record<string, Limit>;

export type Limits = typeof defaultLimits;

/** Thrown past a limit, with the seconds until the window ends (the Retry-After header). */
const limitError = (code: ErrorCode, retryAfterSeconds: number) =>
  Object.assign(new ApiError(code), { retryAfterSeconds });

const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/**
 * Counts one attempt against `key` in a fixed window and refuses with `code` past the maximum.
 * One upsert statement, so concurrent requests cannot both slip under the limit.
 */
export async function hitLimit(
  db: Db,
  key: string,
  limit: Limit,
  now = Date.now(),
  code: ErrorCode = 'TOO_MANY_REQUESTS',
): Promise<void> {
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, resetAt: new Date(now + limit.windowMs) })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.resetAt} <= ${now} then 1 else ${rateLimit.count} + 1 end`,
        resetAt: sql`case when ${rateLimit.resetAt} <= ${now} then ${now + limit.windowMs} else ${rateLimit.resetAt} end`,
      },
    })
    .returning({ count: rateLimit.count, resetAt: rateLimit.resetAt });
  if ((row?.count ?? 0) > limit.max) throw limitError(code, retryAfter(row!.resetAt.getTime(), now));
}

/**
 * Gives back `amount` counted by hitLimit or takeQuota, for an attempt that turned out not to count
 * (a login whose password was right). Within the same window only; never below zero.
 */
export async function releaseLimit(db: Db, key: string, now = Date.now(), amount = 1): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`max(${rateLimit.count} - ${amount}, 0)` })
    .where(and(eq(rateLimit.key, key), gt(rateLimit.resetAt, new Date(now))));
}

/**
 * Takes `amount` from a quota (e.g. 50 recipients of one share e-mail) only if all of it fits;
 * otherwise refuses with `code` and takes nothing, so a refused request does not use up the quota.
 */
export async function takeQuota(
  db: Db,
  key: string,
  limit: Limit,
  amount: number,
  code: ErrorCode,
  now = Date.now(),
): Promise<void> {
  const refuse = async (): Promise<never> => {
    const [row] = await db.select({ resetAt: rateLimit.resetAt }).from(rateLimit).where(eq(rateLimit.key, key));
    throw limitError(code, retryAfter(row?.resetAt.getTime() ?? now + limit.windowMs, now));
  };
  if (amount > limit.max) return refuse();
  const rows = await db
    .insert(rateLimit)
    .values({ key, count: amount, resetAt: new Date(now + limit.windowMs) })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.resetAt} <= ${now} then ${amount} else ${rateLimit.count} + ${amount} end`,
        resetAt: sql`case when ${rateLimit.resetAt} <= ${now} then ${now + limit.windowMs} else ${rateLimit.resetAt} end`,
      },
      setWhere: sql`${rateLimit.resetAt} <= ${now} or ${rateLimit.count} + ${amount} <= ${limit.max}`,
    })
    .returning({ count: rateLimit.count });
  if (rows.length === 0) return refuse();
}
