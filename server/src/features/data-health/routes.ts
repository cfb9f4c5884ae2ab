import type { DataNotice } from '@saldo/contract';
import { DATA_NOTICE_HEADER } from '@saldo/contract/data-health';
import { type WidgetDefinition, widgetRegistry, widgetTypes } from '@saldo/contract/widgets';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { describeRoute } from 'hono-openapi';
import type { AppDeps } from '../../app-deps.ts';
import { boardRange, boardRangeQuery } from '../../http/board-range.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import type { RouteDeps } from '../../http/serve.ts';
import { validate } from '../../http/validate.ts';
import { boardSources } from '../boards/queries.ts';
import { customWidgetOf } from '../widgets/custom-widget-rows.ts';
import { boardDataHealth, restsOnErrors } from './queries.ts';

/**
 * The data routes of every element that a public link or an embed token may read. Each has a
 * `…/data-notice` beside it, readable by exactly whoever may read the element (its row in
 * access/route-access.ts copies the element's), answering only whether the figures rest on a source
 * with errors.
 */
export const NOTICE_ROUTES: readonly string[] = [
  '/profit-loss',
  '/balance-sheet',
  '/cashflow',
  ...widgetTypes
    .map((type): WidgetDefinition => widgetRegistry[type])
    .filter((w) => w.share !== 'none')
    .map((w) => w.path),
];

/** The element data routes themselves (their `:params` as any one segment), under /api. */
const noticeRoutePatterns = NOTICE_ROUTES.map((path) => new RegExp(`^/api${path.replace(/:[^/]+/g, '[^/]+')}$`));

/**
 * Adds the data notice to each element's data answer (DATA_NOTICE_HEADER), from the sources its route
 * resolved (boardRange): the same answer as its `…/data-notice`, on the response only its readers get.
 * It saves every element a second request, which on a dashboard of 20 doubled the calls queued behind
 * the browser's six connections. Before the routes, so it sees their answer.
 */
export function withDataNotice(deps: Pick<AppDeps, 'db'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const sources = c.get('dataSources');
    if (!sources || c.res.status !== 200 || !noticeRoutePatterns.some((re) => re.test(c.req.path))) return;
    // The board's sources withRouteAccess read came with their warnings; a link's or a token's did not.
    const held = c.get('board')?.sourceErrors;
    const notice = sources.every((s) => held?.has(s))
      ? sources.some((s) => held!.get(s))
      : await restsOnErrors(deps.db, sources);
    c.res.headers.set(DATA_NOTICE_HEADER, String(notice));
  });
}

export function dataHealthRoutes(deps: RouteDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>().get(
    '/data-health/:groupId',
    describeRoute({
      tags: ['data health'],
      summary: "Every source's warnings from its last sync, with severity, the accounts and amounts they touch",
      security: [{ bearer: [] }],
    }),
    async (c) => {
      const groupId = c.req.param('groupId');
      const sources = await boardSources(db, c.get('user').id, groupId);
      return c.json(await boardDataHealth(db, groupId, sources));
    },
  );
  for (const path of NOTICE_ROUTES) {
    app.get(
      `${path}/data-notice`,
      describeRoute({
        tags: ['data health'],
        summary: `Whether the figures of ${path} rest on a source with errors (readable wherever the element is)`,
        security: [{ bearer: [] }],
      }),
      validate('query', boardRangeQuery),
      async (c) => {
        // The board as the element's own call resolves it (a public link's or an embed token's board
        // only); a custom widget's as its data route does, from the widget itself.
        const board = c.req.param('groupId');
        const id = c.req.param('id');
        if (board !== undefined && id !== undefined) {
          if (!(await customWidgetOf(db, board, id))) throw new ApiError('WIDGET_NOT_FOUND');
        }
        const { sources } = await boardRange(deps, c, {
          ...c.req.valid('query'),
          ...(board ? { groupId: board } : {}),
        });
        const body: DataNotice = { notice: await restsOnErrors(db, sources) };
        return c.json(body);
      },
    );
  }
  return app;
}
