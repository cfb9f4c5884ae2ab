import { randomUUID } from 'node:crypto';
import type { AccountSearchResult } from '@saldo/contract';
import { widgetCatalogue } from '@saldo/contract/catalogue';
import { type WidgetDefinition, type WidgetType, widgetRegistry, widgetTypes } from '@saldo/contract/widgets';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { boardRange } from '../../http/board-range.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import type { RouteDeps } from '../../http/serve.ts';
import { lineText } from '../../http/text.ts';
import { validate } from '../../http/validate.ts';
import { readableSources } from '../boards/held.ts';
import { boardSources, saveBoardWidgets } from '../boards/queries.ts';
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

const preferenceBody = z.object({
  groupId: z.string().optional(),
  widgets: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: lineText(100).default(''),
        widget: z.string().max(50).default(''),
        x: z.number().int().min(0).max(1000),
        y: z.number().int().min(0).max(10_000),
        width: z.number().int().min(1).max(48),
        height: z.number().int().min(1).max(100),
        view: z.enum(['single', 'comparison']).default('single'),
        note: z.string().max(1000).nullable().optional(),
      }),
    )
    .max(100),
});

export function widgetRoutes(deps: RouteDeps) {
  const { db } = deps;
  const spec = (summary: string) =>
    describeRoute({
      tags: ['widgets'],
      summary,
      description: 'Amounts in øre. Board by groupId or the x-board-id header.',
      security: [{ bearer: [] }],
    });

  /** Custom widgets of a board the user may read; the JSON validator turns bad patterns into the spec's message. */
  async function ownCustom(userId: string, boardId: string, id: string) {
    await boardSources(db, userId, boardId);
    return boardCustom(boardId, id);
  }

  async function boardCustom(boardId: string, id: string) {
    const row = await customWidgetOf(db, boardId, id);
    if (!row) throw new ApiError('WIDGET_NOT_FOUND');
    return row;
  }

  // Who may call each route (a public link's visitor only the widgets it shares): access/route-access.ts.
  const app = new Hono<AppEnv>().get('/widgets/configurations', spec('The widget catalogue'), (c) =>
    c.json(widgetCatalogue),
  );
  // Every widget type's data route, from the registry: its path, its query's validator, its data function.
  for (const type of widgetTypes) {
    const w: WidgetDefinition = widgetRegistry[type];
    // The map is exhaustive by type; read through one signature here, each function typed by its own.
    const read = widgetData[type] as (db: Db, request: WidgetRequest<WidgetType>) => Promise<unknown>;
    app.get(w.path, spec(w.description.en), validate('query', widgetQuery(type)), async (c) => {
      const query = c.req.valid('query') as WidgetRequest<WidgetType>['query'];
      const body = await read(db, {
        query,
        path: c.req.param(),
        range: (change?: Partial<BoardRangeQuery>) => boardRange(deps, c, { ...query, ...change }),
        comparison: c.get('share')?.comparison ?? true,
        userId: c.get('share') ? undefined : c.get('user').id,
        mayRead: async (boardId) => {
          await readableSources(c, db, boardId);
        },
      });
      return c.json(body);
    });
  }

  return app
    .post('/widgets/:groupId/custom/create', spec('Create a custom widget (account range or ratio)'), async (c) => {
      const boardId = c.req.param('groupId');
      await boardSources(db, c.get('user').id, boardId);
      const w = parseCustom(await c.req.json().catch(() => null), 'CUSTOM_WIDGET_FAILED');
      const row = await insertCustomWidget(db, {
        id: randomUUID(),
        boardId,
        ...customValues(w),
        createdAt: new Date(),
      });
      return c.json(toCustom(row), 201);
    })
    .put(
      '/widgets/:groupId/custom/:id',
      spec('Change a custom widget; a field left out keeps its value'),
      async (c) => {
        const row = await ownCustom(c.get('user').id, c.req.param('groupId'), c.req.param('id'));
        const w = parseCustomUpdate(await c.req.json().catch(() => null), row);
        return c.json(toCustom(await updateCustomWidget(db, row.id, customValues(w))));
      },
    )
    .get(
      '/widgets/:groupId/accounts',
      spec("Search the board's chart of accounts by number (x as a wildcard) or name; q needs 2+ characters"),
      validate('query', z.object({ q: z.string().trim().min(2).max(100) })),
      async (c) => {
        const sources = await readableSources(c, db, c.req.param('groupId'));
        const body: AccountSearchResult[] = await searchAccounts(db, sources, c.req.valid('query').q);
        return c.json(body);
      },
    )
    .get('/widgets/:groupId/custom', spec("The board's custom widgets"), async (c) => {
      const boardId = c.req.param('groupId');
      await boardSources(db, c.get('user').id, boardId);
      return c.json((await customWidgetsOf(db, boardId)).map(toCustom));
    })
    .delete('/widgets/:groupId/custom/:id', spec('Remove a custom widget'), async (c) => {
      const row = await ownCustom(c.get('user').id, c.req.param('groupId'), c.req.param('id'));
      await deleteCustomWidget(db, row.id);
      return c.json({ isDeleted: true });
    })
    .patch(
      '/widgets/board-preference/:groupId/update',
      spec("Save the board's widgets: id, x, y, width, height, view and note"),
      validate('json', preferenceBody),
      async (c) => {
        const boardId = c.req.param('groupId');
        await boardSources(db, c.get('user').id, boardId);
        const { widgets } = c.req.valid('json');
        if (new Set(widgets.map((w) => w.id)).size !== widgets.length) throw new ApiError('WIDGET_ALREADY_ADDED');
        await saveBoardWidgets(db, boardId, widgets);
        return c.json({ groupId: boardId, widgets });
      },
    );
}
