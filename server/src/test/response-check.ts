import { type EventStream, isEventStream, NOT_JSON, type ResponseRule } from '@saldo/contract/api/index';
import { errors } from '@saldo/contract/errors/errors';
import { errorResponse } from '@saldo/contract/schemas/index';
import { Hono } from 'hono';
import { z } from 'zod';
import { routeKeyOfRoute } from '../access/route-access.ts';
import { routeResponses } from '../served.ts';

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
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  const ownBody = rule !== undefined && rule !== NOT_JSON && !isEventStream(rule) && rule.alsoAt?.includes(res.status);
  if (res.status >= 400 && !ownBody) return isJson ? errorProblem(key, res) : null;
  if (isEventStream(rule))
    return isJson ? `${key} answered JSON, but the route's declaration says it sends events` : null;
  if (res.status < 200 || (res.status > 299 && !ownBody)) return null;
  if (!isJson) return null;
  if (!key || !rule)
    return `${key ?? 'an unknown route'} answered JSON, but the route's declaration has no schema for it`;
  if (rule === NOT_JSON) return `${key} answered JSON, but the route's declaration says it answers no JSON`;
  if (res.status !== rule.status && !ownBody)
    return `${key} answered ${res.status}, but the route's declaration says ${rule.status}`;
  const parsed = rule.schema.safeParse(await res.clone().json());
  return parsed.success ? null : `${key} answered outside its schema:\n${z.prettifyError(parsed.error)}`;
}

/**
 * Why an error answer breaks the error contract: its body is `{ code, message, details? }` with a code
 * of the shared map, the code's English text, and the status the map gives the code.
 */
async function errorProblem(key: string | null, res: Response) {
  const where = key ?? 'an unknown route';
  const parsed = errorResponse.safeParse(await res.clone().json());
  if (!parsed.success)
    return `${where} answered ${res.status} outside the error schema:\n${z.prettifyError(parsed.error)}`;
  const { code, message } = parsed.data;
  if (message !== errors[code].en) return `${where} answered ${code} with the message "${message}", not its text`;
  if (res.status !== errors[code].status)
    return `${where} answered ${code} with ${res.status}, but the error map gives it ${errors[code].status}`;
  return null;
}

/**
 * A stream of events passed on as it comes, each event checked against its rule on the way: an
 * event the rule does not name, or data outside its schema, errors the stream (the test reading it fails).
 */
export function checkedEvents(key: string, rule: EventStream, res: Response): Response {
  if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) return res;
  const decoder = new TextDecoder();
  let buffer = '';
  const check = (block: string) => {
    const field = (name: string) =>
      block
        .split('\n')
        .filter((line) => line.startsWith(`${name}:`))
        .map((line) => line.slice(name.length + 1).replace(/^ /, ''))
        .join('\n');
    const event = field('event') || 'message';
    const schema = rule.events[event];
    if (!schema)
      throw new ResponseContractError(`${key} sent the event "${event}", which the route's declaration does not name`);
    let data: unknown;
    try {
      data = JSON.parse(field('data'));
    } catch {
      throw new ResponseContractError(`${key} sent "${event}" with data that is no JSON`);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new ResponseContractError(`${key} sent "${event}" outside its schema:\n${z.prettifyError(parsed.error)}`);
  };
  const events = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.trim() && !block.startsWith(':')) check(block);
      }
      controller.enqueue(chunk);
    },
    flush() {
      if (buffer.trim()) check(buffer);
    },
  });
  return new Response(res.body.pipeThrough(events), res);
}

/**
 * Makes every answer of `app` (app.request, app.fetch, and the app's calls to itself) checked
 * against its route's schema in the route's declaration, and every JSON error against the error schema: an answer that breaks them throws
 * ResponseContractError, so any HTTP test that meets it fails.
 */
export function checkResponses<A extends Pick<Hono, 'fetch' | 'routes'>>(app: A): A {
  const keyOf = routeKeys(app.routes);
  const fetch = app.fetch;
  app.fetch = async (request, env, ctx) => {
    const res = await fetch(request, env, ctx);
    if (request.method === 'HEAD') return res;
    const key = await keyOf(request);
    const rule = key ? routeResponses[key] : undefined;
    const problem = await contractProblem(key, rule, res);
    if (problem) throw new ResponseContractError(problem);
    return key && isEventStream(rule) && res.ok ? checkedEvents(key, rule, res) : res;
  };
  return app;
}
