import { type ErrorBody, type ErrorCode, errors } from '@saldo/contract/errors/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { log } from '../ops/log.ts';

/** An error the API answers with its code from the shared map. */
export class ApiError extends Error {
  /** Seconds until a refused request may be tried again (a rate limit's Retry-After header). */
  retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(errors[code].en);
  }
  get status(): ContentfulStatusCode {
    return errors[this.code].status as ContentfulStatusCode;
  }
}

export function errorBody(code: ErrorCode): ErrorBody {
  return { code, message: errors[code].en };
}

/** Hono's onError: every failure leaves as `{ code, message }`, never a stack trace. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    const body = err.details === undefined ? errorBody(err.code) : { ...errorBody(err.code), details: err.details };
    if (err.retryAfterSeconds !== undefined) c.header('retry-after', String(err.retryAfterSeconds));
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    const code: ErrorCode =
      err.status === 401 ? 'UNAUTHORIZED' : err.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
    return c.json(errorBody(code), err.status === 401 || err.status === 404 ? err.status : 400);
  }
  // The request's id, user and board come with the line (ops/log.ts); the path is left out, it may hold a link's secret.
  log.error({ err, method: c.req.method }, 'Unhandled error');
  return c.json(errorBody('INTERNAL_ERROR'), 500);
}
