import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Board } from '../../contract.ts';
import type { Db } from '../../db/client.ts';
import { apiAccount, board, boardApiAccount, publicShare } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/** The boards a user can see, with their API accounts, in creation order. */
export async function listBoards(db: Db, userId: string, boardId?: string): Promise<Board[]> {
  const boards = await db
    .select({
      id: board.id,
      name: board.name,
      widgets: board.widgets,
      // Qualified by hand: drizzle writes a selected column bare, and a bare "id" here would be public_share's.
      publicLinks: sql<number>`(select count(*) from ${publicShare} where ${publicShare.boardId} = "board"."id")`,
    })
    .from(board)
    .where(boardId ? and(eq(board.ownerId, userId), eq(board.id, boardId)) : eq(board.ownerId, userId))
    .orderBy(asc(board.createdAt), asc(board.name));
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
      // The board is as fresh as its stalest source.
      lastSyncedAt:
        synced.length === accounts.length && synced.length > 0 ? new Date(Math.min(...synced)).toISOString() : null,
      publicLinks: Number(b.publicLinks),
    };
  });
}

/**
 * The API account ids behind a board the user may read. An unknown board and someone else's
 * board answer the same, so board ids cannot be probed.
 */
export async function boardSources(db: Db, userId: string, boardId: string): Promise<string[]> {
  const rows = await db
    .select({ id: boardApiAccount.apiAccountId, owner: board.ownerId })
    .from(board)
    .leftJoin(boardApiAccount, eq(boardApiAccount.boardId, board.id))
    .where(eq(board.id, boardId));
  if (rows.length === 0 || rows[0]?.owner !== userId) throw new ApiError('BOARD_NOT_FOUND');
  return rows.map((r) => r.id).filter((id): id is string => id !== null);
}

/** The API account ids behind a board, without an owner check: for a public link already checked. */
export async function boardSourcesOf(db: Db, boardId: string): Promise<string[]> {
  const rows = await db
    .select({ id: boardApiAccount.apiAccountId })
    .from(boardApiAccount)
    .where(eq(boardApiAccount.boardId, boardId));
  return rows.map((r) => r.id);
}
