import type { PublicBoard, ShareLink, ShareResponse } from '@saldo/contract';
import { sharingApi } from '@saldo/contract/api/sharing';
import { widgetVariant } from '@saldo/contract/widgets/registry';
import { releaseLimit, takeQuota } from '../../access/rate-limit.ts';
import { menu, on, PUBLIC, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePeriod } from '../../http/period.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { shareMail } from '../../mail/templates.ts';
import { audited, auditedUndoable, whoOf } from '../audit/record.ts';
import { readableSources } from '../boards/held.ts';
import { boardPeriods } from '../boards/periods.ts';
import { boardName, boardSourcesOf } from '../boards/queries.ts';
import { mailAsFirm } from '../firm/mail.ts';
import { publicFirmOf } from '../firm/view.ts';
import { countView, linkHash, liveShare, newLinkSecret, ownerHandle, type PublicShareRow } from './links.ts';
import { boardOfShare, deletePublicShare, insertPublicShare, publicSharesOf } from './queries.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PUBLIC_PAGES = ['board', 'profitloss', 'cashflow', 'balancesheet'] as const;

/** The secret and page of a link to one of this install's public pages, from any origin; null otherwise. */
function publicLinkParts(link: string): { page: string; secret: string } | null {
  let path: string;
  try {
    path = new URL(link).pathname;
  } catch {
    return null;
  }
  const [, prefix, page, secret, ...rest] = path.split('/');
  if (prefix !== 'public' || rest.length || !secret || !PUBLIC_PAGES.includes(page as never)) return null;
  return { page: page!, secret: decodeURIComponent(secret) };
}

const lockedPeriodOf = (s: PublicShareRow) =>
  s.lockedStartDate && s.lockedEndDate ? { startDate: s.lockedStartDate, endDate: s.lockedEndDate } : null;

/** The end of the day `date` (UTC): a link "until 2026-12-31" works all that day. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59.999Z`);

/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;
  const now = () => deps.now?.() ?? Date.now();
  return { db, now };
});

export const sharingRoutes = [
  serve(sharingApi.create, write('GroupAccount', on('param:groupId', 'share')), async (c, deps) => {
    const { db, now } = shared(deps);
    const boardId = c.req.param('groupId');
    await readableSources(c, db, boardId);
    const body = c.req.valid('json');
    // Spec: a share needs widgets or pages, otherwise 'All fields are required'.
    if (body.widgets.length === 0 && body.pages.length === 0) throw new ApiError('VALIDATION_FAILED');
    if (body.expiresAt && endOfDay(body.expiresAt).getTime() <= now()) throw new ApiError('INVALID_DATE_RANGE');
    const locked = body.lockedPeriod ? parsePeriod(body.lockedPeriod.startDate, body.lockedPeriod.endDate) : null;
    // A new link is one more link: the board's other links stay as they were, listed to the owner.
    const secret = newLinkSecret();
    const id = linkHash(secret);
    const expiresAt = body.expiresAt ? endOfDay(body.expiresAt) : null;
    await audited(
      db,
      whoOf(c, now()),
      (tx) =>
        insertPublicShare(tx, {
          id,
          boardId,
          widgets: body.widgets,
          pages: body.pages.map((p) => p.name),
          lang: body.lang,
          createdBy: c.get('user').id,
          createdAt: new Date(now()),
          expiresAt,
          lockedStartDate: locked?.startDate ?? null,
          lockedEndDate: locked?.endDate ?? null,
        }),
      () => ({
        action: 'share.created',
        groupId: boardId,
        // The link's listed id (the secret's hash), never the secret.
        target: {
          linkId: id,
          widgets: body.widgets.map((w) => w.widget),
          pages: body.pages.map((p) => p.name),
          expiresAt: expiresAt?.toISOString() ?? null,
        },
      }),
    );
    const response: ShareResponse = { boardId: secret, linkId: id };
    return c.json(response, 201);
  }),
  serve(sharingApi.links, menu('GroupAccount', on('param:groupId', 'share')), async (c, deps) => {
    const { db, now } = shared(deps);
    const boardId = c.req.param('groupId');
    await readableSources(c, db, boardId);
    const rows = await publicSharesOf(db, boardId);
    const at = now();
    const links: ShareLink[] = rows.map((s) => ({
      _id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt?.toISOString() ?? null,
      expired: !!s.expiresAt && s.expiresAt.getTime() <= at,
      lastViewedAt: s.lastViewedAt?.toISOString() ?? null,
      views: s.views,
      // A type a board holds once per choice is listed with its choice ('kpi:ebitda-margin'), so the
      // list can name it ("Nøkkeltall: Driftsmargin") and not only its type.
      widgets: s.widgets.map((w) => {
        const choice = widgetVariant(w);
        return choice === undefined ? w.widget : `${w.widget}:${choice}`;
      }),
      pages: s.pages,
      lang: s.lang,
      lockedPeriod: lockedPeriodOf(s),
    }));
    return c.json(links);
  }),
  // A public page on an embed key's origin may show it.
  serve(
    sharingApi.board,
    PUBLIC,
    async (c, deps) => {
      const { db, now } = shared(deps);
      const share = await liveShare(db, c.req.param('boardId'), now());
      const name = await boardName(db, share.boardId);
      const [periods] = await Promise.all([
        boardPeriods(db, share.boardId, await boardSourcesOf(db, share.boardId)),
        countView(db, share.id, now()),
      ]);
      const body: PublicBoard = {
        public_board_id: c.req.param('boardId'),
        // The firm behind the board, shown instead of Saldo's name (issue 30): its name, colours and logo only.
        firm: await publicFirmOf(db, share.boardId, c.req.param('boardId')),
        widgets: share.widgets,
        pages: share.pages.map((name) => ({ name })),
        group: { _id: share.boardId, name: name! },
        lang: share.lang,
        expiresAt: share.expiresAt?.toISOString() ?? null,
        lockedPeriod: lockedPeriodOf(share),
        periods,
      };
      return c.json(body);
    },
    { crossOrigin: true },
  ),
  serve(sharingApi.revoke, menu('GroupAccount', on('link:boardId', 'share')), async (c, deps) => {
    const { db, now } = shared(deps);
    const id = ownerHandle(c.req.param('boardId'));
    const boardId = await boardOfShare(db, id);
    // Those who may share its board may revoke it (its rule above); to others it does not exist.
    if (!boardId) throw new ApiError('SHARE_NOT_FOUND');
    await audited(
      db,
      whoOf(c, now()),
      (tx) => deletePublicShare(tx, id, boardId),
      () => ({ action: 'share.revoked', groupId: boardId, target: { linkId: id } }),
    );
    return c.json({ isDeleted: true });
  }),
  serve(sharingApi.email, write('GroupAccount', on('query:groupId', 'share')), async (c, deps) => {
    const { db, now } = shared(deps);
    const groupId = c.req.query('groupId');
    if (!groupId) throw new ApiError('BOARD_REQUIRED');
    await readableSources(c, db, groupId);
    const { recipients, link } = c.req.valid('json');
    if (recipients.length === 0) throw new ApiError('VALIDATION_FAILED');
    if (recipients.some((r) => !EMAIL.test(r))) throw new ApiError('INVALID_EMAIL');
    // Only a live link of this board, rebuilt on this install's own origin: never a relay for
    // another address, and never a link its owner has revoked.
    const parts = publicLinkParts(link);
    const share = parts ? await liveShare(db, parts.secret, now()).catch(() => null) : null;
    if (!parts || !share || share.boardId !== groupId) throw new ApiError('VALIDATION_FAILED');
    const name = await boardName(db, groupId);
    const url = `${deps.baseUrl}/public/${parts.page}/${encodeURIComponent(parts.secret)}`;
    const to = [...new Set(recipients.map((r) => r.toLowerCase()))];
    // Each recipient counts against the sender's and the board's daily quota; over either, nothing is sent.
    const userKey = `share-mail:user:${c.get('user').id}`;
    await takeQuota(db, userKey, deps.limits.shareMailPerUserDay, to.length, 'SHARE_MAIL_SENDER_LIMIT', now());
    try {
      await takeQuota(
        db,
        `share-mail:board:${groupId}`,
        deps.limits.shareMailPerBoardDay,
        to.length,
        'SHARE_MAIL_LIMIT',
        now(),
      );
    } catch (err) {
      await releaseLimit(db, userKey, now(), to.length);
      throw err;
    }
    // The record first, withdrawn if the mail does not leave: no mail without its record, no record without its mail.
    const record = await auditedUndoable(
      db,
      whoOf(c, now()),
      async () => undefined,
      () => ({ action: 'share.emailed', groupId, target: { linkId: share.id, recipients: to } }),
    );
    try {
      // Under the firm's name, with replies to it or to the accountant who shared (issue 30).
      const sender = await mailAsFirm(db, [groupId], c.get('user').email);
      for (const address of to) await deps.mailer.send({ ...shareMail(address, name!, url, share.lang), ...sender });
    } catch (err) {
      await record.undo(async () => undefined);
      throw err;
    }
    return c.json({ sent: true });
  }),
];
