import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { MenuEntry } from '../contract.ts';
import { session, user } from '../db/schema/index.ts';
import type { AppDeps, AppEnv, SessionUser } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { can } from './menu.ts';

/** The access token from `Authorization: Bearer …` or the spec's `access-token` header. */
export function accessTokenOf(header: (name: string) => string | undefined): string | undefined {
  const authorization = header('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || undefined;
  return header('access-token') || undefined;
}

/**
 * The user behind an access token. The token's session must still exist: logout, a password reset or
 * change, and a stolen refresh token's reuse end sessions, and their access tokens stop at once rather
 * than when they expire. One query (user joined with the session) per request.
 */
export async function authenticate(deps: Pick<AppDeps, 'db' | 'tokens'>, token: string): Promise<SessionUser> {
  const claims = await deps.tokens.verifyAccess(token);
  const [row] = await deps.db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      status: user.status,
      sessionId: session.id,
    })
    .from(user)
    .leftJoin(session, and(eq(session.id, claims.sid ?? ''), eq(session.userId, user.id)))
    .where(eq(user.id, claims.sub));
  if (!row) throw new ApiError('UNAUTHORIZED');
  // Checked on every request, not only at login: deactivation takes effect at once.
  if (row.status !== 'active') throw new ApiError('ACCOUNT_DEACTIVATED');
  if (!row.emailVerified) throw new ApiError('EMAIL_IS_NOT_VERIFIED');
  if (!row.sessionId) throw new ApiError('SESSION_ENDED');
  return { id: row.id, email: row.email, role: row.role };
}

/** Requires a valid access token of a live session and loads its user; every protected route sits behind it. */
export function withAuth(deps: Pick<AppDeps, 'db' | 'tokens'>, options: { queryToken?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // EventSource cannot send headers, so the progress stream takes the spec's `token` parameter.
    const token =
      accessTokenOf((name) => c.req.header(name)) ?? (options.queryToken ? c.req.query('token') : undefined);
    if (!token) throw new ApiError('UNAUTHORIZED');
    c.set('user', await authenticate(deps, token));
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
