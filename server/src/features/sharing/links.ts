import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publicShare } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { refuseWhileOwnerDeactivated } from '../admin/deactivation.ts';

export type PublicShareRow = typeof publicShare.$inferSelect;

/** A new link's secret: 144 random bits, URL-safe (24 characters). Shown once, never stored. */
export const newLinkSecret = () => randomBytes(18).toString('base64url');

/** What is stored and listed for a link: the SHA-256 of its secret, in hex. */
export const linkHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

const HASH = /^[0-9a-f]{64}$/;

/**
 * The live link behind a visitor's secret. An unknown or revoked one is SHARE_NOT_FOUND (404), an
 * expired one SHARE_EXPIRED (410); neither says anything about the board.
 */
export async function liveShare(db: Db, secret: string, now: number): Promise<PublicShareRow> {
  if (!secret || secret.length > 200) throw new ApiError('SHARE_NOT_FOUND');
  const [share] = await db
    .select()
    .from(publicShare)
    .where(eq(publicShare.id, linkHash(secret)));
  if (!share) throw new ApiError('SHARE_NOT_FOUND');
  if (share.expiresAt && share.expiresAt.getTime() <= now) throw new ApiError('SHARE_EXPIRED');
  await refuseWhileOwnerDeactivated(db, share.boardId);
  return share;
}

/** The owner's handle on a link: the hash as listed, or the secret itself. */
export const ownerHandle = (idOrSecret: string) => (HASH.test(idOrSecret) ? idOrSecret : linkHash(idOrSecret));

/** Counts a visit of the public page (not every data call of its widgets). */
export async function countView(db: Db, id: string, now: number): Promise<void> {
  await db
    .update(publicShare)
    .set({ views: sql`${publicShare.views} + 1`, lastViewedAt: new Date(now) })
    .where(eq(publicShare.id, id));
}

/**
 * Links made before their secrets were hashed kept the secret as their id. Hashed once at start-up
 * (SQLite has no SHA-256), so every old link keeps working and no secret stays stored.
 */
export async function hashLegacyLinks(db: Db): Promise<number> {
  const legacy = await db.select({ id: publicShare.id }).from(publicShare).where(sql`length(${publicShare.id}) <> 64`);
  for (const { id } of legacy)
    await db
      .update(publicShare)
      .set({ id: linkHash(id) })
      .where(eq(publicShare.id, id));
  return legacy.length;
}
