import type { Board } from '@saldo/contract';
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import { pinSourceVersions } from '../../db/live-ledger.ts';
import { preparedOn } from '../../db/prepared.ts';
import { apiAccount, board, boardApiAccount, boardMember, publicShare, user } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { boardRoleOf } from './access.ts';
import { widgetCountSql } from './widget-count.ts';

/**
 * The boards a user can see, with their API accounts and the user's role: their own first, in creation
 * order, then the boards shared with them.
 */
export async function listBoards(db: Db, userId: string, boardId?: string): Promise<Board[]> {
  const owner = alias(user, 'owner');
  const visible = or(eq(board.ownerId, userId), isNotNull(boardMember.userId));
  const boards = await db
    .select({
      id: board.id,
      name: board.name,
      widgets: board.widgets,
      widgetCount: widgetCountSql,
      ownerId: board.ownerId,
      ownerName: owner.name,
      ownerEmail: owner.email,
      memberRole: boardMember.role,
      // Qualified by hand: drizzle writes a selected column bare, and a bare "id" here would be public_share's.
      publicLinks: sql<number>`(select count(*) from ${publicShare} where ${publicShare.boardId} = "board"."id")`,
    })
    .from(board)
    .innerJoin(owner, eq(owner.id, board.ownerId))
    .leftJoin(boardMember, and(eq(boardMember.boardId, board.id), eq(boardMember.userId, userId)))
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
    };
  });
}

/**
 * The API account ids behind a board the user may read (its owner or a member). An unknown board and
 * someone else's board answer the same, so board ids cannot be probed. What else a call may do with
 * the board (edit, share, delete) is its row in auth/route-access.ts.
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
 * Their ledger versions come along and are pinned for the request (db/live-ledger.ts): nearly every
 * caller reads the ledger next, and then needs no query for them.
 */
export async function boardSourcesOf(db: Db, boardId: string): Promise<string[]> {
  const rows = await sourcesWithVersions(db).all({ boardId });
  pinSourceVersions(rows);
  return rows.map((r) => r.id);
}

/** The API accounts behind every board the user owns or is a member of. */
export async function visibleApiAccounts(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: boardApiAccount.apiAccountId })
    .from(boardApiAccount)
    .innerJoin(board, eq(board.id, boardApiAccount.boardId))
    .leftJoin(boardMember, and(eq(boardMember.boardId, board.id), eq(boardMember.userId, userId)))
    .where(or(eq(board.ownerId, userId), isNotNull(boardMember.userId)));
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
