// Sending a report pack (issue 30): rendered for the period (render.ts), frozen as a snapshot (the PDF's
// bytes, the figures it shows, the data version it read, its SHA-256, who sent it to whom), and mailed
// under the firm's name to each recipient with the PDF attached and a read-only link bound to the
// snapshot. The recipients count against the same daily quotas as a shared link's mail. The snapshot is
// written before the mail, with its record in the audit trail ('pack.sent'), and both are withdrawn if a
// mail does not leave: no record of a send that failed.

import { createHash, randomUUID } from 'node:crypto';
import type { PackSnapshot } from '@saldo/contract/schemas/report-packs';
import { releaseLimit, takeQuota } from '../../access/rate-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePeriod } from '../../http/period.ts';
import { log } from '../../ops/log.ts';
import { auditedUndoable, type Who } from '../audit/record.ts';
import { brandingOf } from '../exports/branding-of.ts';
import { osloDate, slug } from '../exports/file-names.ts';
import { firmBranding } from '../firm/branding.ts';
import { mailAsFirm } from '../firm/mail.ts';
import { linkHash, newLinkSecret } from '../sharing/links.ts';
import { packMail } from './pack-mail.ts';
import { deleteSnapshot, insertSnapshot, type PackRow, type SnapshotRow } from './queries.ts';
import { renderPack } from './render.ts';

/** The portal's page a mailed link opens (portal route /pack/:secret); it reads the API's public snapshot. */
export const PACK_PAGE_PATH = '/pack/';

/** How long the mailed link opens the snapshot. */
export const SNAPSHOT_LINK_DAYS = 90;
const DAY = 86_400_000;

export interface SendPackInput {
  deps: Pick<AppDeps, 'db' | 'mailer' | 'baseUrl' | 'limits'>;
  now: number;
  boardId: string;
  pack: PackRow;
  sources: readonly string[];
  request: { startDate: string; endDate: string; recipients: string[]; message: string; observations: string[] };
  /** Reads one of the API's own GET answers as the sender. */
  read: (path: string) => Promise<unknown>;
  sender: { id: string; email: string };
  /** Who sends, for the audit trail ('pack.sent', written with the snapshot). */
  who: Who;
}

/** A snapshot as listed (without its bytes). */
export function toSnapshot(
  row: Omit<SnapshotRow, 'pdf' | 'linkHash' | 'sections' | 'vouchers'> & { bytes: number },
): PackSnapshot {
  return {
    _id: row.id,
    groupId: row.boardId,
    packId: row.packId,
    name: row.packName,
    startDate: row.startDate,
    endDate: row.endDate,
    language: row.language,
    recipients: row.recipients,
    sentBy: row.sentBy,
    sentAt: row.createdAt.toISOString(),
    contentHash: row.contentHash,
    bytes: row.bytes,
    dataVersion: row.dataVersion,
    figureCount: row.figures.length,
    linkExpiresAt: row.linkExpiresAt.toISOString(),
  };
}

/** Takes the recipients from the sender's and the board's daily mail quotas (all or nothing); returns the release. */
async function takeMailQuota(input: SendPackInput, count: number): Promise<() => Promise<void>> {
  const { db, limits } = input.deps;
  const userKey = `share-mail:user:${input.sender.id}`;
  const boardKey = `share-mail:board:${input.boardId}`;
  await takeQuota(db, userKey, limits.shareMailPerUserDay, count, 'SHARE_MAIL_SENDER_LIMIT', input.now);
  try {
    await takeQuota(db, boardKey, limits.shareMailPerBoardDay, count, 'SHARE_MAIL_LIMIT', input.now);
  } catch (err) {
    await releaseLimit(db, userKey, input.now, count);
    throw err;
  }
  return async () => {
    await releaseLimit(db, userKey, input.now, count);
    await releaseLimit(db, boardKey, input.now, count);
  };
}

export async function sendPack(input: SendPackInput): Promise<PackSnapshot> {
  const { deps, pack, request } = input;
  const { db } = deps;
  parsePeriod(request.startDate, request.endDate);
  const release = await takeMailQuota(input, request.recipients.length);
  let row: SnapshotRow;
  let undo: (revert: (tx: Tx) => Promise<void>) => Promise<void>;
  let boardName = '';
  const secret = newLinkSecret();
  try {
    const rendered = await renderPack({
      db,
      boardId: input.boardId,
      sources: input.sources,
      pack: { id: pack.id, name: pack.name, sections: pack.sections },
      startDate: request.startDate,
      endDate: request.endDate,
      lang: pack.language,
      read: input.read,
      branding: brandingOf(await firmBranding(db, input.boardId)),
      observations: request.observations,
      renderedAt: osloDate(new Date(input.now)),
    });
    boardName = rendered.report.board;
    const values = {
      id: randomUUID(),
      boardId: input.boardId,
      packId: pack.id,
      packName: pack.name,
      startDate: request.startDate,
      endDate: request.endDate,
      language: pack.language,
      sections: pack.sections,
      pdf: rendered.pdf,
      contentHash: createHash('sha256').update(rendered.pdf).digest('hex'),
      figures: rendered.figures,
      dataVersion: rendered.dataVersion,
      vouchers: rendered.vouchers,
      recipients: request.recipients,
      sentBy: input.sender.id,
      createdAt: new Date(input.now),
      linkHash: linkHash(secret),
      linkExpiresAt: new Date(input.now + SNAPSHOT_LINK_DAYS * DAY),
    };
    // The record of the send with the snapshot, in one transaction; both withdrawn if the mail fails.
    const written = await auditedUndoable(
      db,
      input.who,
      (tx) => insertSnapshot(tx, values),
      (snapshot) => ({
        action: 'pack.sent',
        groupId: input.boardId,
        target: {
          snapshotId: snapshot.id,
          packId: pack.id,
          startDate: snapshot.startDate,
          endDate: snapshot.endDate,
          recipients: snapshot.recipients,
        },
      }),
    );
    row = written.result;
    undo = written.undo;
  } catch (err) {
    await release();
    throw err;
  }
  try {
    const from = await mailAsFirm(db, [input.boardId], input.sender.email);
    // The portal's read-only page of the snapshot (the firm, the pack, its period, the PDF to open).
    const url = `${deps.baseUrl}${PACK_PAGE_PATH}${secret}`;
    for (const to of request.recipients)
      await deps.mailer.send({
        ...packMail({
          to,
          packName: pack.name,
          boardName,
          startDate: row.startDate,
          endDate: row.endDate,
          lang: pack.language,
          message: request.message,
          url,
          linkExpires: osloDate(row.linkExpiresAt),
          pdf: row.pdf,
          fileName: `${slug(pack.name)}-${row.startDate}-${row.endDate}.pdf`,
        }),
        ...from,
      });
  } catch (err) {
    log.warn({ err, snapshotId: row.id }, 'report pack mail failed; snapshot withdrawn');
    await undo((tx) => deleteSnapshot(tx, row.id));
    await release();
    throw new ApiError('PACK_SEND_FAILED');
  }
  return toSnapshot({ ...row, bytes: row.pdf.length });
}
