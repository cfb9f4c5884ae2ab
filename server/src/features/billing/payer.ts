import type { BillingOwner } from '@saldo/contract';
import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiAccount, board, user } from '../../db/schema/index.ts';
import { holdsRole } from '../boards/member-role.ts';
import { boardOwnerState } from './queries.ts';
import { isReadOnly } from './state.ts';

/**
 * Who pays for what a user uses (issue 27). A member of boards others own (Viewer, Editor or Admin)
 * who owns no board and no source of their own pays nothing: the plans of those boards' owners are the
 * ones that count, so billing shows them instead of prices and a trial, and the menu offers them no
 * source or board of their own. Everyone else pays for their own account (a new user too: their first
 * board will be theirs).
 */

/** Whether the user only uses boards others own: a role on one at least, and no board or source of their own. */
export async function usesOthersBoardsOnly(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: board.id })
    .from(board)
    .where(
      and(
        holdsRole(userId),
        notExists(db.select({ id: board.id }).from(board).where(eq(board.ownerId, userId))),
        notExists(db.select({ id: apiAccount.id }).from(apiAccount).where(eq(apiAccount.ownerId, userId))),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The owners whose plans cover the user, with whether their boards are read-only now (their trial or
 * subscription is over); empty when the user pays for their own use. Ordered by name.
 */
export async function coveringOwners(db: Db, userId: string, now: Date): Promise<BillingOwner[]> {
  if (!(await usesOthersBoardsOnly(db, userId))) return [];
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, boardId: board.id })
    .from(board)
    .innerJoin(user, eq(user.id, board.ownerId))
    .where(holdsRole(userId));
  const owners = new Map<string, { name: string; email: string; boardId: string }>();
  for (const row of rows) if (!owners.has(row.id)) owners.set(row.id, row);
  const out = await Promise.all(
    [...owners.values()].map(async (o) => {
      const state = await boardOwnerState(db, o.boardId, now);
      return { name: o.name, email: o.email, readOnly: !!state && isReadOnly(state) };
    }),
  );
  return out.sort((a, b) => a.name.localeCompare(b.name, 'nb'));
}
