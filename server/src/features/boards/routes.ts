import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { withAuth, withPermission } from '../../auth/with-auth.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { listBoards } from './queries.ts';

export function boardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('/group-account', withAuth(deps), withPermission('GroupAccount', 'View'))
    .use('/group-account/*', withAuth(deps), withPermission('GroupAccount', 'View'))
    .get(
      '/group-account',
      describeRoute({
        tags: ['boards'],
        summary: 'The boards (group accounts) of the user',
        security: [{ bearer: [] }],
      }),
      async (c) => c.json(await listBoards(deps.db, c.get('user').id)),
    )
    .get(
      '/group-account/:id',
      describeRoute({ tags: ['boards'], summary: 'One board', security: [{ bearer: [] }] }),
      async (c) => {
        const [found] = await listBoards(deps.db, c.get('user').id, c.req.param('id'));
        if (!found) throw new ApiError('BOARD_NOT_FOUND');
        return c.json(found);
      },
    );
}
