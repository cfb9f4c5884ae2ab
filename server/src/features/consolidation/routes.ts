import { randomUUID } from 'node:crypto';
import type { Consolidation } from '@saldo/contract';
import { consolidationApi } from '@saldo/contract/api/consolidation';
import type { Context } from 'hono';
import { menu, on, write } from '../../access/rules.ts';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { readableSources } from '../boards/held.ts';
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

/** The board must be the caller's, and the APIs (two or more) must be in it. */
async function checked(c: Context<AppEnv>, db: Db, boardId: string, apis: string[]) {
  const sources = await readableSources(c, db, boardId);
  const unique = [...new Set(apis)];
  if (unique.length < 2) throw new ApiError('CONSOLIDATION_NEEDS_TWO_APIS');
  if (unique.some((id) => !sources.includes(id))) throw new ApiError('VALIDATION_FAILED');
  return unique;
}

/** A board's consolidation group; its reports are fetched with `consolidated=true`. */
export const consolidationRoutes = [
  serve(consolidationApi.get, menu('GroupAccount', on('param:groupId', 'view')), async (c, deps) => {
    const { db } = deps;
    await readableSources(c, db, c.req.param('groupId'));
    const row = await consolidationOf(db, c.req.param('groupId'));
    return c.json(row ? toConsolidation(row) : null);
  }),
  serve(consolidationApi.create, write('GroupAccount', on('param:groupId', 'edit')), async (c, deps) => {
    const { db } = deps;
    const boardId = c.req.param('groupId');
    const input = c.req.valid('json');
    const apis = await checked(c, db, boardId, input.apis);
    if (await consolidationOf(db, boardId)) throw new ApiError('CONSOLIDATION_EXISTS');
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
    const { db } = deps;
    const boardId = c.req.param('groupId');
    const input = c.req.valid('json');
    // The board must be the caller's also when the body leaves the APIs as they are.
    if (input.apis === undefined) await readableSources(c, db, boardId);
    const apis = input.apis && (await checked(c, db, boardId, input.apis));
    const current = await consolidationOf(db, boardId);
    if (!current) throw new ApiError('CONSOLIDATION_NOT_FOUND');
    const row = await updateConsolidation(db, boardId, {
      name: input.name ?? current.name,
      apis: apis ?? current.apis,
      deductAccounts: input.deductAccounts ? [...new Set(input.deductAccounts)] : current.deductAccounts,
    });
    return c.json(toConsolidation(row));
  }),
  serve(consolidationApi.delete, write('GroupAccount', on('param:groupId', 'edit')), async (c, deps) => {
    const { db } = deps;
    await readableSources(c, db, c.req.param('groupId'));
    await deleteConsolidation(db, c.req.param('groupId'));
    return c.json({ isDeleted: true as const });
  }),
];
