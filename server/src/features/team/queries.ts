import { createHash, randomBytes } from 'node:crypto';
import type { Invitation, InvitationPreview, TeamMember } from '@saldo/contract';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Writer } from '../../db/client.ts';
import { board, boardMember, invitation, type MemberRole, user } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { grantTagRole, ownBoardsWithTag } from './tag-member-queries.ts';

/** An invitation works for a week (SPEC §4: sent, expired, confirmed). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationRow = typeof invitation.$inferSelect;

export const newInvitationToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationState = (row: InvitationRow, now: number): Invitation['state'] =>
  row.confirmedAt ? 'confirmed' : row.expiresAt.getTime() <= now ? 'expired' : 'sent';

/** The boards the user may invite to and whose members they manage: their own, and those they administer. */
export async function managedBoards(db: Writer, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: board.id, name: board.name })
    .from(board)
    .leftJoin(boardMember, and(eq(boardMember.boardId, board.id), eq(boardMember.userId, userId)))
    .where(or(eq(board.ownerId, userId), eq(boardMember.role, 'Admin')));
}

async function boardNames(db: Writer, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: board.id, name: board.name })
    .from(board)
    .where(inArray(board.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Invitations as the team page lists them; boards deleted since are left out. */
export async function toInvitations(db: Writer, rows: readonly InvitationRow[], now: number): Promise<Invitation[]> {
  const names = await boardNames(db, [...new Set(rows.flatMap((r) => r.boardIds))]);
  return rows.map((r) => ({
    _id: r.id,
    email: r.email,
    role: r.role,
    boards: r.boardIds.filter((id) => names.has(id)).map((id) => ({ _id: id, name: names.get(id)! })),
    tag: r.tag,
    state: invitationState(r, now),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
  }));
}

/** What the confirm page shows of an invitation before it is accepted. */
export async function previewOf(db: Writer, row: InvitationRow, now: number): Promise<InvitationPreview> {
  const [inviter] = await db.select({ name: user.name }).from(user).where(eq(user.id, row.invitedBy));
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, row.email));
  const [view] = await toInvitations(db, [row], now);
  return {
    email: row.email,
    role: row.role,
    boards: view!.boards,
    tag: row.tag,
    state: view!.state,
    invitedBy: inviter?.name ?? '',
    userExists: !!existing,
    lang: row.lang,
  };
}

/** The invitation behind a link's token that can still be accepted, or the reason it cannot. */
export async function acceptableInvitation(db: Writer, token: string, now: number): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(invitation)
    .where(eq(invitation.tokenHash, tokenHash(token)));
  if (!row || row.confirmedAt) throw new ApiError('INVITATION_NOT_FOUND');
  if (row.expiresAt.getTime() <= now) throw new ApiError('INVITATION_EXPIRED');
  // An invitation follows its inviter: it gives no more than they may still give, on every board; one
  // to a tag, while its inviter (the tag's owner) is active.
  const refused = row.tag
    ? (await inviterStatus(db, row.invitedBy)) !== 'active'
    : (await boardsInviterCannotShare(db, row)).length > 0;
  if (refused) throw new ApiError('INVITER_CANNOT_SHARE');
  return row;
}

async function inviterStatus(db: Writer, userId: string) {
  const [inviter] = await db.select({ status: user.status }).from(user).where(eq(user.id, userId));
  return inviter?.status;
}

/**
 * The boards of an invitation (those that still exist) on which its inviter no longer holds the share
 * right: removed or demoted since, or deactivated. The invitation is then refused as a whole, not
 * narrowed to the boards left: the invitee agreed to what the mail and the confirm page showed.
 */
export async function boardsInviterCannotShare(db: Writer, row: InvitationRow): Promise<string[]> {
  if (row.boardIds.length === 0) return [];
  const status = await inviterStatus(db, row.invitedBy);
  const boards = await db
    .select({ id: board.id, owner: board.ownerId, role: boardMember.role })
    .from(board)
    .leftJoin(boardMember, and(eq(boardMember.boardId, board.id), eq(boardMember.userId, row.invitedBy)))
    .where(inArray(board.id, row.boardIds));
  return boards
    .filter((b) => status !== 'active' || (b.owner !== row.invitedBy && b.role !== 'Admin'))
    .map((b) => b.id);
}

/**
 * Revokes the pending invitations this user sent to any of these boards, where they no longer hold the
 * share right (removed or demoted): nobody keeps a way back in through an invitation they sent.
 */
export async function revokeInvitationsBy(db: Writer, inviterId: string, boardIds: readonly string[]): Promise<number> {
  if (boardIds.length === 0) return 0;
  const pending = await db
    .select({ id: invitation.id, boardIds: invitation.boardIds })
    .from(invitation)
    .where(and(eq(invitation.invitedBy, inviterId), isNull(invitation.confirmedAt)));
  const revoked = pending.filter((p) => p.boardIds.some((id) => boardIds.includes(id))).map((p) => p.id);
  if (revoked.length) await db.delete(invitation).where(inArray(invitation.id, revoked));
  return revoked.length;
}

/**
 * Gives the user the invitation's role on its boards (those that still exist and are not theirs), or on
 * its tag (a tag_member row: every board of the inviter's with the tag, now and later), and marks it
 * confirmed, so its link works once. Answers the boards the user now has by it.
 */
export async function acceptInvitation(db: Writer, row: InvitationRow, userId: string, now: number): Promise<string[]> {
  const given = row.tag ? await giveTagRole(db, row, row.tag, userId, now) : await giveBoards(db, row, userId, now);
  await db
    .update(invitation)
    .set({ confirmedAt: new Date(now), confirmedBy: userId })
    .where(eq(invitation.id, row.id));
  return given;
}

async function giveBoards(db: Writer, row: InvitationRow, userId: string, now: number): Promise<string[]> {
  const boards = await db
    .select({ id: board.id, owner: board.ownerId })
    .from(board)
    .where(inArray(board.id, row.boardIds.length ? row.boardIds : ['']));
  const given = boards.filter((b) => b.owner !== userId).map((b) => b.id);
  await setMemberships(db, userId, given, row.role, row.invitedBy, now);
  return given;
}

/** The invitation's role on its tag, from its inviter (the tag's owner); the boards with the tag now. */
async function giveTagRole(db: Writer, row: InvitationRow, tag: string, userId: string, now: number) {
  // The invite route let no Admin through; a row that holds one is refused rather than narrowed.
  if (row.role === 'Admin') throw new ApiError('INVITATION_TAG_ROLE');
  if (userId === row.invitedBy) return [];
  const at = new Date(now);
  await grantTagRole(db, { ownerId: row.invitedBy, tag, userId, role: row.role, addedBy: row.invitedBy, at });
  return ownBoardsWithTag(db, row.invitedBy, tag);
}

/** The boards an invitation's records name: its own, or those of its inviter's with its tag now. */
export const invitationBoards = (db: Writer, row: InvitationRow): Promise<string[]> =>
  row.tag ? ownBoardsWithTag(db, row.invitedBy, row.tag) : Promise.resolve(row.boardIds);

/** Upserts the user's role on each board. */
export async function setMemberships(
  db: Writer,
  userId: string,
  boardIds: readonly string[],
  role: MemberRole,
  addedBy: string,
  now: number,
): Promise<void> {
  for (const boardId of boardIds) {
    await db
      .insert(boardMember)
      .values({ boardId, userId, role, addedBy, addedAt: new Date(now) })
      .onConflictDoUpdate({ target: [boardMember.boardId, boardMember.userId], set: { role } });
  }
}

/** The members of the boards the caller manages, with their role on each of those boards. */
export async function teamMembers(db: Writer, callerId: string): Promise<TeamMember[]> {
  const managed = await managedBoards(db, callerId);
  if (managed.length === 0) return [];
  const names = new Map(managed.map((b) => [b.id, b.name]));
  const rows = await db
    .select({
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      boardId: boardMember.boardId,
      role: boardMember.role,
    })
    .from(boardMember)
    .innerJoin(user, eq(user.id, boardMember.userId))
    .where(inArray(boardMember.boardId, [...names.keys()]));
  const members = new Map<string, TeamMember>();
  for (const r of rows) {
    if (r.userId === callerId) continue;
    const member = members.get(r.userId) ?? {
      userId: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      boards: [],
    };
    member.boards.push({ _id: r.boardId, name: names.get(r.boardId)!, role: r.role });
    members.set(r.userId, member);
  }
  return [...members.values()].sort((a, b) => a.email.localeCompare(b.email));
}

/** A user's name and language (an inviter's, for the mail and the invitation's language). */
export async function userNameAndLanguage(db: Writer, userId: string) {
  const [row] = await db.select({ name: user.name, language: user.language }).from(user).where(eq(user.id, userId));
  return row;
}

export async function userIdByEmail(db: Writer, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

/** The names of these boards, as the database returns them (an invitation's mail lists them). */
export async function boardNamesIn(db: Writer, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ name: board.name }).from(board).where(inArray(board.id, ids));
  return rows.map((b) => b.name);
}

export async function boardsOwnedBy(db: Writer, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: board.id }).from(board).where(eq(board.ownerId, userId));
}

/** Which of these boards the user is already a member of. */
export async function membershipsAmong(db: Writer, userId: string, boardIds: string[]): Promise<Array<{ id: string }>> {
  return db
    .select({ id: boardMember.boardId })
    .from(boardMember)
    .where(and(eq(boardMember.userId, userId), inArray(boardMember.boardId, boardIds)));
}

/** Takes the user off these boards; answers the boards they were on. */
export async function removeMemberships(
  db: Writer,
  userId: string,
  boardIds: string[],
): Promise<Array<{ id: string }>> {
  return db
    .delete(boardMember)
    .where(and(eq(boardMember.userId, userId), inArray(boardMember.boardId, boardIds)))
    .returning({ id: boardMember.boardId });
}

export async function invitationById(db: Writer, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitation).where(eq(invitation.id, id));
  return row;
}

export async function invitationByTokenHash(db: Writer, hash: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitation).where(eq(invitation.tokenHash, hash));
  return row;
}

/** Invitations to this address not yet accepted, live or expired. */
export async function unconfirmedInvitationsTo(db: Writer, email: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitation)
    .where(and(eq(invitation.email, email), isNull(invitation.confirmedAt)));
}

/** Every invitation, or only those `invitedBy` sent. */
export async function invitationsNewestFirst(db: Writer, invitedBy?: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitation)
    .where(invitedBy ? eq(invitation.invitedBy, invitedBy) : undefined)
    .orderBy(desc(invitation.createdAt));
}

export async function insertInvitation(db: Writer, values: typeof invitation.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitation).values(values).returning();
  return row!;
}

export async function deleteInvitation(db: Writer, id: string): Promise<void> {
  await db.delete(invitation).where(eq(invitation.id, id));
}

/** A new link for an invitation: the old token stops working. */
export async function renewInvitationLink(
  db: Writer,
  id: string,
  hash: string,
  expiresAt: Date,
): Promise<InvitationRow> {
  const [row] = await db
    .update(invitation)
    .set({ tokenHash: hash, expiresAt })
    .where(eq(invitation.id, id))
    .returning();
  return row!;
}
