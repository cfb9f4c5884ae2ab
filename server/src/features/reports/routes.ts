import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { withAuth, withPermission } from '../../auth/with-auth.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { validate } from '../../http/validate.ts';
import { PROFIT_LOSS_FIRST_ACCOUNT, PROFIT_LOSS_LAST_ACCOUNT } from '../../reports/lines.ts';
import { buildProfitLoss } from '../../reports/profit-loss.ts';
import { boardRange, boardRangeQuery } from './board-range.ts';
import { accountTitles, monthlyMovements } from './queries.ts';

export function reportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/profit-loss',
    describeRoute({
      tags: ['reports'],
      summary: 'Profit and loss by month (amounts in øre, income positive)',
      security: [{ bearer: [] }],
    }),
    withAuth(deps),
    withPermission('ProfitLoss', 'View'),
    validate('query', boardRangeQuery),
    async (c) => {
      const { sources, period } = await boardRange(deps, c, c.req.valid('query'));
      const [movements, titles] = await Promise.all([
        monthlyMovements(deps.db, sources, period.months, {
          from: PROFIT_LOSS_FIRST_ACCOUNT,
          to: PROFIT_LOSS_LAST_ACCOUNT,
        }),
        accountTitles(deps.db, sources),
      ]);
      return c.json(buildProfitLoss(movements, titles, period));
    },
  );
}
