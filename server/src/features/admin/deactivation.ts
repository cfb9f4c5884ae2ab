import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { board, user } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * A deactivated user's boards are suspended, not deleted (issue 25, finding 7): their public links,
 * their embed tokens and their members read nothing of them until a SuperAdmin activates the owner
 * again, and then all of it works as before. The checks read the owner's status as the database holds
 * it now (the role reads that carry it are kept only while the database is unchanged), so a
 * deactivation takes effect at the next call.
 */

/** Whether an owner of this status suspends their boards. */
export const suspendsBoards = (ownerStatus: string | null | undefined) => ownerStatus === 'deactivated';

const ownerStatusOf = preparedOn((db) =>
  db
    .select({ status: user.status })
    .from(board)
    .innerJoin(user, eq(user.id, board.ownerId))
    .where(eq(board.id, sql.placeholder('boardId')))
    .prepare(),
);

/** Refuses (403 BOARD_OWNER_DEACTIVATED) a read of a board whose owner is deactivated: one query. */
export async function refuseWhileOwnerDeactivated(db: Db, boardId: string): Promise<void> {
  const row = await ownerStatusOf(db).get({ boardId });
  if (suspendsBoards(row?.status)) throw new ApiError('BOARD_OWNER_DEACTIVATED');
}
