import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/** The limits of this install; tests pass their own. */
export const defaultLimits = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  resetPerIp: { max: 10, windowMs: 15 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  verificationPerAccount: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

export type Limits = typeof defaultLimits;

/**
 * Counts one attempt against `key` in a fixed window and refuses with TOO_MANY_REQUESTS past the
 * maximum. One upsert statement, so concurrent requests cannot both slip under the limit.
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
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
    .returning({ count: rateLimit.count });
  if ((row?.count ?? 0) > limit.max) throw new ApiError('TOO_MANY_REQUESTS');
}
