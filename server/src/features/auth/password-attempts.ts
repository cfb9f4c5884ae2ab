import { hitLimit, type Limit, releaseLimit } from '../../access/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from './auth.ts';
import { credentialPasswordHash } from './queries.ts';

export interface FailureKey {
  key: string;
  limit: Limit;
}

/**
 * Checks a password against limits that count failures only. Every attempt is counted before the
 * password is checked (so parallel guesses cannot slip past the limit, and one past it is refused with
 * 429 and Retry-After before any check), and given back unless the password was wrong: a right
 * password, or an error before the answer, never counts.
 */
export async function limitedPasswordCheck(
  db: Db,
  keys: readonly FailureKey[],
  now: number,
  check: () => Promise<boolean>,
): Promise<boolean> {
  for (const { key, limit } of keys) await hitLimit(db, key, limit, now);
  let right = true;
  try {
    right = await check();
    return right;
  } finally {
    if (right) for (const { key } of keys) await releaseLimit(db, key, now);
  }
}

/** Whether `password` is the user's password (better-auth's hash of it); false without a password login. */
export async function passwordMatches(db: Db, auth: Auth, userId: string, password: string): Promise<boolean> {
  const hash = await credentialPasswordHash(db, userId);
  if (!hash) return false;
  const ctx = await auth.$context;
  return ctx.password.verify({ hash, password });
}
