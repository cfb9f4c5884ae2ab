import { Hono } from 'hono';
import { z } from 'zod';
import { routeKeyOfRoute } from '../access/route-access.ts';
import { NOT_JSON, type ResponseRule, routeResponses } from '../http/responses.ts';

/** An answer that breaks the contract: the test that caused it fails with this, naming the route. */
export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

/**
 * The route a request reaches, as the route table names it: a router holding the app's own routes
 * in the app's order, so the same route wins as in the app.
 */
function routeKeys(routes: Hono['routes']): (request: Request) => Promise<string | null> {
  const router = new Hono();
  for (const route of routes) {
    const key = routeKeyOfRoute(route);
    if (key) router.on(route.method, route.path, (c) => c.text(key));
  }
  router.notFound((c) => c.text('', 404));
  return async (request) => {
    const res = await router.request(new URL(request.url).pathname, { method: request.method });
    return res.status === 200 ? res.text() : null;
  };
}

/** Why an answer breaks its route's rule, or null when it keeps it. */
export async function contractProblem(key: string | null, rule: ResponseRule | undefined, res: Response) {
  if (res.status < 200 || res.status > 299) return null;
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  if (!isJson) return null;
  if (!key || !rule) return `${key ?? 'an unknown route'} answered JSON, but http/responses.ts has no schema for it`;
  if (rule === NOT_JSON) return `${key} answered JSON, but http/responses.ts says it answers no JSON`;
  if (res.status !== rule.status) return `${key} answered ${res.status}, but http/responses.ts says ${rule.status}`;
  const parsed = rule.schema.safeParse(await res.clone().json());
  return parsed.success ? null : `${key} answered outside its schema:\n${z.prettifyError(parsed.error)}`;
}

/**
 * Makes every answer of `app` (app.request, app.fetch, and the app's calls to itself) checked
 * against its route's schema in http/responses.ts: a JSON success that breaks it throws
 * ResponseContractError, so any HTTP test that meets it fails.
 */
export function checkResponses<A extends Pick<Hono, 'fetch' | 'routes'>>(app: A): A {
  const keyOf = routeKeys(app.routes);
  const fetch = app.fetch;
  app.fetch = async (request, env, ctx) => {
    const res = await fetch(request, env, ctx);
    if (request.method === 'HEAD') return res;
    const key = await keyOf(request);
    const problem = await contractProblem(key, key ? routeResponses[key] : undefined, res);
    if (problem) throw new ResponseContractError(problem);
    return res;
  };
  return app;
}
