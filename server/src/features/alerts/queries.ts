// Every database call of the alerts: rules by their owner, the boards a sync touched with what an
// evaluation needs of them, and the events (opened, kept, resolved; never deleted but with their rule).

import { randomUUID } from 'node:crypto';
import type { AlertEvent, AlertReason } from '@saldo/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertEvent, alertRule, apiAccount, board, boardApiAccount } from '../../db/schema/index.ts';

export type AlertRuleRow = typeof alertRule.$inferSelect;

/** A board as the alerts see it: its owner, tags, and sources with their last successful sync. */
export interface AlertBoard {
  id: string;
  name: string;
  ownerId: string;
  tags: string[];
  sources: Array<{ id: string; lastSyncedAt: Date | null }>;
}

export const MAX_RULES = 100;

export const rulesOf = (db: Db, ownerId: string) =>
  db
    .select()
    .from(alertRule)
    .where(eq(alertRule.ownerId, ownerId))
    .orderBy(asc(alertRule.createdAt), asc(alertRule.id));

export async function ruleOf(db: Db, ownerId: string, id: string): Promise<AlertRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(alertRule)
    .where(and(eq(alertRule.id, id), eq(alertRule.ownerId, ownerId)));
  return row;
}

export async function ruleCount(db: Db, ownerId: string): Promise<number> {
  return db.$count(alertRule, eq(alertRule.ownerId, ownerId));
}

export async function insertRule(db: Db, row: typeof alertRule.$inferInsert): Promise<void> {
  await db.insert(alertRule).values(row);
}

/** Changes a rule; its open events are resolved, so what it says now is judged afresh at the next sync. */
export async function replaceRule(
  db: Db,
  ownerId: string,
  id: string,
  values: Omit<typeof alertRule.$inferInsert, 'id' | 'ownerId' | 'createdAt'>,
): Promise<boolean> {
  const [changed] = await db.batch([
    db
      .update(alertRule)
      .set(values)
      .where(and(eq(alertRule.id, id), eq(alertRule.ownerId, ownerId)))
      .returning({ id: alertRule.id }),
    db
      .update(alertEvent)
      .set({ resolvedAt: values.updatedAt })
      .where(
        and(
          eq(alertEvent.ruleId, id),
          isNull(alertEvent.resolvedAt),
          sql`exists (select 1 from ${alertRule} r where r.id = ${id} and r.owner_id = ${ownerId})`,
        ),
      ),
  ]);
  return changed.length > 0;
}

export async function deleteRule(db: Db, ownerId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(alertRule)
    .where(and(eq(alertRule.id, id), eq(alertRule.ownerId, ownerId)))
    .returning({ id: alertRule.id });
  return gone.length > 0;
}

/** The boards holding a source, with their sources: what a sync of it may change alerts on. */
export async function boardsOfSource(db: Db, apiAccountId: string): Promise<AlertBoard[]> {
  const rows = await db
    .select({
      id: board.id,
      name: board.name,
      ownerId: board.ownerId,
      tags: board.tags,
      sourceId: apiAccount.id,
      lastSyncedAt: apiAccount.lastSyncedAt,
    })
    .from(board)
    .innerJoin(boardApiAccount, eq(boardApiAccount.boardId, board.id))
    .innerJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(
      sql`${board.id} in (select board_id from ${boardApiAccount} where ${boardApiAccount.apiAccountId} = ${apiAccountId})`,
    );
  const out = new Map<string, AlertBoard>();
  for (const r of rows) {
    const b = out.get(r.id) ?? { id: r.id, name: r.name, ownerId: r.ownerId, tags: r.tags, sources: [] };
    b.sources.push({ id: r.sourceId, lastSyncedAt: r.lastSyncedAt });
    out.set(r.id, b);
  }
  return [...out.values()];
}

/**
 * The rules that apply to a board: in their scope (the board, one of its tags, or all), and owned by
 * someone who may view it (its owner, or a member).
 */
export const rulesForBoard = (db: Db, boardId: string) =>
  db.all<AlertRuleRow>(sql`
    select r.id as id, r.owner_id as ownerId, r.name as name, r.metric as metric, r.comparison as comparison,
      r.threshold as threshold, r.period as period, r.scope_kind as scopeKind, r.scope_board_id as scopeBoardId,
      r.scope_tag as scopeTag, r.created_at as createdAt, r.updated_at as updatedAt
    from ${alertRule} r join ${board} b on b.id = ${boardId}
    where (r.scope_kind = 'all' or (r.scope_kind = 'board' and r.scope_board_id = b.id)
        or (r.scope_kind = 'tag' and r.scope_tag in (select value from json_each(b.tags))))
      and (r.owner_id = b.owner_id
        or exists (select 1 from board_member m where m.board_id = b.id and m.user_id = r.owner_id))`);

/** A rule's judgement of a board, as recorded. */
export interface Judged {
  ruleId: string;
  met: boolean;
  value: number | null;
  threshold: number;
  period: string;
  reason: AlertReason | null;
}

/**
 * Records what the rules say of a board in one transaction: a met rule opens its event or keeps the
 * open one (its value and last sighting updated); a rule no longer met resolves its open event.
 */
export async function recordJudgements(db: Db, boardId: string, judged: readonly Judged[], now: Date): Promise<void> {
  const met = judged.filter((j) => j.met);
  const quiet = judged.filter((j) => !j.met).map((j) => j.ruleId);
  const writes = met.map((j) =>
    db
      .insert(alertEvent)
      .values({
        id: randomUUID(),
        ruleId: j.ruleId,
        boardId,
        period: j.period,
        value: j.value,
        threshold: j.threshold,
        reason: j.reason ?? 'below',
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [alertEvent.ruleId, alertEvent.boardId],
        targetWhere: sql`resolved_at is null`,
        set: { lastSeenAt: now, value: j.value, period: j.period, threshold: j.threshold, reason: j.reason ?? 'below' },
      }),
  );
  const resolve = db
    .update(alertEvent)
    .set({ resolvedAt: now })
    .where(and(eq(alertEvent.boardId, boardId), inArray(alertEvent.ruleId, quiet), isNull(alertEvent.resolvedAt)));
  if (writes.length === 0 && quiet.length === 0) return;
  if (quiet.length > 0) await db.batch([resolve, ...writes]);
  else await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
}

const eventColumns = {
  _id: alertEvent.id,
  ruleId: alertEvent.ruleId,
  ruleName: alertRule.name,
  metric: alertRule.metric,
  groupId: alertEvent.boardId,
  boardName: board.name,
  period: alertEvent.period,
  value: alertEvent.value,
  threshold: alertEvent.threshold,
  reason: alertEvent.reason,
  firstSeenAt: alertEvent.firstSeenAt,
  lastSeenAt: alertEvent.lastSeenAt,
  resolvedAt: alertEvent.resolvedAt,
  mailedAt: alertEvent.mailedAt,
};

/** The firm's rules: the board owner's and the caller's own (a member sees the firm's alerts on the board). */
const firmRule = (userId: string) => sql`(${alertRule.ownerId} = ${board.ownerId} or ${alertRule.ownerId} = ${userId})`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An event's row as eventColumns select it. */
interface EventRow extends Omit<AlertEvent, 'reason' | 'firstSeenAt' | 'lastSeenAt' | 'resolvedAt' | 'mailedAt'> {
  reason: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
  mailedAt: Date | null;
}

const toEvent = (r: EventRow): AlertEvent => ({
  ...r,
  reason: r.reason as AlertReason,
  firstSeenAt: r.firstSeenAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
  resolvedAt: iso(r.resolvedAt),
  mailedAt: iso(r.mailedAt),
});

/** The alerts' history on a board, newest first (at most 500): open ones only or all. */
export async function eventsOf(db: Db, userId: string, boardId: string, open: boolean): Promise<AlertEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(alertEvent)
    .innerJoin(alertRule, eq(alertRule.id, alertEvent.ruleId))
    .innerJoin(board, eq(board.id, alertEvent.boardId))
    .where(and(eq(alertEvent.boardId, boardId), firmRule(userId), open ? isNull(alertEvent.resolvedAt) : undefined))
    .orderBy(desc(alertEvent.lastSeenAt), desc(alertEvent.id))
    .limit(500);
  return rows.map(toEvent);
}

/** The open alerts of many boards (the portfolio's rows), one query however many. */
export async function openAlertsOf(db: Db, userId: string, boardIds: readonly string[]) {
  if (boardIds.length === 0) return new Map<string, AlertEvent[]>();
  const rows = await db
    .select(eventColumns)
    .from(alertEvent)
    .innerJoin(alertRule, eq(alertRule.id, alertEvent.ruleId))
    .innerJoin(board, eq(board.id, alertEvent.boardId))
    .where(
      and(
        isNull(alertEvent.resolvedAt),
        sql`${alertEvent.boardId} in (select value from json_each(${JSON.stringify(boardIds)}))`,
        firmRule(userId),
      ),
    )
    .orderBy(asc(alertEvent.firstSeenAt), asc(alertEvent.id));
  const out = new Map<string, AlertEvent[]>();
  for (const r of rows) {
    out.set(r.groupId, [...(out.get(r.groupId) ?? []), toEvent(r)]);
  }
  return out;
}
