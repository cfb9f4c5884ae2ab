import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import { sql } from 'drizzle-orm';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../../db/client.ts';
import { embedKey } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';

/** True when some embed key lists `origin`. */
async function isKeyOrigin(db: Db, origin: string): Promise<boolean> {
  const rows = await db.all<{ n: number }>(
    sql`select 1 as n from ${embedKey}, json_each(${embedKey.origins}) where json_each.value = ${origin} limit 1`,
  );
  return rows.length > 0;
}

/**
 * CORS for the read-only data calls an embedded element makes (`isEmbeddable`), and only for origins
 * some embed key lists: Hono's cors middleware, kept off everything else. Which key and board a call
 * may read is decided later, per request, by its token (access/route-access.ts); this only lets the
 * browser ask. A preflight from any other origin gets no CORS headers at all, and the portal's own
 * calls stay same-origin.
 */
export function withEmbedCors(db: Db, isEmbeddable: (method: string, path: string) => boolean) {
  const allow = cors({
    origin: (origin) => origin,
    allowMethods: ['GET'],
    allowHeaders: ['authorization', 'x-board-id', 'x-public-board-id'],
    // The element reads its data notice from its data answer.
    exposeHeaders: [DATA_NOTICE_HEADER],
    maxAge: 600,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    const method = c.req.method === 'OPTIONS' ? (c.req.header('access-control-request-method') ?? '') : c.req.method;
    if (!origin || !isEmbeddable(method, c.req.path) || !(await isKeyOrigin(db, origin))) {
      if (c.req.method === 'OPTIONS' && origin) return c.body(null, 204);
      return next();
    }
    return allow(c, next);
  });
}
