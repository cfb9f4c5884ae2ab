import { randomUUID } from 'node:crypto';
import type { Consolidation } from '@saldo/contract';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { lineText } from '../../http/text.ts';
import { validate } from '../../http/validate.ts';
import { boardSources } from '../boards/queries.ts';
import {
  type ConsolidationRow,
  consolidationOf,
  deleteConsolidation,
  insertConsolidation,
  updateConsolidation,
} from './queries.ts';

const fields = {
  name: lineText(100).min(1),
  apis: z.array(z.string().min(1)).max(50),
  deductAccounts: z.array(z.number().int().min(1000).max(9999)).max(200),
};
const createBody = z.object({ ...fields, deductAccounts: fields.deductAccounts.default([]) });
/** A PUT keeps every field its body leaves out: a rename does not drop the deducted accounts. */
const updateBody = z.object(fields).partial();

const toConsolidation = (row: ConsolidationRow): Consolidation => ({
  _id: row.id,
  groupId: row.boardId,
  name: row.name,
  apis: row.apis,
  deductAccounts: row.deductAccounts,
});

/** A board's consolidation group; its reports are fetched with `consolidated=true`. */
export function consolidationRoutes(deps: AppDeps) {
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

  return new Hono<AppEnv>()
    .get(
      '/consolidation/:groupId',
      describeRoute({ tags: ['consolidation'], summary: "The board's consolidation group, or null" }),
      async (c) => {
        await boardSources(db, c.get('user').id, c.req.param('groupId'));
        const row = await find(c.req.param('groupId'));
        return c.json(row ? toConsolidation(row) : null);
      },
    )
    .post(
      '/consolidation/:groupId',
      describeRoute({ tags: ['consolidation'], summary: 'Create the consolidation group of a board (2+ of its APIs)' }),
      validate('json', createBody),
      async (c) => {
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
      },
    )
    .put(
      '/consolidation/:groupId',
      describeRoute({
        tags: ['consolidation'],
        summary: 'Change the consolidation group of a board; a field left out keeps its value',
      }),
      validate('json', updateBody),
      async (c) => {
        const boardId = c.req.param('groupId');
        const userId = c.get('user').id;
        const input = c.req.valid('json');
        // The board must be the caller's also when the body leaves the APIs as they are.
        if (input.apis === undefined) await boardSources(db, userId, boardId);
        const apis = input.apis && (await checked(userId, boardId, input.apis));
        const current = await find(boardId);
        if (!current) throw new ApiError('CONSOLIDATION_NOT_FOUND');
        const row = await updateConsolidation(db, boardId, {
          name: input.name ?? current.name,
          apis: apis ?? current.apis,
          deductAccounts: input.deductAccounts ? [...new Set(input.deductAccounts)] : current.deductAccounts,
        });
        return c.json(toConsolidation(row));
      },
    )
    .delete(
      '/consolidation/:groupId',
      describeRoute({ tags: ['consolidation'], summary: 'Remove the consolidation group' }),
      async (c) => {
        await boardSources(db, c.get('user').id, c.req.param('groupId'));
        await deleteConsolidation(db, c.req.param('groupId'));
        return c.json({ isDeleted: true });
      },
    );
}
