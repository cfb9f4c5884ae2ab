import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, user } from '../../db/schema/index.ts';

export type UserRow = typeof user.$inferSelect;

export async function userById(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: eq(user.id, userId) });
}

/** Sets the user's avatar; answers the one it replaces. */
export async function swapAvatar(db: Db, userId: string, image: string | null): Promise<string | null | undefined> {
  const [old] = await db.select({ image: user.image }).from(user).where(eq(user.id, userId));
  await db.update(user).set({ image, updatedAt: new Date() }).where(eq(user.id, userId));
  return old?.image;
}

export async function updateProfile(
  db: Db,
  userId: string,
  set: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'name' | 'companyName' | 'phoneNumber' | 'language' | 'updatedAt'>
  >,
): Promise<void> {
  await db.update(user).set(set).where(eq(user.id, userId));
}

/** The user's password login (better-auth's credential account), if they have one. */
export async function credentialAccount(db: Db, userId: string) {
  return db.query.account.findFirst({ where: and(eq(account.userId, userId), eq(account.providerId, 'credential')) });
}

export async function setPasswordHash(db: Db, accountId: string, hash: string): Promise<void> {
  await db.update(account).set({ password: hash, updatedAt: new Date() }).where(eq(account.id, accountId));
}
