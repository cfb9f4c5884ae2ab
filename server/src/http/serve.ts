import type { ResponseRule, RouteDeclaration } from '@saldo/contract/api/index';
import { routeKey } from '@saldo/contract/api/index';
import { errorResponse } from '@saldo/contract/schemas/index';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { type DescribeRouteOptions, describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import type { Access } from '../access/rules.ts';
import type { AppDeps } from '../app-deps.ts';
import type { BoardReads } from './board-range.ts';
import type { AppEnv } from './env.ts';
import { validate } from './validate.ts';

/**
 * What a handler is given beside its request: the app's services, the API itself (exports read
 * widgets through it), the board reads of a report's range (http/board-range.ts) and its reference.
 */
export type RouteDeps = AppDeps & {
  fetchApi: (request: Request) => Promise<Response>;
  boards: BoardReads;
  /** The API's OpenAPI document (http/openapi.ts), written once from the mounted routes. */
  openApi: (c: Context) => Promise<unknown>;
};

/** What the declaration's validators hand the handler: its query and its JSON body, parsed. */
type Validated<D extends RouteDeclaration> = (D extends { query: infer Q extends z.ZodType }
  ? { query: z.output<Q> }
  : Record<never, never>) &
  (D extends { body: infer B extends z.ZodType } ? { json: z.output<B> } : Record<never, never>);

/** A handler's context: its path's parameters and its validated query and body typed from the declaration. */
export type RouteContext<D extends RouteDeclaration> = Context<AppEnv, D['path'], { out: Validated<D> }>;

export type RouteHandler<D extends RouteDeclaration> = (
  c: RouteContext<D>,
  deps: RouteDeps,
) => Response | Promise<Response>;

/** A route as the server serves it: its declaration (contract), who may call it, and its handler. */
export interface Served {
  route: RouteDeclaration;
  access: Access;
  handler: (c: Context<AppEnv>, deps: RouteDeps) => Response | Promise<Response>;
  /** Whether this install serves the route at all (the development outbox). */
  when?: (deps: AppDeps) => boolean;
  /** Middleware of its own before the validators and the handler (an upload's body limit). */
  use?: readonly MiddlewareHandler[];
  /** A public page on another origin may call it (CORS for an embed key's origins), as it may a viewer route. */
  crossOrigin?: true;
  /** An upload that streams to disk and bounds its own size: the API's JSON body limit leaves it alone. */
  ownBodyLimit?: true;
}

/** Serves a declared route: `access` is who may call it (access/rules.ts), checked before the handler runs. */
export function serve<const D extends RouteDeclaration>(
  route: D,
  access: Access,
  handler: RouteHandler<D>,
  options: Pick<Served, 'when' | 'use' | 'ownBodyLimit' | 'crossOrigin'> = {},
): Served {
  return { route, access, handler: handler as unknown as Served['handler'], ...options };
}

/**
 * What a feature builds once per app from its deps (caches sized by them, clients of services), for
 * its handlers to share: `perApp(build)(deps)` builds on first use and keeps it with the deps.
 */
export function perApp<T>(build: (deps: RouteDeps) => T): (deps: RouteDeps) => T {
  const built = new WeakMap<RouteDeps, T>();
  return (deps) => {
    if (!built.has(deps)) built.set(deps, build(deps));
    return built.get(deps)!;
  };
}

/** The answers a declaration describes for the reference: its success's description and its error codes by status. */
function documented(route: RouteDeclaration) {
  const responses: NonNullable<DescribeRouteOptions['responses']> = {};
  if (route.answers && typeof route.response === 'object' && 'status' in route.response)
    responses[route.response.status] = { description: route.answers };
  for (const [status, codes] of Object.entries(route.errors ?? {}))
    responses[status] = { description: codes, content: { 'application/json': { schema: resolver(errorResponse) } } };
  return responses;
}

/** Mounts the served routes on the API, each with its reference entry and its validators before its handler. */
export function mountServed(api: Hono<AppEnv>, served: readonly Served[], deps: RouteDeps) {
  for (const s of served) {
    if (s.when && !s.when(deps)) continue;
    const { route } = s;
    const open = s.access.kind === 'public' || s.access.kind === 'loopback';
    const handlers: MiddlewareHandler[] = [
      describeRoute(
        route.hidden
          ? { hide: true }
          : {
              tags: [route.tag],
              summary: route.summary,
              ...(route.description ? { description: route.description } : {}),
              ...(open ? {} : { security: [{ bearer: [] }] }),
              ...(route.answers || route.errors ? { responses: documented(route) } : {}),
            },
      ),
      ...(s.use ?? []),
      ...(route.query ? [validate('query', route.query)] : []),
      ...(route.body ? [validate('json', route.body)] : []),
      async (c) => s.handler(c, deps),
    ];
    api.on(route.method, route.path, ...(handlers as [MiddlewareHandler]));
  }
}

/** The paths (under /api) of the uploads that bound their own body (http/body-limit.ts leaves them alone). */
export function ownBodyLimitsOf(served: readonly Served[]): RegExp[] {
  return served.filter((s) => s.ownBodyLimit).map((s) => new RegExp(`^/api${s.route.path.replace(/:\w+/g, '[^/]+')}$`));
}

/** The route table: each served route's access rule by `METHOD /path` (access/route-access.ts enforces it). */
export function routeTableOf(served: readonly Served[]): Record<string, Access> {
  return Object.fromEntries(served.map((s) => [routeKey(s.route), s.access]));
}

/** What each served route answers on success, by `METHOD /path` (the OpenAPI document and the tests read it). */
export function responsesOf(served: readonly Served[]): Record<string, ResponseRule> {
  return Object.fromEntries(served.map((s) => [routeKey(s.route), s.route.response]));
}
