import { randomUUID } from 'node:crypto';
import type { AccountSearchResult } from '@saldo/contract';
import { widgetApi, widgetDataRoute } from '@saldo/contract/api/widgets';
import { widgetCatalogue } from '@saldo/contract/widgets/catalogue';
import { type WidgetDefinition, type WidgetType, widgetRegistry, widgetTypes } from '@saldo/contract/widgets/registry';
import type { Context } from 'hono';
import { menu, on, widgetAccess, write } from '../../access/rules.ts';
import type { Db } from '../../db/client.ts';
import { boardRange } from '../../http/board-range.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { readableSources } from '../boards/held.ts';
import { saveBoardWidgets } from '../boards/queries.ts';
import { customValues, parseCustom, parseCustomUpdate, toCustom } from './custom.ts';
import {
  customWidgetOf,
  customWidgetsOf,
  deleteCustomWidget,
  insertCustomWidget,
  updateCustomWidget,
} from './custom-widget-rows.ts';
import { widgetData } from './data.ts';
import { searchAccounts } from './queries.ts';
import { type BoardRangeQuery, type WidgetRequest, widgetQuery } from './request.ts';

async function boardCustom(db: Db, boardId: string, id: string) {
  const row = await customWidgetOf(db, boardId, id);
  if (!row) throw new ApiError('WIDGET_NOT_FOUND');
  return row;
}

/** Custom widgets of a board the user may read; the JSON validator turns bad patterns into the spec's message. */
async function ownCustom(c: Context<AppEnv>, db: Db, boardId: string, id: string) {
  await readableSources(c, db, boardId);
  return boardCustom(db, boardId, id);
}

/**
 * Every widget type's data route, from the registry: its declaration (the contract's), its query's
 * validator (request.ts), who may read it (a public link's visitor or an embed token only the widgets
 * it shares: access/rules.ts widgetAccess) and its data function.
 */
export const widgetDataRoutes = widgetTypes.map((type) => {
  const w: WidgetDefinition = widgetRegistry[type];
  // The map is exhaustive by type; read through one signature here, each function typed by its own.
  const read = widgetData[type] as (db: Db, request: WidgetRequest<WidgetType>) => Promise<unknown>;
  return serve({ ...widgetDataRoute(type), query: widgetQuery(type) }, widgetAccess(w, type), async (c, deps) => {
    const query = c.req.valid('query') as WidgetRequest<WidgetType>['query'];
    const body = await read(deps.db, {
      query,
      path: c.req.param(),
      range: (change?: Partial<BoardRangeQuery>) => boardRange(deps, c, { ...query, ...change }),
      comparison: c.get('share')?.comparison ?? true,
      userId: c.get('share') ? undefined : c.get('user').id,
      mayRead: async (boardId) => {
        await readableSources(c, deps.db, boardId);
      },
    });
    return c.json(body);
  });
});

const VIEW = menu('Dashboard', on('param:groupId', 'view'));
const EDIT = write('Dashboard', on('param:groupId', 'edit'));

export const widgetRoutes = [
  serve(widgetApi.configurations, menu('Dashboard'), (c) => c.json(widgetCatalogue)),
  ...widgetDataRoutes,
  serve(widgetApi.createCustom, EDIT, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const w = parseCustom(await c.req.json().catch(() => null), 'CUSTOM_WIDGET_FAILED');
    const row = await insertCustomWidget(deps.db, {
      id: randomUUID(),
      boardId,
      ...customValues(w),
      createdAt: new Date(),
    });
    return c.json(toCustom(row), 201);
  }),
  serve(widgetApi.updateCustom, EDIT, async (c, deps) => {
    const row = await ownCustom(c, deps.db, c.req.param('groupId'), c.req.param('id'));
    const w = parseCustomUpdate(await c.req.json().catch(() => null), row);
    return c.json(toCustom(await updateCustomWidget(deps.db, row.id, customValues(w))));
  }),
  serve(widgetApi.accounts, VIEW, async (c, deps) => {
    const sources = await readableSources(c, deps.db, c.req.param('groupId'));
    const body: AccountSearchResult[] = await searchAccounts(deps.db, sources, c.req.valid('query').q);
    return c.json(body);
  }),
  // A board may hold several custom widgets: a public link shares each by its id.
  serve(widgetApi.customs, VIEW, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    return c.json((await customWidgetsOf(deps.db, boardId)).map(toCustom));
  }),
  serve(widgetApi.deleteCustom, EDIT, async (c, deps) => {
    const row = await ownCustom(c, deps.db, c.req.param('groupId'), c.req.param('id'));
    await deleteCustomWidget(deps.db, row.id);
    return c.json({ isDeleted: true });
  }),
  serve(widgetApi.preference, EDIT, async (c, deps) => {
    const boardId = c.req.param('groupId');
    await readableSources(c, deps.db, boardId);
    const { widgets } = c.req.valid('json');
    if (new Set(widgets.map((w) => w.id)).size !== widgets.length) throw new ApiError('WIDGET_ALREADY_ADDED');
    await saveBoardWidgets(deps.db, boardId, widgets);
    return c.json({ groupId: boardId, widgets });
  }),
];
