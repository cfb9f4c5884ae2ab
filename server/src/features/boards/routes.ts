import { randomUUID } from 'node:crypto';
import type { SubBoard } from '@saldo/contract';
import { boardApi } from '@saldo/contract/api/boards';
import { menu, on, write } from '../../access/rules.ts';
import type { Db } from '../../db/client.ts';
import type { subBoard } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDeps, serve } from '../../http/serve.ts';
import { assertNoOverlappingSources } from '../api-accounts/saft-overlap.ts';
import { assertBoardQuota } from '../api-accounts/saft-quota.ts';
import { readableSources } from './held.ts';
import { boardPeriods, sourceFiscalYearStart } from './periods.ts';
import {
  assignmentOf,
  boardsOwnedCount,
  deleteBoard,
  deleteSubBoard,
  insertBoard,
  insertSubBoard,
  listBoards,
  membersLeftWithoutBoard,
  ownApiAccountsAmong,
  replaceBoardApiAccounts,
  setAssignment,
  subBoardsOf,
  updateBoard,
  updateSubBoard,
} from './queries.ts';

const toSubBoard = (row: typeof subBoard.$inferSelect): SubBoard => ({
  _id: row.id,
  groupId: row.boardId,
  name: row.name,
  widgets: row.widgets,
});

/** The API accounts must be the user's own; the board keeps exactly these. */
async function setApis(deps: RouteDeps, userId: string, boardId: string, apis: string[]) {
  const { db } = deps;
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

async function one(db: Db, userId: string, id: string) {
  const [found] = await listBoards(db, userId, id);
  if (!found) throw new ApiError('BOARD_NOT_FOUND');
  return found;
}

const VIEW = menu('GroupAccount', on('param:id', 'view'));
const SUB_BOARD_VIEW = menu('Dashboard', on('param:groupId', 'view'));
const SUB_BOARD_EDIT = write('Dashboard', on('param:groupId', 'edit'));

export const boardRoutes = [
  serve(boardApi.list, menu('GroupAccount'), async (c, deps) => c.json(await listBoards(deps.db, c.get('user').id))),
  serve(boardApi.one, VIEW, async (c, deps) => c.json(await one(deps.db, c.get('user').id, c.req.param('id')))),
  serve(boardApi.create, write('GroupAccount'), async (c, deps) => {
    const { db } = deps;
    const { name, apis } = c.req.valid('json');
    if (!name.trim()) throw new ApiError('BOARD_NAME_EMPTY');
    const userId = c.get('user').id;
    const id = randomUUID();
    const now = new Date();
    await insertBoard(db, { id, ownerId: userId, name: name.trim(), createdAt: now, updatedAt: now });
    try {
      await setApis(deps, userId, id, apis);
    } catch (err) {
      await deleteBoard(db, id);
      throw err;
    }
    deps.boardQuantity?.boardsChanged(userId);
    return c.json(await one(db, userId, id), 201);
  }),
  // Renaming is editing; changing the board's API accounts is the owner's (they are theirs).
  serve(
    boardApi.update,
    write(
      'GroupAccount',
      on('param:id', 'edit', { bodyField: 'apis', need: 'owner', refusal: 'BOARD_APIS_OWNER_ONLY' }),
    ),
    async (c, deps) => {
      const { db } = deps;
      const userId = c.get('user').id;
      const id = c.req.param('id');
      const body = c.req.valid('json');
      if (body.name !== undefined) {
        if (!body.name.trim()) throw new ApiError('BOARD_NAME_EMPTY');
        await updateBoard(db, id, { name: body.name.trim(), updatedAt: new Date() });
      }
      if (body.fiscalYearStart !== undefined)
        await updateBoard(db, id, { fiscalYearStart: body.fiscalYearStart, updatedAt: new Date() });
      if (body.apis) await setApis(deps, userId, id, body.apis);
      return c.json(await one(db, userId, id));
    },
  ),
  serve(boardApi.delete, write('GroupAccount', on('param:id', 'owner')), async (c, deps) => {
    const { db } = deps;
    const userId = c.get('user').id;
    const id = c.req.param('id');
    await readableSources(c, db, id);
    // SPEC §6: a user keeps at least one board. Leaving someone without one takes a second, explicit yes.
    if (c.req.query('forced') !== 'forced') {
      if ((await membersLeftWithoutBoard(db, id)) > 0) throw new ApiError('MEMBERS_LAST_GROUP');
      if ((await boardsOwnedCount(db, userId)) <= 1) throw new ApiError('LAST_GROUP');
    }
    await deleteBoard(db, id);
    deps.boardQuantity?.boardsChanged(userId);
    return c.json({ isDeleted: true as const });
  }),
  // The firm's tags and responsible accountant: the board's owner or an Admin sets them (the portfolio filters by them).
  serve(boardApi.assignment, write('GroupAccount', on('param:id', 'share')), async (c, deps) => {
    const id = c.req.param('id');
    await setAssignment(deps.db, id, c.req.valid('json'));
    return c.json(await assignmentOf(deps.db, id));
  }),
  // What the period control offers: the months with data and the fiscal year's start (set with the PUT above).
  serve(boardApi.periods, SUB_BOARD_VIEW, async (c, deps) => {
    const boardId = c.req.param('groupId');
    const sources = [...(await readableSources(c, deps.db, boardId))];
    const [periods, fromSources] = await Promise.all([
      boardPeriods(deps.db, boardId, sources),
      sourceFiscalYearStart(deps.db, sources),
    ]);
    return c.json({ ...periods, sourceFiscalYearStart: fromSources });
  }),
  serve(boardApi.subBoards, SUB_BOARD_VIEW, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const rows = await subBoardsOf(deps.db, boardId);
    return c.json(rows.map(toSubBoard));
  }),
  serve(boardApi.createSubBoard, SUB_BOARD_EDIT, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const name = c.req.valid('json').name?.trim();
    if (!name) throw new ApiError('SUB_BOARD_NAME_REQUIRED');
    const row = await insertSubBoard(deps.db, { id: randomUUID(), boardId, name, createdAt: new Date() });
    return c.json(toSubBoard(row), 201);
  }),
  serve(boardApi.updateSubBoard, SUB_BOARD_EDIT, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const body = c.req.valid('json');
    if (body.name === undefined && body.widgets === undefined) throw new ApiError('VALIDATION_FAILED');
    if (body.name !== undefined && !body.name.trim()) throw new ApiError('SUB_BOARD_NAME_REQUIRED');
    if (body.widgets && new Set(body.widgets.map((w) => w.id)).size !== body.widgets.length)
      throw new ApiError('WIDGET_ALREADY_ADDED');
    const row = await updateSubBoard(deps.db, boardId, c.req.param('subBoardId'), {
      ...(body.name ? { name: body.name.trim() } : {}),
      ...(body.widgets ? { widgets: body.widgets } : {}),
    });
    if (!row) throw new ApiError('SUB_BOARD_NOT_FOUND');
    return c.json(toSubBoard(row));
  }),
  serve(boardApi.deleteSubBoard, SUB_BOARD_EDIT, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const gone = await deleteSubBoard(deps.db, boardId, c.req.param('subBoardId'));
    if (gone.length === 0) throw new ApiError('SUB_BOARD_NOT_FOUND');
    return c.json({ isDeleted: true as const });
  }),
];
