import { like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verification } from '../../db/schema/index.ts';
import type { Auth } from './auth.ts';

/**
 * Password reset tokens are better-auth's: it makes them, mails them (auth.ts sendResetPassword) and
 * consumes them. It stores each as a verification row whose identifier is `reset-password:<token>`;
 * with `verification.storeIdentifier: 'hashed'` (auth.ts) it stores only the SHA-256 of that, and
 * hashes what it is given before every look-up. Everything here goes through its internal adapter,
 * so the hash is its own and cannot drift from ours.
 */
const PLAIN_PREFIX = 'reset-password:';
const identifierOf = (token: string) => PLAIN_PREFIX + token;

/** The user a reset token was issued to, while it is stored and unexpired. */
export async function resetTokenUser(auth: Auth, token: string, now = Date.now()): Promise<string | undefined> {
  const ctx = await auth.$context;
  const pending = await ctx.internalAdapter.findVerificationValue(identifierOf(token));
  return pending && pending.expiresAt.getTime() > now ? pending.value : undefined;
}

/**
 * Reset tokens stored before they were hashed (their identifier still reads `reset-password:<token>`)
 * are stored again by their hash, once at start-up: a link mailed just before an upgrade still works
 * (once, within its hour), and no token stays readable in the database. Expired ones are dropped.
 * Answers how many were hashed.
 */
export async function hashLegacyResetTokens(db: Db, auth: Auth, now = Date.now()): Promise<number> {
  const ctx = await auth.$context;
  const plain = await db
    .delete(verification)
    .where(like(verification.identifier, `${PLAIN_PREFIX}%`))
    .returning();
  let hashed = 0;
  for (const row of plain) {
    if (row.expiresAt.getTime() <= now) continue;
    await ctx.internalAdapter.createVerificationValue({
      identifier: row.identifier,
      value: row.value,
      expiresAt: row.expiresAt,
    });
    hashed++;
  }
  return hashed;
}
