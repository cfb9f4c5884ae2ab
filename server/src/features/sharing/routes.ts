import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { withAuth } from '../../auth/with-auth.ts';
import type { PublicBoard } from '../../contract.ts';
import { board, publicShare } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
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

const emailBody = z.object({ recipients: z.array(z.string().trim()).max(50).default([]), link: z.string().max(500) });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function sharingRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .post(
      '/group-account/:groupId/public/share-board',
      describeRoute({
        tags: ['sharing'],
        summary: 'Make a public link to some widgets and pages of a board',
        security: [{ bearer: [] }],
      }),
      withAuth(deps),
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
      withAuth(deps),
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
        if (!b?.publicBoardId || !link.startsWith(`${deps.baseUrl}/public/`) || !link.includes(b.publicBoardId)) {
          throw new ApiError('VALIDATION_FAILED');
        }
        for (const to of recipients) {
          await deps.mailer.send({
            to,
            subject: `${b.name} – Saldo`,
            text: `${b.name} er delt med deg i Saldo / ${b.name} has been shared with you in Saldo:\n\n${link}\n`,
            html: `<p>${b.name} er delt med deg i Saldo / has been shared with you in Saldo:</p><p><a href="${link}">${link}</a></p>`,
          });
        }
        return c.json({ sent: true });
      },
    );
}
