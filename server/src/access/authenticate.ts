import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/client.ts';
import { changeCounterNow, keptWhileUnchanged } from '../db/data-cache.ts';
import { preparedOn } from '../db/prepared.ts';
import { session, user } from '../db/schema/index.ts';
import type { SessionUser } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';

/** The access token from `Authorization: Bearer …` or the spec's `access-token` header. */
export function accessTokenOf(header: (name: string) => string | undefined): string | undefined {
  const authorization = header('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || undefined;
  return header('access-token') || undefined;
}

const userWithSession = preparedOn((db) =>
  db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      status: user.status,
      sessionId: session.id,
    })
    .from(user)
    .leftJoin(session, and(eq(session.id, sql.placeholder('sessionId')), eq(session.userId, user.id)))
    .where(eq(user.id, sql.placeholder('userId')))
    .prepare(),
);

/** The user and the token's session as the database holds them now (kept only while it is unchanged). */
const sessionRow = keptWhileUnchanged((db: Db, userId: string, sessionId: string) =>
  userWithSession(db).get({ userId, sessionId }),
);

/**
 * The user behind an access token. The token's session must still exist: logout, a password reset or
 * change, and a stolen refresh token's reuse end sessions, and their access tokens stop at once rather
 * than when they expire. One query (user joined with the session) per request, or none while nothing
 * has been written to the database since the last one asked the same (`counter`: a look the caller
 * took at the database before, see data-cache.ts keptWhileUnchanged).
 */
export async function authenticate(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  token: string,
  counter = changeCounterNow(deps.db),
): Promise<SessionUser> {
  const claims = await deps.tokens.verifyAccess(token);
  return authenticateSession(deps, claims.sub, claims.sid ?? '', counter);
}

/**
 * The user of a session that must still exist, the user active and verified: what an access token
 * names, or a stream ticket (access/stream-ticket.ts).
 */
export async function authenticateSession(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  sessionId: string,
  counter = changeCounterNow(deps.db),
): Promise<SessionUser> {
  const row = await sessionRow.at(counter, deps.db, userId, sessionId);
  if (!row) throw new ApiError('UNAUTHORIZED');
  // Checked on every request, not only at login: deactivation takes effect at once.
  if (row.status !== 'active') throw new ApiError('ACCOUNT_DEACTIVATED');
  if (!row.emailVerified) throw new ApiError('EMAIL_IS_NOT_VERIFIED');
  if (!row.sessionId) throw new ApiError('SESSION_ENDED');
  return { id: row.id, email: row.email, role: row.role, sessionId: row.sessionId };
}
