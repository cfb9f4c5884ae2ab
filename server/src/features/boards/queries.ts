import type { Board, BoardWidget } from '@saldo/contract';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import { changeCounterNow, keptWhileUnchanged } from '../../db/data-cache.ts';
import { preparedOn } from '../../db/prepared.ts';
import { apiAccount, board, boardApiAccount, boardMember, publicShare, subBoard, user } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { pinSourceVersions } from '../../ledger/snapshot.ts';
import { type BoardRole, boardRoleOf, memberRole } from './access.ts';
import { holdsRole, memberRoleSql, memberRoleUnlessOwner } from './member-role.ts';
import { warnsOfError } from './source-warnings.ts';
import { widgetCountSql } from './widget-count.ts';

/**
 * The condition for the boards a user can see, over `board` joined with its owner as `owner`: their
 * own, and those they hold a role on (member-role.ts: a board's or a tag's). A deactivated owner's boards are suspended: their members do
 * not see them until the owner is back.
 */
const visibleTo = (userId: string, owner: ReturnType<typeof alias<typeof user, 'owner'>>) =>
  or(eq(board.ownerId, userId), and(holdsRole(userId), ne(owner.status, 'deactivated')));

/**
 * Every board the user can see (as listBoards), with what the portfolio shows of it besides its
 * figures: its role, tags, responsible accountant, and its sources with their sync state.
 */
export async function viewableBoards(db: Db, userId: string) {
  const owner = alias(user, 'owner');
  const responsible = alias(user, 'responsible');
  const boards = await db
    .select({
      id: board.id,
      name: board.name,
      ownerId: board.ownerId,
      memberRole: memberRoleUnlessOwner(userId),
      tags: board.tags,
      responsibleId: responsible.id,
      responsibleName: responsible.name,
    })
    .from(board)
    .innerJoin(owner, eq(owner.id, board.ownerId))
    .leftJoin(responsible, eq(responsible.id, board.responsibleUserId))
    .where(visibleTo(userId, owner))
    .orderBy(asc(board.name), asc(board.id));
  if (boards.length === 0) return [];
  const ids = JSON.stringify(boards.map((b) => b.id));
  const sources = await db
    .select({
      boardId: boardApiAccount.boardId,
      id: apiAccount.id,
      number: apiAccount.number,
      lastSyncedAt: apiAccount.lastSyncedAt,
      stats: apiAccount.stats,
    })
    .from(boardApiAccount)
    .innerJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(sql`${boardApiAccount.boardId} in (select value from json_each(${ids}))`);
  const byBoard = new Map<string, typeof sources>();
  for (const s of sources) byBoard.set(s.boardId, [...(byBoard.get(s.boardId) ?? []), s]);
  return boards.map((b) => ({
    id: b.id,
    name: b.name,
    role: b.ownerId === userId ? 'owner' : (b.memberRole ?? 'Viewer'),
    tags: b.tags,
    responsible: responsibleOf(b),
    sources: byBoard.get(b.id) ?? [],
  }));
}

/**
 * The boards a user can see, with their API accounts and the user's role: their own first, in creation
 * order, then the boards shared with them.
 */
export async function listBoards(db: Db, userId: string, boardId?: string): Promise<Board[]> {
  const owner = alias(user, 'owner');
  const responsible = alias(user, 'responsible');
  const visible = visibleTo(userId, owner);
  const boards = await db
    .select({
      id: board.id,
      name: board.name,
      widgets: board.widgets,
      tags: board.tags,
      responsibleId: responsible.id,
      responsibleName: responsible.name,
      widgetCount: widgetCountSql,
      ownerId: board.ownerId,
      ownerName: owner.name,
      ownerEmail: owner.email,
      memberRole: memberRoleUnlessOwner(userId),
      // Qualified by hand: drizzle writes a selected column bare, and a bare "id" here would be public_share's.
      publicLinks: sql<number>`(select count(*) from ${publicShare} where ${publicShare.boardId} = "board"."id")`,
    })
    .from(board)
    .innerJoin(owner, eq(owner.id, board.ownerId))
    .leftJoin(responsible, eq(responsible.id, board.responsibleUserId))
    .where(boardId ? and(visible, eq(board.id, boardId)) : visible)
    .orderBy(sql`${board.ownerId} <> ${userId}`, asc(board.createdAt), asc(board.name));
  if (boards.length === 0) return [];
  const links = await db
    .select({
      boardId: boardApiAccount.boardId,
      id: apiAccount.id,
      name: apiAccount.name,
      provider: apiAccount.provider,
      lastSyncedAt: apiAccount.lastSyncedAt,
    })
    .from(boardApiAccount)
    .innerJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(
      inArray(
        boardApiAccount.boardId,
        boards.map((b) => b.id),
      ),
    )
    .orderBy(asc(apiAccount.name));
  return boards.map((b) => {
    const accounts = links.filter((l) => l.boardId === b.id);
    const synced = accounts.map((a) => a.lastSyncedAt?.getTime()).filter((t): t is number => t !== undefined);
    return {
      _id: b.id,
      name: b.name,
      apis: accounts.map((a) => a.id),
      apiAccounts: accounts.map((a) => ({ _id: a.id, name: a.name, provider: a.provider })),
      widgets: b.widgets,
      widgetCount: Number(b.widgetCount),
      // The board is as fresh as its stalest source.
      lastSyncedAt:
        synced.length === accounts.length && synced.length > 0 ? new Date(Math.min(...synced)).toISOString() : null,
      publicLinks: Number(b.publicLinks),
      role: b.ownerId === userId ? 'owner' : (b.memberRole ?? 'Viewer'),
      sharedBy: b.ownerId === userId ? null : { name: b.ownerName, email: b.ownerEmail },
      tags: b.tags,
      responsible: responsibleOf(b),
    };
  });
}

/**
 * The API account ids behind a board the user may read (its owner or a member). An unknown board and
 * someone else's board answer the same, so board ids cannot be probed. What else a call may do with
 * the board (edit, share, delete) is its row in access/route-access.ts.
 */
export async function boardSources(db: Db, userId: string, boardId: string): Promise<string[]> {
  if (!(await boardRoleOf(db, userId, boardId))) throw new ApiError('BOARD_NOT_FOUND');
  return boardSourcesOf(db, boardId);
}

const sourcesWithVersions = preparedOn((db) =>
  db
    .select({ id: boardApiAccount.apiAccountId, ledger: apiAccount.ledgerVersion, data: apiAccount.dataVersion })
    .from(boardApiAccount)
    .innerJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(eq(boardApiAccount.boardId, sql.placeholder('boardId')))
    .orderBy(boardApiAccount.apiAccountId)
    .prepare(),
);

/**
 * The API account ids behind a board, without an owner check: for a public link already checked.
 * Their ledger versions come along and are pinned for the request (ledger/snapshot.ts): nearly every
 * caller reads the ledger next, and then needs no query for them.
 */
export async function boardSourcesOf(db: Db, boardId: string): Promise<string[]> {
  const rows = await sourcesWithVersions(db).all({ boardId });
  pinSourceVersions(rows);
  return rows.map((r) => r.id);
}

const roleAndSources = preparedOn((db) =>
  db
    .select({
      owner: board.ownerId,
      role: memberRoleSql(sql.placeholder('userId')),
      id: boardApiAccount.apiAccountId,
      ledger: apiAccount.ledgerVersion,
      data: apiAccount.dataVersion,
      // As stored (text): whether it warns of an error is parsed once per text (source-warnings.ts).
      stats: sql<string | null>`${apiAccount.stats}`,
      ownerStatus: user.status,
    })
    .from(board)
    .innerJoin(user, eq(user.id, board.ownerId))
    .leftJoin(boardApiAccount, eq(boardApiAccount.boardId, board.id))
    .leftJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(eq(board.id, sql.placeholder('boardId')))
    .orderBy(boardApiAccount.apiAccountId)
    .prepare(),
);

/** The board's owner, the user's membership and the sources, as the database holds them now. */
const roleAndSourcesRows = keptWhileUnchanged((db: Db, userId: string, boardId: string) =>
  roleAndSources(db).all({ userId, boardId }),
);

/**
 * The user's role on the board (null: none, or no such board) and, when they hold one, the board's
 * sources as boardSourcesOf reads them (versions pinned), and whether each one's last sync warned of
 * an error (the data notice): one query where a read of a board would otherwise ask three times, for
 * the access check, its handler and its notice (and none while nothing has been written since).
 */
export async function boardRoleAndSources(
  db: Db,
  userId: string,
  boardId: string,
  counter = changeCounterNow(db),
): Promise<{ role: BoardRole | null; sources: string[]; errors: Map<string, boolean> }> {
  const rows = await roleAndSourcesRows.at(counter, db, userId, boardId);
  const first = rows[0];
  const role = !first ? null : memberRole(userId, first);
  const errors = new Map<string, boolean>();
  if (!role) return { role, sources: [], errors };
  const sources = rows.flatMap((r) =>
    r.id !== null && r.ledger !== null && r.data !== null ? [{ id: r.id, ledger: r.ledger, data: r.data }] : [],
  );
  pinSourceVersions(sources);
  for (const r of rows) if (r.id !== null) errors.set(r.id, warnsOfError(r.id, r.stats));
  return { role, sources: sources.map((s) => s.id), errors };
}

/** The API accounts behind every board the user owns or is a member of. */
export async function visibleApiAccounts(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: boardApiAccount.apiAccountId })
    .from(boardApiAccount)
    .innerJoin(board, eq(board.id, boardApiAccount.boardId))
    .where(or(eq(board.ownerId, userId), holdsRole(userId)));
  return rows.map((r) => r.id);
}

/** How many members of the board have no other board, shared with them or their own. */
export async function membersLeftWithoutBoard(db: Db, boardId: string): Promise<number> {
  const members = await db.select({ id: boardMember.userId }).from(boardMember).where(eq(boardMember.boardId, boardId));
  if (members.length === 0) return 0;
  const ids = members.map((m) => m.id);
  const [elsewhere, owners] = await Promise.all([
    db
      .select({ id: boardMember.userId })
      .from(boardMember)
      .where(and(inArray(boardMember.userId, ids), ne(boardMember.boardId, boardId))),
    db.select({ id: board.ownerId }).from(board).where(inArray(board.ownerId, ids)),
  ]);
  const kept = new Set([...elsewhere, ...owners].map((r) => r.id));
  return ids.filter((id) => !kept.has(id)).length;
}

/** Which of these API accounts the user owns. */
export async function ownApiAccountsAmong(db: Db, userId: string, ids: string[]): Promise<Array<{ id: string }>> {
  return db
    .select({ id: apiAccount.id })
    .from(apiAccount)
    .where(and(eq(apiAccount.ownerId, userId), inArray(apiAccount.id, ids)));
}

/** The board reads exactly these API accounts from now on. */
export async function replaceBoardApiAccounts(db: Db, boardId: string, ids: string[]): Promise<void> {
  await db.delete(boardApiAccount).where(eq(boardApiAccount.boardId, boardId));
  if (ids.length) await db.insert(boardApiAccount).values(ids.map((apiAccountId) => ({ boardId, apiAccountId })));
}

export async function insertBoard(db: Db, values: typeof board.$inferInsert): Promise<void> {
  await db.insert(board).values(values);
}

export async function updateBoard(
  db: Db,
  id: string,
  set: Partial<Pick<typeof board.$inferInsert, 'name' | 'fiscalYearStart' | 'updatedAt'>>,
): Promise<void> {
  await db.update(board).set(set).where(eq(board.id, id));
}

const responsibleOf = (b: { responsibleId: string | null; responsibleName: string | null }) =>
  b.responsibleId ? { id: b.responsibleId, name: b.responsibleName ?? '' } : null;

/** A board's tags and responsible accountant. */
export async function assignmentOf(db: Db, boardId: string) {
  const responsible = alias(user, 'responsible');
  const [row] = await db
    .select({ tags: board.tags, responsibleId: responsible.id, responsibleName: responsible.name })
    .from(board)
    .leftJoin(responsible, eq(responsible.id, board.responsibleUserId))
    .where(eq(board.id, boardId));
  return { groupId: boardId, tags: row?.tags ?? [], responsible: row ? responsibleOf(row) : null };
}

/**
 * Sets a board's tags and/or its responsible accountant (null clears it), who must be its owner or a
 * member (of the board, or of a tag it carries): one statement, so a responsible who is neither changes nothing (RESPONSIBLE_NOT_MEMBER).
 */
export async function setAssignment(
  db: Db,
  boardId: string,
  set: { tags?: string[]; responsibleUserId?: string | null },
): Promise<void> {
  const { responsibleUserId } = set;
  if (responsibleUserId) {
    const [known] = await db
      .select({ id: board.id })
      .from(board)
      .where(and(eq(board.id, boardId), or(eq(board.ownerId, responsibleUserId), holdsRole(responsibleUserId))));
    if (!known) throw new ApiError('RESPONSIBLE_NOT_MEMBER');
  }
  const values = {
    ...(set.tags ? { tags: set.tags } : {}),
    ...(responsibleUserId !== undefined ? { responsibleUserId } : {}),
  };
  if (Object.keys(values).length > 0)
    await db
      .update(board)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(board.id, boardId));
}

export async function deleteBoard(db: Db, id: string): Promise<void> {
  await db.delete(board).where(eq(board.id, id));
}

export async function boardsOwnedCount(db: Db, userId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(board).where(eq(board.ownerId, userId));
  return n;
}

type SubBoardRow = typeof subBoard.$inferSelect;

/** A board's sub-boards, oldest first. */
export async function subBoardsOf(db: Db, boardId: string): Promise<SubBoardRow[]> {
  return db
    .select()
    .from(subBoard)
    .where(eq(subBoard.boardId, boardId))
    .orderBy(asc(subBoard.createdAt), asc(subBoard.name));
}

export async function insertSubBoard(db: Db, values: typeof subBoard.$inferInsert): Promise<SubBoardRow> {
  const [row] = await db.insert(subBoard).values(values).returning();
  return row!;
}

/** Changes a sub-board of this board; undefined when the board has no such sub-board. */
export async function updateSubBoard(
  db: Db,
  boardId: string,
  id: string,
  set: Partial<Pick<SubBoardRow, 'name' | 'widgets'>>,
): Promise<SubBoardRow | undefined> {
  const [row] = await db
    .update(subBoard)
    .set(set)
    .where(and(eq(subBoard.id, id), eq(subBoard.boardId, boardId)))
    .returning();
  return row;
}

export async function deleteSubBoard(db: Db, boardId: string, id: string): Promise<Array<{ id: string }>> {
  return db
    .delete(subBoard)
    .where(and(eq(subBoard.id, id), eq(subBoard.boardId, boardId)))
    .returning({ id: subBoard.id });
}

/** Saves the board's own widget layout. */
export async function saveBoardWidgets(db: Db, boardId: string, widgets: BoardWidget[]): Promise<void> {
  await db.update(board).set({ widgets, updatedAt: new Date() }).where(eq(board.id, boardId));
}

export async function boardName(db: Db, boardId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: board.name }).from(board).where(eq(board.id, boardId));
  return row?.name;
}
