import type { BillingState, UserPlan } from '@saldo/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { board, subscription, user } from '../../db/schema/index.ts';
import { billingState } from './state.ts';

export type SubscriptionRow = typeof subscription.$inferSelect;

/** The columns of the newest subscription of the user in `userColumn`, for a LEFT JOIN (none: nulls). */
export const newestSubscriptionOf = (userColumn: typeof user.id) =>
  sql`${subscription.id} = (select s.id from ${subscription} s where s.user_id = ${userColumn} order by s.created_at desc limit 1)`;

/** The account's newest subscription, or null when it never had one. */
export async function newestSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .orderBy(desc(subscription.createdAt))
    .limit(1);
  return row ?? null;
}

const stateColumns = {
  plan: user.plan,
  trialEndsAt: user.trialEndsAt,
  status: subscription.status,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  currentPeriodEnd: subscription.currentPeriodEnd,
};

type StateRow = {
  plan: UserPlan;
  trialEndsAt: Date | null;
  status: string | null;
  cancelAtPeriodEnd: boolean | null;
  currentPeriodEnd: Date | null;
};

const stateOf = (row: StateRow, now: Date): BillingState =>
  billingState(
    row,
    row.status !== null && row.currentPeriodEnd !== null
      ? { status: row.status, cancelAtPeriodEnd: !!row.cancelAtPeriodEnd, currentPeriodEnd: row.currentPeriodEnd }
      : null,
    now,
  );

/** The billing state of an account (one query); null when there is no such user. */
export async function accountState(db: Db, userId: string, now: Date): Promise<BillingState | null> {
  const [row] = await db
    .select(stateColumns)
    .from(user)
    .leftJoin(subscription, newestSubscriptionOf(user.id))
    .where(eq(user.id, userId));
  return row ? stateOf(row, now) : null;
}

/** The billing state of a board's owner, whose plan governs the board (one query); null: no such board. */
export async function boardOwnerState(db: Db, boardId: string, now: Date): Promise<BillingState | null> {
  const [row] = await db
    .select(stateColumns)
    .from(board)
    .innerJoin(user, eq(user.id, board.ownerId))
    .leftJoin(subscription, newestSubscriptionOf(user.id))
    .where(eq(board.id, boardId));
  return row ? stateOf(row, now) : null;
}

/** How many boards the account owns: the quantity of a per-board plan (at least one is billed). */
export async function ownedBoards(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(board).where(eq(board.ownerId, userId));
  return Number(row?.n ?? 0);
}
