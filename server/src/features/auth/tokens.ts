import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import type { Db } from '../../db/client.ts';
import { refreshToken, session } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a just-used refresh token may be presented again. A reload or a closed tab can cut a
 * refresh off after the server rotated the token but before the browser stored the new pair; the
 * browser then still holds the old token. Within this window that is the user, not a thief: the
 * lost successor is withdrawn and a new pair issued. Later, a reused token ends the whole session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface AccessClaims {
  sub: string;
  sid: string | null;
  role: string;
}

export interface TokenService {
  /**
   * A token pair for a session. Every access token names its session, and the session must still
   * exist for the token to be accepted (access/route-access.ts), so ending a session stops its tokens at once.
   */
  issue(userId: string, role: string, sessionId: string): Promise<{ jwtToken: string; refreshToken: string }>;
  /** Opens a session of our own (signup, password change) and issues its first token pair. */
  issueNewSession(userId: string, role: string): Promise<{ jwtToken: string; refreshToken: string }>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /** Swaps a refresh token for a new pair; a token works once (see REFRESH_REUSE_GRACE_MS). */
  rotate(
    token: string,
    roleOf: (userId: string) => Promise<string | null>,
  ): Promise<{ jwtToken: string; refreshToken: string }>;
  revoke(token: string): Promise<{ userId: string; sessionId: string | null } | null>;
  /** Ends every session of a user, with their refresh and access tokens, e.g. after a password change or reset. */
  revokeAll(userId: string): Promise<void>;
}

export interface TokenOptions {
  now?: () => number;
  accessTtlSeconds?: number;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The claims of an HS256 JWT whose signature `key` made, or null. Every API request checks one, so
 * it is a synchronous HMAC: WebCrypto's verify (hono/jwt) queues a job per call and cost a dashboard
 * of 20 widgets about 100 ms of CPU.
 */
export function verifyHs256(token: string, key: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  let alg: unknown;
  try {
    alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
  } catch {
    return null;
  }
  if (alg !== 'HS256') return null;
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** How many verified access tokens a process keeps (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 5000;

export function createTokenService(db: Db, secret: string, options: TokenOptions = {}): TokenService {
  const now = options.now ?? Date.now;
  const accessTtl = options.accessTtlSeconds ?? 15 * 60;
  // A key of its own, so an access token can never be mistaken for a better-auth cookie signature.
  const accessKey = createHmac('sha256', secret).update('saldo-access-token').digest('base64url');

  // A client sends the same access token with each of its calls: its signature is checked once, not
  // per call (the HMAC was a twentieth of a request's CPU). Only the exact token that verified is
  // kept, so nothing here trusts a token that did not; expiry and the session are checked every time.
  const verified = new Map<string, Record<string, unknown>>();
  const verifiedClaims = (token: string) => {
    const kept = verified.get(token);
    if (kept) return kept;
    const claims = verifyHs256(token, accessKey);
    if (!claims) return null;
    verified.set(token, claims);
    // Oldest first: a token lives 15 minutes, so this holds the tokens of the clients active now.
    if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    return claims;
  };

  async function issue(userId: string, role: string, sessionId: string) {
    const issuedAt = Math.floor(now() / 1000);
    const jwtToken = await sign(
      { sub: userId, sid: sessionId, role, iat: issuedAt, exp: issuedAt + accessTtl },
      accessKey,
      'HS256',
    );
    const token = randomBytes(32).toString('base64url');
    await db.insert(refreshToken).values({
      id: randomUUID(),
      tokenHash: hash(token),
      userId,
      sessionId,
      expiresAt: new Date(now() + REFRESH_TOKEN_TTL_MS),
      createdAt: new Date(now()),
    });
    return { jwtToken, refreshToken: token };
  }

  return {
    issue,
    async issueNewSession(userId, role) {
      const id = randomUUID();
      const at = new Date(now());
      await db.insert(session).values({
        id,
        token: randomBytes(32).toString('base64url'),
        userId,
        expiresAt: new Date(now() + REFRESH_TOKEN_TTL_MS),
        createdAt: at,
        updatedAt: at,
      });
      return issue(userId, role, id);
    },
    async verifyAccess(token) {
      const payload = verifiedClaims(token);
      if (!payload || typeof payload.sub !== 'string' || typeof payload.role !== 'string')
        throw new ApiError('UNAUTHORIZED');
      if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now()) throw new ApiError('TOKEN_EXPIRED');
      return { sub: payload.sub, sid: typeof payload.sid === 'string' ? payload.sid : null, role: payload.role };
    },
    async rotate(token, roleOf) {
      const [row] = await db
        .update(refreshToken)
        .set({ usedAt: new Date(now()) })
        .where(and(eq(refreshToken.tokenHash, hash(token)), isNull(refreshToken.usedAt)))
        .returning();
      if (!row) {
        // A refresh token presented twice may have been stolen: end its whole session, so neither
        // the thief nor the user keeps a working token, and the user signs in again.
        const [reused] = await db
          .select()
          .from(refreshToken)
          .where(eq(refreshToken.tokenHash, hash(token)));
        const usedAt = reused?.usedAt?.getTime();
        if (reused?.sessionId && usedAt !== undefined && now() - usedAt <= REFRESH_REUSE_GRACE_MS) {
          const role = await roleOf(reused.userId);
          if (!role || reused.expiresAt.getTime() <= now()) throw new ApiError('INVALID_REFRESH_TOKEN');
          // The successor issued at that rotation never arrived; it is withdrawn, not left to linger.
          await db
            .delete(refreshToken)
            .where(
              and(
                eq(refreshToken.sessionId, reused.sessionId),
                isNull(refreshToken.usedAt),
                gte(refreshToken.createdAt, new Date(usedAt)),
              ),
            );
          return issue(reused.userId, role, reused.sessionId);
        }
        if (reused?.sessionId) {
          // The session goes too, so its access tokens stop now, not when they expire.
          await db.delete(refreshToken).where(eq(refreshToken.sessionId, reused.sessionId));
          await db.delete(session).where(eq(session.id, reused.sessionId));
        } else if (reused) await db.delete(refreshToken).where(eq(refreshToken.id, reused.id));
        throw new ApiError('INVALID_REFRESH_TOKEN');
      }
      // A token of a session that has ended (or of none, from before sessions were required) is void.
      if (row.expiresAt.getTime() <= now() || !row.sessionId) throw new ApiError('INVALID_REFRESH_TOKEN');
      const role = await roleOf(row.userId);
      if (!role) throw new ApiError('INVALID_REFRESH_TOKEN');
      return issue(row.userId, role, row.sessionId);
    },
    async revokeAll(userId) {
      await db.delete(refreshToken).where(eq(refreshToken.userId, userId));
      await db.delete(session).where(eq(session.userId, userId));
    },
    async revoke(token) {
      const [row] = await db
        .delete(refreshToken)
        .where(eq(refreshToken.tokenHash, hash(token)))
        .returning();
      return row ? { userId: row.userId, sessionId: row.sessionId } : null;
    },
  };
}
