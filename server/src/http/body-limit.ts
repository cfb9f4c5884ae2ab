import type { ErrorCode } from '@saldo/contract/errors/errors';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

/** The largest JSON body any API call needs (a board of 100 widgets with notes is about 120 KB). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/**
 * Refuses a request body over `maxBytes` with 413 PAYLOAD_TOO_LARGE. A declared Content-Length over
 * the limit is refused before a byte is read; a body without one is counted as it streams and cut
 * off at the limit, so an oversized body never sits in memory. Uploads that stream to disk with
 * their own limits (`except`) are left to them.
 */
export function withBodyLimit(maxBytes: number, except: readonly (string | RegExp)[]) {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE');
    },
  });
  // A GET or HEAD carries no body a handler could read (a fetch Request of either has none). Hono's
  // limit would still ask for it, and the Node server then builds a whole Request (its headers, an
  // AbortController) for nothing: 7% of the server's CPU under the dashboard's calls.
  const excepted = (path: string) => except.some((e) => (typeof e === 'string' ? e === path : e.test(path)));
  return createMiddleware<AppEnv>(async (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || excepted(c.req.path) ? next() : limit(c, next),
  );
}

/**
 * A multipart upload's own limit, as serve()'s options: the API's JSON limit leaves the route alone,
 * and a body a little over the file's limit (room for the multipart envelope) is refused with `code`
 * without being read further. The avatar's and the firm logo's.
 */
export function uploadLimit(maxFileBytes: number, code: ErrorCode): { ownBodyLimit: true; use: MiddlewareHandler[] } {
  const limit = bodyLimit({
    maxSize: maxFileBytes + 64 * 1024,
    onError: () => {
      throw new ApiError(code);
    },
  });
  return { ownBodyLimit: true, use: [limit] };
}
