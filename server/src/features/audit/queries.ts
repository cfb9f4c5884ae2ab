import type { AuditEvent, AuditPage } from '@saldo/contract';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvent } from '../../db/schema/index.ts';

/** A page's cursor: the last record's time and id, so records of the same millisecond are neither lost nor repeated. */
const cursorOf = (row: { at: string; id: number }) => `${row.at}_${row.id}`;

function parseCursor(before: string): { at: string; id: number } | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_(\d{1,15})$/.exec(before);
  return match ? { at: match[1]!, id: Number(match[2]) } : null;
}

/**
 * A page of the trail, newest first: a board's (`groupId`) or every record (null). `before` is the
 * previous page's `next`; null when it is no cursor of ours (the route answers 400).
 */
export async function auditPage(
  db: Db,
  groupId: string | null,
  before: string | undefined,
  limit: number,
): Promise<AuditPage | null> {
  const conditions: SQL[] = [];
  if (groupId !== null) conditions.push(eq(auditEvent.groupId, groupId));
  if (before !== undefined) {
    const cursor = parseCursor(before);
    if (!cursor) return null;
    conditions.push(or(lt(auditEvent.at, cursor.at), and(eq(auditEvent.at, cursor.at), lt(auditEvent.id, cursor.id)))!);
  }
  const rows = await db
    .select()
    .from(auditEvent)
    .where(and(...conditions))
    .orderBy(desc(auditEvent.at), desc(auditEvent.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const events: AuditEvent[] = page.map((r) => ({
    _id: String(r.id),
    at: r.at,
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    groupId: r.groupId,
    target: r.target,
    ip: r.ip,
  }));
  const last = page.at(-1);
  return { events, next: rows.length > limit && last ? cursorOf(last) : null };
}
