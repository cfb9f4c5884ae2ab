import type { BoardRole } from '@saldo/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { board, boardMember, tagMember, user } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { suspendsBoards } from '../admin/deactivation.ts';
import { memberRoleSql } from './member-role.ts';

export type { BoardRole };

const roleRow = preparedOn((db) =>
  db
    .select({ owner: board.ownerId, role: memberRoleSql(sql.placeholder('userId')), ownerStatus: user.status })
    .from(board)
    .innerJoin(user, eq(user.id, board.ownerId))
    .where(eq(board.id, sql.placeholder('boardId')))
    .prepare(),
);

/**
 * The user's role on the board, or null when they have none (or the board does not exist): one query.
 * A member of a board whose owner is deactivated is refused (BOARD_OWNER_DEACTIVATED) until the owner
 * is active again; someone with no role learns nothing of it.
 */
export async function boardRoleOf(db: Db, userId: string, boardId: string): Promise<BoardRole | null> {
  const row = await roleRow(db).get({ userId, boardId });
  if (!row) return null;
  return memberRole(userId, row);
}

/** The role a board's row gives the user (see boardRoleOf), refusing a member while the owner is deactivated. */
export function memberRole(
  userId: string,
  row: { owner: string; role: BoardRole | null; ownerStatus: string | null },
): BoardRole | null {
  if (row.owner === userId) return 'owner';
  if (row.role && suspendsBoards(row.ownerStatus)) throw new ApiError('BOARD_OWNER_DEACTIVATED');
  return row.role ?? null;
}

/**
 * Whether the user only views boards: they own none, and are a Viewer of every board and tag shared with them.
 * A user with no board at all does not (a new user's first board will be theirs).
 */
export async function viewsBoardsOnly(db: Db, userId: string): Promise<boolean> {
  const [owned] = await db.select({ id: board.id }).from(board).where(eq(board.ownerId, userId)).limit(1);
  if (owned) return false;
  const roles = [
    ...(await db.select({ role: boardMember.role }).from(boardMember).where(eq(boardMember.userId, userId))),
    ...(await db.select({ role: tagMember.role }).from(tagMember).where(eq(tagMember.userId, userId))),
  ];
  return roles.length > 0 && roles.every((r) => r.role === 'Viewer');
}
