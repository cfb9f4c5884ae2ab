import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verification } from '../../db/schema/index.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'email-verification:';

const identifierOf = (token: string) => PREFIX + createHash('sha256').update(token).digest('hex');

/**
 * Random, single-use e-mail verification tokens. (better-auth's own are stateless JWTs that stay
 * valid until they expire, however often they are used.) Only a hash of the token is stored.
 */
export async function createVerificationToken(db: Db, userId: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(token),
    value: userId,
    expiresAt: new Date(now + VERIFICATION_TTL_MS),
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  return token;
}

/** The user id the token was made for, consuming the token; null when unknown, used or expired. */
export async function consumeVerificationToken(db: Db, token: string, now = Date.now()): Promise<string | null> {
  const [row] = await db
    .delete(verification)
    .where(and(eq(verification.identifier, identifierOf(token)), gt(verification.expiresAt, new Date(now))))
    .returning({ userId: verification.value });
  return row?.userId ?? null;
}

/** The user id the token was made for, without consuming it; null when unknown or expired. */
export async function verificationTokenUser(db: Db, token: string, now = Date.now()): Promise<string | null> {
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifierOf(token)), gt(verification.expiresAt, new Date(now))));
  return row?.userId ?? null;
}
