/**
 * The server's log: one pino logger every module imports (`log`), writing JSON lines in production
 * and readable text on a developer's terminal. Lines logged while a request or a job runs carry its
 * ids without anyone passing them along: the request's (or job's) fields live in an AsyncLocalStorage
 * that pino's `mixin` reads for each line. A request's user and board come from its Hono context at
 * the moment of the line, so a line logged after the access check names them.
 *
 * SALDO_LOG_LEVEL: fatal, error, warn, info (default), debug, trace, silent (silent under vitest).
 * SALDO_LOG_FORMAT: json | pretty (default: pretty when NODE_ENV is not production and stdout is a terminal).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppEnv } from '../http/env.ts';
import { runScoped, ScopeKey, scoped } from '../scope.ts';
import { metrics } from './metrics.ts';

/** What a line logged inside a request or a job says of it. */
interface LogScope {
  /** The request's id (X-Request-Id). */
  reqId?: string;
  /** The running job's id, and its kind (sync, backup, …). */
  jobId?: string;
  job?: string;
  /** The API account (source) a sync job reads. */
  sourceId?: string;
  /** The request's Hono context: its user and board as the access check set them. */
  c?: Context<AppEnv>;
}

const LOG_SCOPE = new ScopeKey<LogScope>('log');

/** The fields a line gets from its scope; only those known (pino leaves out undefined values). */
function scopeFields(): Record<string, string | undefined> {
  const s = scoped(LOG_SCOPE);
  if (!s) return {};
  const c = s.c;
  return {
    reqId: s.reqId,
    jobId: s.jobId,
    job: s.job,
    sourceId: s.sourceId,
    // c.get reads one entry (c.var would copy them all).
    userId: c?.get('user')?.id,
    boardId: c?.get('board')?.id ?? c?.get('share')?.boardId,
  };
}

/** Fields that hold a secret (or a body, which may), wherever they sit below one of HOLDERS. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'apiKey',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'query.token',
  'body',
];
const HOLDERS = ['', 'req.', 'res.', 'request.', 'response.', 'err.', 'error.', 'mail.'];

/**
 * Where secrets could sit in what is logged: headers, query strings, bodies; their values are
 * replaced. Nothing that carries one is logged on purpose (the access line names the route's
 * pattern, never the URL): these paths are for the day someone logs a request, a body or an error
 * that holds one. Every path is spelt out: a wildcard (`*.password`) made each line cost ten times
 * as much (pino's redaction then walks every object of the line).
 */
export const REDACTED_PATHS = [
  ...HOLDERS.flatMap((at) => SECRET_FIELDS.map((field) => `${at}${field}`)),
  'mail.html',
  'mail.text',
];

/** The parts of a request fit for a line: its headers, path and query as plain objects (redacted above). */
function requestSerializer(req: unknown): unknown {
  if (!(req instanceof Request)) return req;
  const url = new URL(req.url);
  return {
    method: req.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(req.headers),
  };
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export interface LogSettings {
  level: Level | 'silent';
  format: 'json' | 'pretty';
}

/** The settings from the environment (read once, when the server starts). */
export function logSettings(env: NodeJS.ProcessEnv = process.env, tty = Boolean(process.stdout.isTTY)): LogSettings {
  const asked = env.SALDO_LOG_LEVEL?.trim().toLowerCase();
  if (asked && !LEVELS.has(asked))
    throw new Error(`SALDO_LOG_LEVEL=${asked}: one of ${[...LEVELS].join(', ')} is meant`);
  const format = env.SALDO_LOG_FORMAT?.trim().toLowerCase();
  if (format && format !== 'json' && format !== 'pretty')
    throw new Error(`SALDO_LOG_FORMAT=${format}: json or pretty is meant`);
  return {
    // Tests stay quiet unless a test captures the log (logTo) or SALDO_LOG_LEVEL asks.
    level: (asked as LogSettings['level'] | undefined) ?? (env.VITEST ? 'silent' : 'info'),
    format: (format as LogSettings['format'] | undefined) ?? (env.NODE_ENV !== 'production' && tty ? 'pretty' : 'json'),
  };
}

/**
 * Where lines go: stdout (JSON as is, or made readable), unless logTo points it elsewhere. JSON lines
 * are written asynchronously: lines logged while a write is under way go out together in the next
 * one, where one write per line cost a busy server about a tenth of its request CPU (issue 28). pino
 * writes what is left when the process exits (its exit handler), so only a `kill -9` loses the last
 * lines.
 */
function stdout(format: LogSettings['format']): DestinationStream {
  if (format === 'pretty') return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return pino.destination({ dest: 1, sync: false });
}

const settings = logSettings();
const sink: { write(line: string): void } = { write: () => undefined };
let defaultOut = (line: string) => {
  // Made on the first line: a process that never logs opens no stream.
  const out = stdout(settings.format);
  defaultOut = (l) => out.write(l);
  defaultOut(line);
};
sink.write = (line) => defaultOut(line);

/** The server's logger: `log.info({ fields }, 'message')`, an error as `{ err }`. */
export const log: Logger = pino(
  {
    level: settings.level,
    // pino's own epoch milliseconds: an ISO string cost a fifth of an access line; pino-pretty shows it as a time.
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err, req: requestSerializer },
    mixin: scopeFields,
  },
  sink,
);

/**
 * Sends the lines to `out` at `level` until the returned function is called (tests capture the log
 * this way; a tool could log to a file).
 */
export function logTo(out: { write(line: string): void }, level: Level | 'silent' = 'trace'): () => void {
  const before = { write: sink.write, level: log.level };
  sink.write = (line) => out.write(line);
  log.level = level;
  return () => {
    sink.write = before.write;
    log.level = before.level;
  };
}

/** Runs `fn` with a job's ids on every line it logs (its awaits and callbacks too). */
export function withJobLog<T>(job: string, jobId: string, fn: () => T, sourceId?: string): T {
  return runScoped(LOG_SCOPE, { ...scoped(LOG_SCOPE), job, jobId, sourceId }, fn);
}

/** At most 128 of [A-Za-z0-9._-]: what a caller's X-Request-Id may be, else this server makes one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The route a request reached, as its declared pattern (never the URL, whose query or path may hold a secret). */
function routeOf(c: Context): string {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const routes = matchedRoutes(c);
  // The first route of the request's own method is its handler (middleware is registered for every
  // method), also when a middleware refused the request before it ran.
  for (const r of routes) if (r.method === method) return r.path;
  return routes[c.req.routeIndex]?.path ?? '';
}

/**
 * The request's id (the caller's X-Request-Id when fit, else a new UUID), on every line logged while
 * it runs and in its X-Request-Id response header; then the request is counted in the metrics
 * (ops/metrics.ts) and logged in one access line: method, route pattern, status, duration. The access
 * line is at info, cheap: one small object, no child logger.
 */
export const withRequestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  const asked = c.req.header('x-request-id');
  // A request the server makes to itself while answering one (an export reading its widgets) keeps
  // that one's id; one a job makes keeps the job's ids.
  const outer = scoped(LOG_SCOPE);
  const reqId = outer?.reqId ?? (asked !== undefined && REQUEST_ID.test(asked) ? asked : randomUUID());
  c.header('x-request-id', reqId);
  await runScoped(LOG_SCOPE, outer ? { ...outer, reqId, c } : { reqId, c }, next);
  // Set again on what the handler returned: a response it built itself has not got Hono's header.
  if (c.res.headers.get('x-request-id') !== reqId) {
    try {
      c.res.headers.set('x-request-id', reqId);
    } catch {
      // A fetched response's headers cannot change: a copy's can.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('x-request-id', reqId);
    }
  }
  const ms = performance.now() - started;
  metrics.request(c.req.method, c.req.routePath, c.res.status, ms / 1000);
  if (!log.isLevelEnabled('info')) return;
  // Outside the scope now: the line names the request itself.
  log.info(
    {
      reqId,
      userId: c.get('user')?.id,
      boardId: c.get('board')?.id,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      ms: Math.round(ms * 10) / 10,
    },
    'request',
  );
});
