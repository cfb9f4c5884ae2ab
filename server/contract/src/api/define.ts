/**
 * One declaration per route: its method and path, its place in the API reference, the request it
 * takes and the answer it gives. The server serves each one with its access rule and handler beside
 * it (server/src/http/serve.ts); the route map the portal and the SDK are typed from (ApiRoutes) is
 * derived from the same declarations (api/index.ts), so a route is named once.
 */
import { z } from 'zod';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON answer: its success status and the schema its body keeps to. */
export interface JsonResponse<S extends z.ZodType = z.ZodType> {
  status: 200 | 201 | 202;
  schema: S;
  /** Error statuses at which the route still answers this schema rather than an error body (the health check's 503). */
  alsoAt?: readonly number[];
}

/** A route whose success is no JSON body: a file, a page. */
export const NOT_JSON = 'not JSON';

/** Server-Sent Events: each event's name, and the schema of its data (JSON). */
export interface EventStream {
  events: Readonly<Record<string, z.ZodType>>;
}

export type ResponseRule = JsonResponse | EventStream | typeof NOT_JSON;

export const isEventStream = (rule: ResponseRule | undefined): rule is EventStream =>
  typeof rule === 'object' && 'events' in rule;

/** A JSON answer of this schema, 200 unless said. */
export const json = <S extends z.ZodType, const Status extends JsonResponse['status'] = 200>(
  schema: S,
  status?: Status,
): JsonResponse<S> & { status: Status } => ({ status: (status ?? 200) as Status, schema });

/** A JSON list of this schema. */
export const list = <S extends z.ZodType>(schema: S) => json(z.array(schema));

/** A JSON answer that is also given at these error statuses (the health check's 503). */
export const alsoAt = <R extends JsonResponse>(rule: R, statuses: readonly number[]): R => ({
  ...rule,
  alsoAt: statuses,
});

/** A file or a page. */
export const notJson = NOT_JSON;

/** Server-Sent Events by name. */
export const events = <E extends Readonly<Record<string, z.ZodType>>>(named: E): EventStream & { events: E } => ({
  events: named,
});

/** A route as declared: what the server serves, the reference documents and the clients are typed from. */
export interface RouteDeclaration {
  method: ApiMethod;
  /** Hono's syntax (a parameter as `:name`), without the /api prefix. */
  path: string;
  /** The reference's group. */
  tag: string;
  summary: string;
  description?: string;
  /** The query string, as the server validates it (its output is what the handler reads). */
  query?: z.ZodType;
  /** The JSON body, as the server validates it (its input is what a client sends). */
  body?: z.ZodType;
  response: ResponseRule;
  /**
   * The request as clients are typed to send it, where that is not what the server's schemas accept
   * (type only, from `asSent`): it replaces the body and query types derived from them.
   */
  sent?: { query?: object; body?: unknown };
  /** Left out of the reference (the reference's own files). */
  hidden?: true;
  /** How the reference describes the success answer (default 'Success'). */
  answers?: string;
  /** The error answers the reference lists beside every route's default: each status and the codes it carries. */
  errors?: Readonly<Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, string>>>;
}

/** A request's client-side type (RouteDeclaration `sent`): a type, no value. */
export const asSent = <T extends { query?: object; body?: unknown }>() => ({}) as T;

/** Declares a route; `const`, so its method and path stay literal types that name it in ApiRoutes. */
export const route = <const D extends RouteDeclaration>(declaration: D): D => declaration;

/** A route's key, as the route table and ApiRoutes name it: `METHOD /path`. */
export const routeKey = (r: Pick<RouteDeclaration, 'method' | 'path'>) => `${r.method} ${r.path}` as const;

/**
 * A declared route's entry in ApiRoutes: its JSON answer, its body as a client sends it and its
 * query as the server reads it (never for a route that answers no JSON: a file, a page, a stream).
 */
export type RouteTypes<D extends RouteDeclaration> =
  D['response'] extends JsonResponse<infer S>
    ? { response: z.output<S> } & (D extends { sent: infer T } ? T : Derived<D>)
    : never;

/** The body and query a client sends, from the schemas the server checks them with. */
type Derived<D extends RouteDeclaration> = (D extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : unknown) &
  (D extends { query: infer Q extends z.ZodType } ? { query: z.output<Q> } : unknown);

/** The ApiRoutes entries of declarations (a union), keyed `METHOD /path`; routes that answer no JSON are left out. */
export type RoutesOf<U extends RouteDeclaration> = {
  [D in U as D['response'] extends JsonResponse ? `${D['method']} ${D['path']}` : never]: RouteTypes<D>;
};
