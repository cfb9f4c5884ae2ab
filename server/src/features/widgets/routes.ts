import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { withAuth, withPermission } from '../../auth/with-auth.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { validate } from '../../http/validate.ts';
import { boardRange, boardRangeQuery } from '../reports/board-range.ts';
import { topCustomers } from './queries.ts';

export function widgetRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/widgets/top-ten/customers',
    describeRoute({
      tags: ['widgets'],
      summary: 'Top ten customers by revenue in the period (amounts in øre)',
      security: [{ bearer: [] }],
    }),
    withAuth(deps),
    withPermission('Dashboard', 'View'),
    validate('query', boardRangeQuery),
    async (c) => {
      const { sources, period } = await boardRange(deps, c, c.req.valid('query'));
      return c.json(await topCustomers(deps.db, sources, period));
    },
  );
}
