/**
 * The JSON API by route, as types only: for each route ('METHOD /path', Hono's :param syntax, without
 * the /api prefix) its success body, and the request body and query. Derived from the routes'
 * declarations (api/index.ts) and, for the widgets' data routes, from the widget registry; the
 * portal's client is typed from it. Type-only: a bundle that takes it takes no zod.
 */

import type { z } from 'zod';
import type { DataNotice } from '../types/boards.ts';
import type { WidgetType, widgetRegistry } from '../widgets/registry.ts';
import type { StatementNoticeRoutes } from './data-health.ts';
import type { ApiMethod } from './define.ts';
import type { DeclaredRoutes } from './index.ts';

export type { PostingsQuery } from './reports.ts';

type Registry = typeof widgetRegistry;

/** Each widget type's data, as its data route (widgetRegistry[type].path) answers: its entry's `response`. */
export type WidgetDataByType = { [T in WidgetType]: z.output<Registry[T]['response']> };

type SharedWidgetType = { [T in WidgetType]: Registry[T]['share'] extends 'none' ? never : T }[WidgetType];

/** The widgets' data routes, and the data notice beside each one a link or a token may share. */
type WidgetRoutes = {
  [T in WidgetType as `GET ${Registry[T]['path']}`]: { response: WidgetDataByType[T] };
} & {
  [T in SharedWidgetType as `GET ${Registry[T]['path']}/data-notice`]: { response: DataNotice };
};

export type WidgetRouteKey = keyof WidgetRoutes;

/** Every JSON route (files, pages and event streams are not here: see api/define.ts's NOT_JSON). */
export interface ApiRoutes extends WidgetRoutes, StatementNoticeRoutes, DeclaredRoutes {}

export type { ApiMethod } from './define.ts';

export type ApiRouteKey = keyof ApiRoutes;

/** The path templates a method has routes for, e.g. ApiPath<'GET'> includes /group-account/:id. */
export type ApiPath<M extends ApiMethod> = ApiRouteKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

/** The route of a method and path template. */
export type ApiRouteOf<M extends ApiMethod, P extends string> = `${M} ${P}` extends ApiRouteKey
  ? ApiRoutes[`${M} ${P}`]
  : never;

export type ApiResponse<M extends ApiMethod, P extends string> = ApiRouteOf<M, P>['response'];
export type ApiBody<M extends ApiMethod, P extends string> = ApiRouteOf<M, P> extends { body: infer B } ? B : unknown;
export type ApiQuery<M extends ApiMethod, P extends string> = ApiRouteOf<M, P> extends { query: infer Q } ? Q : never;

/** A path template's parameters: '/a/:groupId/b/:id' → { groupId: string; id: string }. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;
