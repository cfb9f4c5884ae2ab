import { randomUUID } from 'node:crypto';
import type { Consolidation } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { consolidation } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { lineText } from '../../http/text.ts';
import { validate } from '../../http/validate.ts';
import { boardSources } from '../boards/queries.ts';

const body = z.object({
  name: lineText(100).min(1),
  apis: z.array(z.string().min(1)).max(50),
  deductAccounts: z.array(z.number().int().min(1000).max(9999)).max(200).default([]),
});

const toConsolidation = (row: typeof consolidation.$inferSelect): Consolidation => ({
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

  const find = async (boardId: string) =>
    (await db.select().from(consolidation).where(eq(consolidation.boardId, boardId)))[0];

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
      validate('json', body),
      async (c) => {
        const boardId = c.req.param('groupId');
        const input = c.req.valid('json');
        const apis = await checked(c.get('user').id, boardId, input.apis);
        if (await find(boardId)) throw new ApiError('CONSOLIDATION_EXISTS');
        const [row] = await db
          .insert(consolidation)
          .values({
            id: randomUUID(),
            boardId,
            name: input.name,
            apis,
            deductAccounts: [...new Set(input.deductAccounts)],
            createdAt: new Date(),
          })
          .returning();
        return c.json(toConsolidation(row!), 201);
      },
    )
    .put(
      '/consolidation/:groupId',
      describeRoute({ tags: ['consolidation'], summary: 'Change the consolidation group of a board' }),
      validate('json', body),
      async (c) => {
        const boardId = c.req.param('groupId');
        const input = c.req.valid('json');
        const apis = await checked(c.get('user').id, boardId, input.apis);
        const [row] = await db
          .update(consolidation)
          .set({ name: input.name, apis, deductAccounts: [...new Set(input.deductAccounts)] })
          .where(eq(consolidation.boardId, boardId))
          .returning();
        if (!row) throw new ApiError('CONSOLIDATION_NOT_FOUND');
        return c.json(toConsolidation(row));
      },
    )
    .delete(
      '/consolidation/:groupId',
      describeRoute({ tags: ['consolidation'], summary: 'Remove the consolidation group' }),
      async (c) => {
        await boardSources(db, c.get('user').id, c.req.param('groupId'));
        await db.delete(consolidation).where(eq(consolidation.boardId, c.req.param('groupId')));
        return c.json({ isDeleted: true });
      },
    );
}
