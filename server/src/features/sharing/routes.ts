import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { releaseLimit, takeQuota } from '../../auth/rate-limit.ts';
import type { PublicBoard } from '../../contract.ts';
import { board, publicShare } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { shareMail } from '../../mail/templates.ts';
import { boardSources } from '../boards/queries.ts';

const shareBody = z.object({
  group: z.string().optional(),
  widgets: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        widget: z.string().min(1).max(50),
        x: z.number().int().min(0),
        y: z.number().int().min(0),
        width: z.number().int().min(1),
        height: z.number().int().min(1),
        view: z.enum(['single', 'comparison']).default('single'),
      }),
    )
    .max(100)
    .default([]),
  pages: z
    .array(z.object({ name: z.enum(['cashflow', 'profitloss', 'balancesheet']) }))
    .max(3)
    .default([]),
  lang: z.enum(['nor', 'en']).default('nor'),
});

const emailBody = z.object({
  recipients: z.array(z.string().trim().max(254)).max(50).default([]),
  link: z.string().max(500),
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The link to mail: one of the share's public pages, rebuilt on this install's own origin. What the
 * caller sent only chooses the page, so the mail is never a relay for another address. Null otherwise.
 */
function publicLinkOf(link: string, baseUrl: string, id: string): string | null {
  let path: string;
  try {
    path = new URL(link).pathname;
  } catch {
    return null;
  }
  const page = ['board', 'profitloss', 'cashflow', 'balancesheet'].find(
    (p) => path === `/public/${p}/${encodeURIComponent(id)}`,
  );
  return page ? `${baseUrl}/public/${page}/${encodeURIComponent(id)}` : null;
}

export function sharingRoutes(deps: AppDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? Date.now();
  return new Hono<AppEnv>()
    .post(
      '/group-account/:groupId/public/share-board',
      describeRoute({
        tags: ['sharing'],
        summary: 'Make a public link to some widgets and pages of a board',
        security: [{ bearer: [] }],
      }),
      validate('json', shareBody),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const body = c.req.valid('json');
        // Spec: a share needs widgets or pages, otherwise 'All fields are required'.
        if (body.widgets.length === 0 && body.pages.length === 0) throw new ApiError('VALIDATION_FAILED');
        const id = randomBytes(18).toString('base64url');
        await db.insert(publicShare).values({
          id,
          boardId,
          widgets: body.widgets,
          pages: body.pages.map((p) => p.name),
          lang: body.lang,
          createdBy: c.get('user').id,
          createdAt: new Date(),
        });
        await db.update(board).set({ publicBoardId: id }).where(eq(board.id, boardId));
        return c.json({ boardId: id }, 201);
      },
    )
    .get(
      '/public-share/board/:boardId',
      describeRoute({ tags: ['sharing'], summary: 'A public board: its shared widgets and pages (no login)' }),
      async (c) => {
        const [share] = await db
          .select()
          .from(publicShare)
          .where(eq(publicShare.id, c.req.param('boardId')));
        if (!share) throw new ApiError('SHARE_NOT_FOUND');
        const [b] = await db.select({ id: board.id, name: board.name }).from(board).where(eq(board.id, share.boardId));
        const body: PublicBoard = {
          public_board_id: share.id,
          widgets: share.widgets,
          pages: share.pages.map((name) => ({ name })),
          group: { _id: b!.id, name: b!.name },
          lang: share.lang,
        };
        return c.json(body);
      },
    )
    .post(
      '/public-share/url/send-email',
      describeRoute({ tags: ['sharing'], summary: "E-mail a board's public link", security: [{ bearer: [] }] }),
      validate('json', emailBody),
      async (c) => {
        const groupId = c.req.query('groupId');
        if (!groupId) throw new ApiError('BOARD_REQUIRED');
        await boardSources(db, c.get('user').id, groupId);
        const { recipients, link } = c.req.valid('json');
        if (recipients.length === 0) throw new ApiError('VALIDATION_FAILED');
        if (recipients.some((r) => !EMAIL.test(r))) throw new ApiError('INVALID_EMAIL');
        // Only links to this install's public pages of this board: never a relay for arbitrary links.
        const [b] = await db
          .select({ publicBoardId: board.publicBoardId, name: board.name })
          .from(board)
          .where(eq(board.id, groupId));
        const [share] = b?.publicBoardId
          ? await db.select({ lang: publicShare.lang }).from(publicShare).where(eq(publicShare.id, b.publicBoardId))
          : [];
        const url = b?.publicBoardId ? publicLinkOf(link, deps.baseUrl, b.publicBoardId) : null;
        if (!b || !share || !url) throw new ApiError('VALIDATION_FAILED');
        const to = [...new Set(recipients.map((r) => r.toLowerCase()))];
        // Each recipient counts against the sender's and the board's daily quota; over either, nothing is sent.
        const userKey = `share-mail:user:${c.get('user').id}`;
        await takeQuota(db, userKey, deps.limits.shareMailPerUserDay, to.length, 'SHARE_MAIL_LIMIT', now());
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
        for (const address of to) await deps.mailer.send(shareMail(address, b.name, url, share.lang));
        return c.json({ sent: true });
      },
    );
}
