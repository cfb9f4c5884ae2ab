import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../app-deps.ts';
import { embedKey, publicShare } from '../../db/schema/index.ts';
import { linkHash } from '../sharing/links.ts';

/**
 * A public page (/public/{view}/{secret}) may be framed by the origins of its board's embed keys, and
 * by nobody else: its CSP's frame-ancestors lists them (and X-Frame-Options, which cannot name
 * origins, is dropped). An unknown or revoked link keeps the portal's 'none'.
 */
export function withPublicFraming(deps: Pick<AppDeps, 'db'>) {
  return createMiddleware(async (c, next) => {
    await next();
    const csp = c.res.headers.get('content-security-policy');
    if (!csp || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
    const rows = await deps.db
      .select({ origins: embedKey.origins })
      .from(publicShare)
      .innerJoin(embedKey, eq(embedKey.boardId, publicShare.boardId))
      .where(eq(publicShare.id, linkHash(decodeURIComponent(c.req.path.split('/')[3] ?? ''))));
    const origins = [...new Set(rows.flatMap((r) => r.origins))];
    if (origins.length === 0) return;
    c.res.headers.set(
      'content-security-policy',
      csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origins.join(' ')}`),
    );
    c.res.headers.delete('x-frame-options');
  });
}
