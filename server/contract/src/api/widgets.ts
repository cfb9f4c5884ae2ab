import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { lineText } from '../schemas/text.ts';
import { type WidgetDefinition, type WidgetType, widgetRegistry } from '../widgets/registry.ts';
import { json, list, route } from './define.ts';

const DESCRIPTION = 'Amounts in øre. Board by groupId or the x-board-id header.';

/**
 * A widget type's data route, from its registry entry: the path, the reference's words and the answer.
 * Its query is the registry's `params` over the board's range (the server's widgets/request.ts).
 */
export function widgetDataRoute(type: WidgetType) {
  const w: WidgetDefinition = widgetRegistry[type];
  return route({
    method: 'GET',
    path: w.path,
    tag: 'widgets',
    summary: w.description.en,
    description: DESCRIPTION,
    response: json(w.response),
  });
}

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

export const widgetApi = {
  configurations: route({
    method: 'GET',
    path: '/widgets/configurations',
    tag: 'widgets',
    summary: 'The widget catalogue',
    description: DESCRIPTION,
    response: list(api.widgetConfiguration),
  }),
  createCustom: route({
    method: 'POST',
    path: '/widgets/:groupId/custom/create',
    tag: 'widgets',
    summary: 'Create a custom widget (account range or ratio)',
    description: DESCRIPTION,
    response: json(api.customWidget, 201),
  }),
  updateCustom: route({
    method: 'PUT',
    // The custom widget's own path: its registry entry's, where its data is read.
    path: widgetRegistry.custom.path,
    tag: 'widgets',
    summary: 'Change a custom widget; a field left out keeps its value',
    description: DESCRIPTION,
    response: json(api.customWidget),
  }),
  accounts: route({
    method: 'GET',
    path: '/widgets/:groupId/accounts',
    tag: 'widgets',
    summary: "Search the board's chart of accounts by number (x as a wildcard) or name; q needs 2+ characters",
    description: DESCRIPTION,
    query: z.object({ q: z.string().trim().min(2).max(100) }),
    response: list(api.accountSearchResult),
  }),
  customs: route({
    method: 'GET',
    path: '/widgets/:groupId/custom',
    tag: 'widgets',
    summary: "The board's custom widgets",
    description: DESCRIPTION,
    response: list(api.customWidget),
  }),
  deleteCustom: route({
    method: 'DELETE',
    // The custom widget's own path: its registry entry's, where its data is read.
    path: widgetRegistry.custom.path,
    tag: 'widgets',
    summary: 'Remove a custom widget',
    description: DESCRIPTION,
    response: json(api.deleted),
  }),
  preference: route({
    method: 'PATCH',
    path: '/widgets/board-preference/:groupId/update',
    tag: 'widgets',
    summary: "Save the board's widgets: id, x, y, width, height, view and note",
    description: DESCRIPTION,
    body: preferenceBody,
    response: json(api.boardPreference),
  }),
} as const;
