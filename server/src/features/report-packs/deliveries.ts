// Each recipient's mail of a sent pack (issue 30), recorded as a delivery row: made 'queued' with the
// snapshot, 'sending' while it is handed to the SMTP server, then 'sent' with the server's 250 line or
// 'failed' with its refusal. A manual send and a scheduled run mail through `deliver`, so both leave
// the same record (GET …/deliveries). The mail's Message-ID is the delivery's, so a mail sent again
// after a crash is the same message to the recipient's mail host, not a new one.

import { randomUUID } from 'node:crypto';
import type { PackDelivery } from '@saldo/contract/schemas/pack-schedules';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Writer } from '../../db/client.ts';
import { packDelivery } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { osloDate, slug } from '../exports/file-names.ts';
import { packMail } from './pack-mail.ts';
import type { SnapshotRow } from './queries.ts';

/** The portal's page a mailed link opens (portal route /pack/:secret); it reads the API's public snapshot. */
export const PACK_PAGE_PATH = '/pack/';

export type DeliveryRow = typeof packDelivery.$inferSelect;

/** The most deliveries GET …/deliveries lists (20 recipients a month for 10 years). */
const LISTED = 2_400;

/** A delivery row per recipient of a snapshot, queued; none made twice (one per snapshot and recipient). */
export async function queueDeliveries(
  tx: Writer,
  snapshot: Pick<SnapshotRow, 'id' | 'boardId' | 'packId' | 'recipients' | 'createdAt'>,
  scheduleId: string | null,
): Promise<void> {
  if (snapshot.recipients.length === 0) return;
  await tx
    .insert(packDelivery)
    .values(
      snapshot.recipients.map((recipient) => ({
        id: randomUUID(),
        snapshotId: snapshot.id,
        scheduleId,
        boardId: snapshot.boardId,
        packId: snapshot.packId,
        recipient,
        status: 'queued' as const,
        createdAt: snapshot.createdAt,
      })),
    )
    .onConflictDoNothing();
}

/** A snapshot's deliveries not yet sent, in the order its recipients were given. */
export async function unsentDeliveries(
  db: Db,
  snapshot: Pick<SnapshotRow, 'id' | 'recipients'>,
): Promise<DeliveryRow[]> {
  const rows = await db
    .select()
    .from(packDelivery)
    .where(and(eq(packDelivery.snapshotId, snapshot.id), ne(packDelivery.status, 'sent')));
  const order = (r: DeliveryRow) => snapshot.recipients.indexOf(r.recipient);
  return rows.sort((a, b) => order(a) - order(b));
}

/** The mail of a snapshot to one recipient: the pack's mail with the PDF and the link `secret` opens. */
export function snapshotMail(
  row: SnapshotRow,
  o: { to: string; boardName: string; message: string; secret: string; baseUrl: string },
): Mail {
  return packMail({
    to: o.to,
    packName: row.packName,
    boardName: o.boardName,
    startDate: row.startDate,
    endDate: row.endDate,
    lang: row.language,
    message: o.message,
    // The portal's read-only page of the snapshot (the firm, the pack, its period, the PDF to open).
    url: `${o.baseUrl}${PACK_PAGE_PATH}${o.secret}`,
    linkExpires: osloDate(row.linkExpiresAt),
    pdf: row.pdf,
    fileName: `${slug(row.packName)}-${row.startDate}-${row.endDate}.pdf`,
  });
}

/**
 * Sends one delivery's mail and records the answer; throws the SMTP server's refusal. It is taken
 * ('sending') in one statement that also asks `held` (a scheduled run: that its job is still this
 * process's), so a process that lost its run cannot start a mail the run's new holder sends. False:
 * it was sent already, or is no longer ours to send.
 */
export async function deliver(
  db: Db,
  mailer: Mailer,
  delivery: Pick<DeliveryRow, 'id'>,
  mail: Mail,
  held?: SQL,
): Promise<boolean> {
  const [taken] = await db
    .update(packDelivery)
    .set({ status: 'sending', attempts: sql`${packDelivery.attempts} + 1` })
    .where(and(eq(packDelivery.id, delivery.id), ne(packDelivery.status, 'sent'), held))
    .returning({ id: packDelivery.id });
  if (!taken) return false;
  try {
    const receipt = await mailer.send({ ...mail, messageId: `<${delivery.id}@pack.saldo>` });
    await db
      .update(packDelivery)
      .set({ status: 'sent', response: receipt?.response || 'sent', sentAt: new Date() })
      .where(eq(packDelivery.id, delivery.id));
    return true;
  } catch (err) {
    // The server's own refusal line (nodemailer keeps it as `response`), else what went wrong on the way.
    const smtp = (err as { response?: unknown }).response;
    const response = typeof smtp === 'string' ? smtp : err instanceof Error ? err.message : String(err);
    await db.update(packDelivery).set({ status: 'failed', response }).where(eq(packDelivery.id, delivery.id));
    throw err;
  }
}

/** A pack's deliveries, newest first. */
export async function deliveriesOf(db: Db, boardId: string, packId: string): Promise<PackDelivery[]> {
  const rows = await db
    .select()
    .from(packDelivery)
    .where(and(eq(packDelivery.boardId, boardId), eq(packDelivery.packId, packId)))
    .orderBy(desc(packDelivery.createdAt), packDelivery.recipient)
    .limit(LISTED);
  return rows.map((r) => ({
    _id: r.id,
    snapshotId: r.snapshotId,
    scheduleId: r.scheduleId,
    recipient: r.recipient,
    status: r.status,
    attempts: r.attempts,
    response: r.response,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}
