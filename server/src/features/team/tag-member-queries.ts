import type { TagMember } from '@saldo/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Writer } from '../../db/client.ts';
import { board, boardMember, type TagRole, tagMember, user } from '../../db/schema/index.ts';

/**
 * Roles on tags (issue 29): a board's owner gives a colleague a role on a tag of theirs, and so on
 * every board of theirs that carries it. The role itself is read where board roles are resolved
 * (boards/member-role.ts); these are the grants' own reads and writes.
 */

/** The owner's boards that carry the tag now: a correlated count over tag_member's row. */
const boardsWithTag = sql<number>`(select count(*) from ${board} b where b.owner_id = ${tagMember.ownerId}
  and exists (select 1 from json_each(b.tags) where value = ${tagMember.tag}))`;

/** The roles the owner has given on their tags, by tag and then name; or the one given to `userId` on `tag`. */
export async function tagMembersOf(
  db: Writer,
  ownerId: string,
  one?: { tag: string; userId: string },
): Promise<TagMember[]> {
  const rows = await db
    .select({
      tag: tagMember.tag,
      userId: tagMember.userId,
      name: user.name,
      email: user.email,
      role: tagMember.role,
      addedAt: tagMember.addedAt,
      boards: boardsWithTag,
    })
    .from(tagMember)
    .innerJoin(user, eq(user.id, tagMember.userId))
    .where(
      one
        ? and(eq(tagMember.ownerId, ownerId), eq(tagMember.tag, one.tag), eq(tagMember.userId, one.userId))
        : eq(tagMember.ownerId, ownerId),
    )
    .orderBy(asc(tagMember.tag), asc(user.name), asc(user.email));
  return rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString(), boards: Number(r.boards) }));
}

/** Gives the role on the owner's tag, or changes it when one was given. */
export async function grantTagRole(
  db: Writer,
  grant: { ownerId: string; tag: string; userId: string; role: TagRole; addedBy: string; at: Date },
): Promise<void> {
  const { ownerId, tag, userId, role, addedBy, at } = grant;
  await db
    .insert(tagMember)
    .values({ ownerId, tag, userId, role, addedBy, addedAt: at })
    .onConflictDoUpdate({
      target: [tagMember.ownerId, tagMember.tag, tagMember.userId],
      set: { role, addedBy, addedAt: at },
    });
}

/** Ends the role; answers the role it was, or null when there was none. */
export async function revokeTagRole(db: Writer, ownerId: string, tag: string, userId: string): Promise<TagRole | null> {
  const [gone] = await db
    .delete(tagMember)
    .where(and(eq(tagMember.ownerId, ownerId), eq(tagMember.tag, tag), eq(tagMember.userId, userId)))
    .returning({ role: tagMember.role });
  return gone?.role ?? null;
}

/** The owner's boards that carry the tag now (the audit trail records a grant on each). */
export async function ownBoardsWithTag(db: Writer, ownerId: string, tag: string): Promise<string[]> {
  const rows = await db
    .select({ id: board.id })
    .from(board)
    .where(and(eq(board.ownerId, ownerId), sql`exists (select 1 from json_each(${board.tags}) where value = ${tag})`));
  return rows.map((r) => r.id);
}

/**
 * The user with this address if they are the owner's colleague already: a member of one of the
 * owner's boards, or holding a role on one of their tags. Anyone else is not told apart from nobody,
 * so a grant cannot probe which addresses have an account.
 */
export async function colleagueByEmail(db: Writer, ownerId: string, email: string): Promise<string | undefined> {
  const colleague = sql`(exists (select 1 from ${boardMember} m join ${board} b on b.id = m.board_id
      where m.user_id = ${user.id} and b.owner_id = ${ownerId})
    or exists (select 1 from ${tagMember} t where t.user_id = ${user.id} and t.owner_id = ${ownerId}))`;
  const found = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), colleague));
  return found[0]?.id;
}
