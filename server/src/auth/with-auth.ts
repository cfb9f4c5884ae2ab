import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { MenuEntry } from '../contract.ts';
import { user } from '../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { can } from './menu.ts';

/** The access token from `Authorization: Bearer …` or the spec's `access-token` header. */
export function accessTokenOf(header: (name: string) => string | undefined): string | undefined {
  const authorization = header('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || undefined;
  return header('access-token') || undefined;
}

/** Requires a valid access token and loads its user; every protected route sits behind it. */
export function withAuth(deps: Pick<AppDeps, 'db' | 'tokens'>, options: { queryToken?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // EventSource cannot send headers, so the progress stream takes the spec's `token` parameter.
    const token =
      accessTokenOf((name) => c.req.header(name)) ?? (options.queryToken ? c.req.query('token') : undefined);
    if (!token) throw new ApiError('UNAUTHORIZED');
    const claims = await deps.tokens.verifyAccess(token);
    const row = await deps.db.query.user.findFirst({
      where: eq(user.id, claims.sub),
      columns: { id: true, email: true, role: true, emailVerified: true, status: true },
    });
    if (!row) throw new ApiError('UNAUTHORIZED');
    // Checked on every request, not only at login: deactivation takes effect at once.
    if (row.status !== 'active') throw new ApiError('ACCOUNT_DEACTIVATED');
    if (!row.emailVerified) throw new ApiError('EMAIL_IS_NOT_VERIFIED');
    c.set('user', { id: row.id, email: row.email, role: row.role });
    await next();
  });
}

/** Server-side permission check from the role's menu list; the portal's guards are only convenience. */
export function withPermission(name: MenuEntry['name'], permission: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!can(c.get('user').role, name, permission)) throw new ApiError('FORBIDDEN');
    await next();
  });
}

/** Only for the given role (the admin area is SuperAdmin's). */
export function withRole(role: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user').role !== role) throw new ApiError('FORBIDDEN');
    await next();
  });
}
