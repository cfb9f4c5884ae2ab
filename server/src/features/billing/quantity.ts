import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { board, subscription } from '../../db/schema/index.ts';
import { log } from '../../ops/log.ts';
import { accountState, newestSubscription, ownedBoards } from './queries.ts';
import type { Billing } from './stripe.ts';
import { saveSubscription } from './webhook.ts';

/**
 * A per-board plan bills each board its owner has: when the owner makes or deletes a board, the
 * subscription's quantity in Stripe follows, prorated as Stripe does by default (the rest of the
 * period credited and charged anew on the next invoice).
 *
 * It runs beside the request, never in its way: a board is made even when Stripe cannot be reached.
 * A failure is logged, and nothing more needs recording: the stored subscription (Stripe's answers
 * and webhooks) then still has the old quantity, which `reconcile` finds by comparing it with the
 * boards; the next change of boards also sets the quantity anew.
 */
export interface BoardQuantity {
  /** The owner's boards changed: their subscription's quantity is brought to the count, in the background. */
  boardsChanged(userId: string): void;
  /**
   * Brings every running per-board subscription whose quantity is not the owner's board count in line;
   * says how many were out of line and how many of those still did not reach Stripe.
   */
  reconcile(): Promise<{ outOfLine: number; failed: number }>;
  /** Resolves once the work started so far has finished (tests, and before shutting down). */
  settled(): Promise<void>;
}

/** The states in which a subscription still bills the next period (or runs until its end). */
const RUNNING = new Set(['active', 'pastDue', 'cancelled']);

export function createBoardQuantity(db: Db, billing: Billing, now: () => Date): BoardQuantity {
  const { stripe, plans } = billing;
  /** One change at a time per account, each counting the boards afresh: a slow call never sets an old count last. */
  const queues = new Map<string, Promise<void>>();
  const pending = new Set<Promise<void>>();

  async function sync(userId: string): Promise<void> {
    const sub = await newestSubscription(db, userId);
    if (!sub || plans.byId(sub.planId)?.unit !== 'board') return;
    const state = await accountState(db, userId, now());
    if (!state || !RUNNING.has(state)) return;
    const quantity = Math.max(1, await ownedBoards(db, userId));
    const remote = await stripe.subscriptions.retrieve(sub.id);
    const item = remote.items.data[0];
    // Stripe's copy decides: a plan changed there, or an end not yet told us, is left alone.
    if (!item || remote.status === 'canceled' || plans.byLookupKey(item.price.lookup_key ?? '')?.unit !== 'board')
      return;
    const updated =
      item.quantity === quantity
        ? remote
        : await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, quantity }] });
    // Stored at once, so the billing page shows it; the webhook that follows is still the judge of order.
    await db.transaction((tx) => saveSubscription(tx, plans, updated, sub.eventAt, now()));
  }

  /** Queues the account's count for Stripe; resolves to whether it got there. */
  function enqueue(userId: string): Promise<boolean> {
    const next = (queues.get(userId) ?? Promise.resolve()).then(() =>
      sync(userId).then(
        () => true,
        (err: { type?: string; code?: string; message?: string }) => {
          log.error(
            { account: userId, type: err.type, code: err.code, message: err.message },
            'Billing: the board count did not reach Stripe; it is sent again at the next change or reconcile',
          );
          return false;
        },
      ),
    );
    const done = next.then(() => undefined);
    queues.set(userId, done);
    pending.add(done);
    void done.finally(() => {
      pending.delete(done);
      if (queues.get(userId) === done) queues.delete(userId);
    });
    return next;
  }

  async function settled(): Promise<void> {
    while (pending.size > 0) await Promise.all(pending);
  }

  return {
    boardsChanged(userId) {
      void enqueue(userId);
    },
    settled,
    async reconcile() {
      const perBoard = plans.plans.filter((p) => p.unit === 'board').map((p) => p.id);
      if (perBoard.length === 0) return { outOfLine: 0, failed: 0 };
      const rows = await db
        .select({
          userId: subscription.userId,
          quantity: subscription.quantity,
          boards: sql<number>`(select count(*) from ${board} where ${board.ownerId} = ${subscription.userId})`,
        })
        .from(subscription)
        .where(
          and(
            inArray(subscription.planId, perBoard),
            inArray(subscription.status, ['active', 'past_due']),
            sql`${subscription.id} = (select s.id from ${subscription} s where s.user_id = ${subscription.userId} order by s.created_at desc limit 1)`,
          ),
        );
      const outOfLine = rows.filter((row) => row.quantity !== Math.max(1, Number(row.boards)));
      const reached = await Promise.all(outOfLine.map((row) => enqueue(row.userId)));
      return { outOfLine: outOfLine.length, failed: reached.filter((ok) => !ok).length };
    },
  };
}
