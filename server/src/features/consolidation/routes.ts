import { randomUUID } from 'node:crypto';
import type { Consolidation } from '@saldo/contract';
import { consolidationApi } from '@saldo/contract/api/consolidation';
import { menu, on, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { readableSources } from '../boards/held.ts';
import { boardSources } from '../boards/queries.ts';
import {
  type ConsolidationRow,
  consolidationOf,
  deleteConsolidation,
  insertConsolidation,
  updateConsolidation,
} from './queries.ts';

const toConsolidation = (row: ConsolidationRow): Consolidation => ({
  _id: row.id,
  groupId: row.boardId,
  name: row.name,
  apis: row.apis,
  deductAccounts: row.deductAccounts,
});

/** A board's consolidation group; its reports are fetched with `consolidated=true`. */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;

  /** The board must be the user's, and the APIs (two or more) must be in it. */
  async function checked(userId: string, boardId: string, apis: string[]) {
    const sources = await boardSources(db, userId, boardId);
    const unique = [...new Set(apis)];
    if (unique.length < 2) throw new ApiError('CONSOLIDATION_NEEDS_TWO_APIS');
    if (unique.some((id) => !sources.includes(id))) throw new ApiError('VALIDATION_FAILED');
    return unique;
  }

  const find = (boardId: string) => consolidationOf(db, boardId);
  return { checked, db, find };
});

export const consolidationRoutes = [
  serve(consolidationApi.get, menu('GroupAccount', on('param:groupId', 'view')), async (c, deps) => {
    const { db, find } = shared(deps);
    await readableSources(c, db, c.req.param('groupId'));
    const row = await find(c.req.param('groupId'));
    return c.json(row ? toConsolidation(row) : null);
  }),
  serve(consolidationApi.create, write('GroupAccount', on('param:groupId', 'edit')), async (c, deps) => {
    const { checked, db, find } = shared(deps);
    const boardId = c.req.param('groupId');
    const input = c.req.valid('json');
    const apis = await checked(c.get('user').id, boardId, input.apis);
    if (await find(boardId)) throw new ApiError('CONSOLIDATION_EXISTS');
    const row = await insertConsolidation(db, {
      id: randomUUID(),
      boardId,
      name: input.name,
      apis,
      deductAccounts: [...new Set(input.deductAccounts)],
      createdAt: new Date(),
    });
    return c.json(toConsolidation(row), 201);
  }),
  serve(consolidationApi.update, write('GroupAccount', on('param:groupId', 'edit')), async (c, deps) => {
    const { checked, db, find } = shared(deps);
    const boardId = c.req.param('groupId');
    const userId = c.get('user').id;
    const input = c.req.valid('json');
    // The board must be the caller's also when the body leaves the APIs as they are.
    if (input.apis === undefined) await readableSources(c, db, boardId);
    const apis = input.apis && (await checked(userId, boardId, input.apis));
    const current = await find(boardId);
    if (!current) throw new ApiError('CONSOLIDATION_NOT_FOUND');
    const row = await updateConsolidation(db, boardId, {
      name: input.name ?? current.name,
      apis: apis ?? current.apis,
      deductAccounts: input.deductAccounts ? [...new Set(input.deductAccounts)] : current.deductAccounts,
    });
    return c.json(toConsolidation(row));
  }),
  serve(consolidationApi.delete, write('GroupAccount', on('param:groupId', 'edit')), async (c, deps) => {
    const { db } = shared(deps);
    await readableSources(c, db, c.req.param('groupId'));
    await deleteConsolidation(db, c.req.param('groupId'));
    return c.json({ isDeleted: true as const });
  }),
];
