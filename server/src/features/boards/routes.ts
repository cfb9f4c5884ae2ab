import { randomUUID } from 'node:crypto';
import type { SubBoard } from '@saldo/contract';
import { boardCreate as boardBody, boardUpdate } from '@saldo/contract/schemas';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { subBoard } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { lineText } from '../../http/text.ts';
import { validate } from '../../http/validate.ts';
import { assertNoOverlappingSources } from '../api-accounts/saft-overlap.ts';
import { assertBoardQuota } from '../api-accounts/saft-quota.ts';
import { boardPeriods, sourceFiscalYearStart } from './periods.ts';
import {
  boardSources,
  boardsOwnedCount,
  deleteBoard,
  deleteSubBoard,
  insertBoard,
  insertSubBoard,
  listBoards,
  membersLeftWithoutBoard,
  ownApiAccountsAmong,
  replaceBoardApiAccounts,
  subBoardsOf,
  updateBoard,
  updateSubBoard,
} from './queries.ts';

const widgetList = z
  .array(
    z.object({
      id: z.string().min(1).max(100),
      name: lineText(100).default(''),
      widget: z.string().max(50).default(''),
      x: z.number().int().min(0),
      y: z.number().int().min(0),
      width: z.number().int().min(1).max(48),
      height: z.number().int().min(1).max(100),
      view: z.enum(['single', 'comparison']).default('single'),
      note: z.string().max(1000).nullable().optional(),
    }),
  )
  .max(100);
const subBoardBody = z.object({ name: lineText(100).optional(), widgets: widgetList.optional() });

const toSubBoard = (row: typeof subBoard.$inferSelect): SubBoard => ({
  _id: row.id,
  groupId: row.boardId,
  name: row.name,
  widgets: row.widgets,
});

export function boardRoutes(deps: AppDeps) {
  const { db } = deps;

  /** The API accounts must be the user's own; the board keeps exactly these. */
  async function setApis(userId: string, boardId: string, apis: string[]) {
    const unique = [...new Set(apis)];
    if (unique.length) {
      const own = await ownApiAccountsAmong(db, userId, unique);
      if (own.length !== unique.length) throw new ApiError('API_ACCOUNT_NOT_FOUND');
      await assertBoardQuota(deps, unique);
      // One company, one ledger: a second SAF-T source covering months of the same company is refused.
      await assertNoOverlappingSources(db, boardId, unique);
    }
    await replaceBoardApiAccounts(db, boardId, unique);
  }

  const one = async (userId: string, id: string) => {
    const [found] = await listBoards(db, userId, id);
    if (!found) throw new ApiError('BOARD_NOT_FOUND');
    return found;
  };

  return new Hono<AppEnv>()
    .get(
      '/group-account',
      describeRoute({
        tags: ['boards'],
        summary: 'The boards (group accounts) of the user',
        security: [{ bearer: [] }],
      }),
      async (c) => c.json(await listBoards(db, c.get('user').id)),
    )
    .get(
      '/group-account/:id',
      describeRoute({ tags: ['boards'], summary: 'One board', security: [{ bearer: [] }] }),
      async (c) => c.json(await one(c.get('user').id, c.req.param('id'))),
    )
    .post(
      '/group-account',
      describeRoute({
        tags: ['boards'],
        summary: 'Create a board over some of the user’s API accounts (none is allowed)',
        security: [{ bearer: [] }],
      }),
      validate('json', boardBody),
      async (c) => {
        const { name, apis } = c.req.valid('json');
        if (!name.trim()) throw new ApiError('BOARD_NAME_EMPTY');
        const userId = c.get('user').id;
        const id = randomUUID();
        const now = new Date();
        await insertBoard(db, { id, ownerId: userId, name: name.trim(), createdAt: now, updatedAt: now });
        try {
          await setApis(userId, id, apis);
        } catch (err) {
          await deleteBoard(db, id);
          throw err;
        }
        deps.boardQuantity?.boardsChanged(userId);
        return c.json(await one(userId, id), 201);
      },
    )
    .put(
      '/group-account/:id',
      describeRoute({
        tags: ['boards'],
        summary: "Rename a board, set its fiscal year's start month, or change its API accounts",
        security: [{ bearer: [] }],
      }),
      validate('json', boardUpdate),
      async (c) => {
        const userId = c.get('user').id;
        const id = c.req.param('id');
        const body = c.req.valid('json');
        // Editing is the route's right, and changing the API accounts the owner's (access/route-table.ts).
        if (body.name !== undefined) {
          if (!body.name.trim()) throw new ApiError('BOARD_NAME_EMPTY');
          await updateBoard(db, id, { name: body.name.trim(), updatedAt: new Date() });
        }
        if (body.fiscalYearStart !== undefined)
          await updateBoard(db, id, { fiscalYearStart: body.fiscalYearStart, updatedAt: new Date() });
        if (body.apis) await setApis(userId, id, body.apis);
        return c.json(await one(userId, id));
      },
    )
    .get(
      '/group-account/:groupId/periods',
      describeRoute({
        tags: ['boards'],
        summary:
          "The board's first and last booked month (yyyy-mm, null without postings), its fiscal year's start month, and the one its SAF-T files count their periods from (to offer)",
        security: [{ bearer: [] }],
      }),
      async (c) => {
        const boardId = c.req.param('groupId');
        const sources = await boardSources(db, c.get('user').id, boardId);
        const [periods, fromSources] = await Promise.all([
          boardPeriods(db, boardId, sources),
          sourceFiscalYearStart(db, sources),
        ]);
        return c.json({ ...periods, sourceFiscalYearStart: fromSources });
      },
    )
    .delete(
      '/group-account/:id',
      describeRoute({
        tags: ['boards'],
        summary: "Delete a board (owner only); the owner's last one, or a member's only one, only with forced=forced",
        security: [{ bearer: [] }],
      }),
      async (c) => {
        const userId = c.get('user').id;
        const id = c.req.param('id');
        await boardSources(db, userId, id);
        // SPEC §6: a user keeps at least one board. Leaving someone without one takes a second, explicit yes.
        if (c.req.query('forced') !== 'forced') {
          if ((await membersLeftWithoutBoard(db, id)) > 0) throw new ApiError('MEMBERS_LAST_GROUP');
          if ((await boardsOwnedCount(db, userId)) <= 1) throw new ApiError('LAST_GROUP');
        }
        await deleteBoard(db, id);
        deps.boardQuantity?.boardsChanged(userId);
        return c.json({ isDeleted: true });
      },
    )
    .get(
      '/dashboard-folders/:groupId',
      describeRoute({
        tags: ['sub-boards'],
        summary: "The board's sub-boards, oldest first",
        security: [{ bearer: [] }],
      }),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const rows = await subBoardsOf(db, boardId);
        return c.json(rows.map(toSubBoard));
      },
    )
    .post(
      '/dashboard-folders/:groupId',
      describeRoute({ tags: ['sub-boards'], summary: 'Create a sub-board', security: [{ bearer: [] }] }),
      validate('json', subBoardBody),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const name = c.req.valid('json').name?.trim();
        if (!name) throw new ApiError('SUB_BOARD_NAME_REQUIRED');
        const row = await insertSubBoard(db, { id: randomUUID(), boardId, name, createdAt: new Date() });
        return c.json(toSubBoard(row), 201);
      },
    )
    .put(
      '/dashboard-folders/:groupId/:subBoardId',
      describeRoute({
        tags: ['sub-boards'],
        summary: 'Rename a sub-board, or save its widgets',
        security: [{ bearer: [] }],
      }),
      validate('json', subBoardBody),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const body = c.req.valid('json');
        if (body.name === undefined && body.widgets === undefined) throw new ApiError('VALIDATION_FAILED');
        if (body.name !== undefined && !body.name.trim()) throw new ApiError('SUB_BOARD_NAME_REQUIRED');
        if (body.widgets && new Set(body.widgets.map((w) => w.id)).size !== body.widgets.length)
          throw new ApiError('WIDGET_ALREADY_ADDED');
        const row = await updateSubBoard(db, boardId, c.req.param('subBoardId'), {
          ...(body.name ? { name: body.name.trim() } : {}),
          ...(body.widgets ? { widgets: body.widgets } : {}),
        });
        if (!row) throw new ApiError('SUB_BOARD_NOT_FOUND');
        return c.json(toSubBoard(row));
      },
    )
    .delete(
      '/dashboard-folders/:groupId/:subBoardId',
      describeRoute({ tags: ['sub-boards'], summary: 'Delete a sub-board', security: [{ bearer: [] }] }),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const gone = await deleteSubBoard(db, boardId, c.req.param('subBoardId'));
        if (gone.length === 0) throw new ApiError('SUB_BOARD_NOT_FOUND');
        return c.json({ isDeleted: true });
      },
    );
}
