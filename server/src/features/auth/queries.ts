import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, session, user } from '../../db/schema/index.ts';

export type UserRow = typeof user.$inferSelect;

/** The user's role while their account is active; null for a deactivated or unknown user. */
export async function activeRoleOf(db: Db, userId: string): Promise<UserRow['role'] | null> {
  const row = await db.query.user.findFirst({ where: eq(user.id, userId), columns: { role: true, status: true } });
  return row && row.status === 'active' ? row.role : null;
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: eq(user.email, email) });
}

/** What signup sets beside better-auth's own columns. */
export async function completeSignup(
  db: Db,
  userId: string,
  set: Pick<UserRow, 'language' | 'role' | 'integrationPartnerId' | 'emailVerified'>,
): Promise<void> {
  await db.update(user).set(set).where(eq(user.id, userId));
}

/** The session better-auth just made for this token, with its user. */
export async function sessionWithUser(
  db: Db,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | undefined> {
  const [row] = await db
    .select({ user, sessionId: session.id })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  return row;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(session).where(eq(session.id, id));
}

export async function recordLogin(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, userId));
}

/** The hash of the user's password (better-auth's credential account), if they have a password login. */
export async function credentialPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db.query.account.findFirst({
    where: and(eq(account.userId, userId), eq(account.providerId, 'credential')),
    columns: { password: true },
  });
  return row?.password ?? null;
}

export async function userById(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: eq(user.id, userId) });
}

/** Marks the address verified; answers it, or undefined when there is no such user. */
export async function markEmailVerified(db: Db, userId: string): Promise<string | undefined> {
  const [verified] = await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ email: user.email });
  return verified?.email;
}

export async function makeSuperAdmin(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ role: 'SuperAdmin' }).where(eq(user.id, userId));
}
