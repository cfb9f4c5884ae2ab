import type { DataNotice } from '@saldo/contract';
import { dataHealthApi, noticeOf } from '@saldo/contract/api/data-health';
import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import { createMiddleware } from 'hono/factory';
import { menu, on } from '../../access/rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { boardRange } from '../../http/board-range.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { type Served, serve } from '../../http/serve.ts';
import { readableSources } from '../boards/held.ts';
import { boardDataHealth, restsOnErrors } from './queries.ts';

/** The elements whose data a public link or an embed token may read: the viewer routes. */
const sharedElements = (served: readonly Served[]) => served.filter((s) => s.access.kind === 'viewer');

/**
 * Adds the data notice to each element's data answer (DATA_NOTICE_HEADER), from the sources its route
 * resolved (boardRange): the same answer as its `…/data-notice`, on the response only its readers get.
 * It saves every element a second request, which on a dashboard of 20 doubled the calls queued behind
 * the browser's six connections. Before the routes, so it sees their answer.
 */
export function withDataNotice(deps: Pick<AppDeps, 'db'>, elements: readonly Served[]) {
  // The element data routes themselves (their `:params` as any one segment), under /api.
  const patterns = sharedElements(elements).map((s) => new RegExp(`^/api${s.route.path.replace(/:[^/]+/g, '[^/]+')}$`));
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const sources = c.get('dataSources');
    if (!sources || c.res.status !== 200 || !patterns.some((re) => re.test(c.req.path))) return;
    // The board's sources withRouteAccess read came with their warnings; a link's or a token's did not.
    const held = c.get('board')?.sourceErrors;
    const notice = sources.every((s) => held?.has(s))
      ? sources.some((s) => held!.get(s))
      : await restsOnErrors(deps.db, sources);
    c.res.headers.set(DATA_NOTICE_HEADER, String(notice));
  });
}

export const dataHealthRoutes = [
  // Data health: the board's panel for its users.
  serve(dataHealthApi.board, menu('Dashboard', on('param:groupId', 'view')), async (c, deps) => {
    const groupId = c.req.param('groupId');
    const sources = await readableSources(c, deps.db, groupId);
    return c.json(await boardDataHealth(deps.db, groupId, sources));
  }),
];

/**
 * Beside each element's data route that a public link or an embed token may read, whether its
 * figures rest on a source with errors: readable by exactly whoever may read the element (the
 * element's own access rule), and nothing more.
 */
export function noticeRoutes(
  elements: readonly Served[],
  /** A board's custom widget by its id, if it has one (widgets/custom-widget-rows.ts): handed in by served.ts. */
  customWidgetOf: (db: Db, boardId: string, id: string) => Promise<unknown>,
): Served[] {
  return sharedElements(elements).map((element) =>
    serve(noticeOf(element.route), element.access, async (c, deps) => {
      // The board as the element's own call resolves it (a public link's or an embed token's board
      // only); a custom widget's as its data route does, from the widget itself.
      const board = c.req.param('groupId');
      const id = c.req.param('id');
      if (board !== undefined && id !== undefined) {
        if (!(await customWidgetOf(deps.db, board, id))) throw new ApiError('WIDGET_NOT_FOUND');
      }
      const { sources } = await boardRange(deps, c, {
        ...c.req.valid('query'),
        ...(board ? { groupId: board } : {}),
      });
      const body: DataNotice = { notice: await restsOnErrors(deps.db, sources) };
      return c.json(body);
    }),
  );
}
