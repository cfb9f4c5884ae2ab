import type { AuditAction, AuditTarget } from '@saldo/contract';
import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db, Tx, Writer } from '../../db/client.ts';
import { auditEvent } from '../../db/schema/index.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/env.ts';

/**
 * The audit trail's one way in (issue 31): a record is written inside the transaction of the action it
 * records, so an action that fails leaves no record, and a record that cannot be written undoes its
 * action. The routes call `audited(db, who, work, records)`; a read (an export) calls `recordAudit`
 * before it answers, so a record that fails fails the export.
 */

/** Who acted, when and from where: the request's user (null for the system), its clock and address. */
export interface Who {
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  at: Date;
}

/** One record: what was done, on which board (null for an account's own things), and to what. */
export interface AuditRecord {
  action: AuditAction;
  groupId: string | null;
  target: AuditTarget;
}

type Records = AuditRecord | readonly AuditRecord[];

/** The signed-in caller of this request, at the app's clock. */
export function whoOf(c: Context<AppEnv>, now: number): Who {
  const user = c.get('user');
  // An IPv4 client on a dual-stack socket is written as IPv4 (::ffff:127.0.0.1 → 127.0.0.1).
  const ip = clientIp(c).replace(/^::ffff:(?=\d+\.)/, '');
  return { actorId: user?.id ?? null, actorEmail: user?.email ?? null, ip, at: new Date(now) };
}

/** Writes records with `tx` (the action's transaction); answers their ids. Nothing to write writes nothing. */
export async function recordAudit(tx: Writer, who: Who, records: Records): Promise<number[]> {
  const list: readonly AuditRecord[] = Array.isArray(records) ? records : [records as AuditRecord];
  if (list.length === 0) return [];
  const rows = await tx
    .insert(auditEvent)
    .values(
      list.map((r) => ({
        at: who.at.toISOString(),
        actorId: who.actorId,
        actorEmail: who.actorEmail,
        action: r.action,
        groupId: r.groupId,
        target: r.target,
        ip: who.ip,
      })),
    )
    .returning({ id: auditEvent.id });
  return rows.map((r) => r.id);
}

/**
 * Runs `work` and writes the records its result calls for in one transaction: both or neither. An
 * error in either rolls back both; `records` may answer [] when the work turned out to change nothing.
 */
export async function audited<T>(
  db: Db,
  who: Who,
  work: (tx: Tx) => Promise<T>,
  records: (result: T) => Records,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await recordAudit(tx, who, records(result));
    return result;
  });
}

/**
 * audited() for an action whose last part leaves the database (a mail): `undo` reverts the work with
 * `revert` and withdraws its records in one transaction, when that part fails, so neither stays.
 */
export async function auditedUndoable<T>(
  db: Db,
  who: Who,
  work: (tx: Tx) => Promise<T>,
  records: (result: T) => Records,
): Promise<{ result: T; undo: (revert: (tx: Tx) => Promise<void>) => Promise<void> }> {
  const { result, ids } = await db.transaction(async (tx) => {
    const done = await work(tx);
    return { result: done, ids: await recordAudit(tx, who, records(done)) };
  });
  return {
    result,
    undo: (revert) =>
      db.transaction(async (tx) => {
        await revert(tx);
        if (ids.length) await tx.delete(auditEvent).where(inArray(auditEvent.id, ids));
      }),
  };
}
