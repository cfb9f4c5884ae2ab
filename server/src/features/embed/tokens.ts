import type { EmbedTokenClaims } from '@saldo/contract';
import { embedTokenClaims } from '@saldo/contract/schemas/index';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import type { AppDeps } from '../../app-deps.ts';
import { embedKey } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { refuseWhileOwnerDeactivated } from '../admin/deactivation.ts';

/** The longest an embed token may live: a leaked one is worth an hour at most. */
export const EMBED_TOKEN_MAX_SECONDS = 60 * 60;
/** How often a key's "last used" is written: the date is for people, not a write per request. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Each token header (its first segment) seen lately, and whether it names a key: every viewer call
 * asks, and the session's access tokens all share one header, so it is decoded once, not per call.
 */
const headerNamesKey = new Map<string, boolean>();
const MAX_KEPT_HEADERS = 200;

/** True for a token that names an embed key (`kid`); access tokens of a session never do. */
export function isEmbedToken(token: string): boolean {
  // As decodeProtectedHeader reads a token: a JWS (three parts) or JWE (five), by its first part.
  const parts = token.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false;
  const header = parts[0]!;
  const kept = headerNamesKey.get(header);
  if (kept !== undefined) return kept;
  let namesKey = false;
  try {
    namesKey = typeof decodeProtectedHeader(token).kid === 'string';
  } catch {
    // Not a JWS: no key named.
  }
  headerNamesKey.set(header, namesKey);
  if (headerNamesKey.size > MAX_KEPT_HEADERS) headerNamesKey.delete(headerNamesKey.keys().next().value as string);
  return namesKey;
}

export interface VerifiedEmbed {
  keyId: string;
  boardId: string;
  claims: EmbedTokenClaims;
}

const invalid = () => new ApiError('EMBED_TOKEN_INVALID');
const notAllowed = () => new ApiError('EMBED_NOT_ALLOWED');

/**
 * Checks an embed token against its key, failing closed: the key exists (not revoked), the HS256
 * signature is the key's, the token is unexpired and lived at most an hour, it names the key's board,
 * and the request comes from a page on one of the key's origins (browsers always send Origin on the
 * cross-origin requests an embed makes; a request without one is refused).
 */
export async function verifyEmbedToken(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'now'>,
  token: string,
  origin: string | undefined,
): Promise<VerifiedEmbed> {
  let keyId: string;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'HS256' || typeof header.kid !== 'string') throw invalid();
    keyId = header.kid;
  } catch {
    throw invalid();
  }
  const [key] = await deps.db.select().from(embedKey).where(eq(embedKey.id, keyId));
  if (!key) throw invalid();
  const now = deps.now?.() ?? Date.now();
  let claims: EmbedTokenClaims;
  try {
    const secret = new TextEncoder().encode(deps.secrets.open(key.secret));
    const verified = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      requiredClaims: ['iat', 'exp', 'board', 'elements'],
      currentDate: new Date(now),
    });
    // The claims' shapes too: a locked date that is no date, or elements that are no strings, is no token.
    const parsed = embedTokenClaims.safeParse(verified.payload);
    if (!parsed.success) throw invalid();
    claims = parsed.data;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw invalid();
    throw err;
  }
  if (claims.exp - claims.iat > EMBED_TOKEN_MAX_SECONDS || claims.iat * 1000 > now + 60_000) throw invalid();
  if (claims.board !== key.boardId) throw notAllowed();
  if (!origin || !key.origins.includes(origin)) throw notAllowed();
  await refuseWhileOwnerDeactivated(deps.db, key.boardId);
  await deps.db
    .update(embedKey)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(embedKey.id, key.id),
        or(isNull(embedKey.lastUsedAt), lt(embedKey.lastUsedAt, new Date(now - LAST_USED_EVERY_MS))),
      ),
    );
  return { keyId: key.id, boardId: key.boardId, claims };
}

/** The query parameters an embed token can lock. */
const LOCKABLE = ['startDate', 'endDate', 'lang', 'compare'] as const;

/**
 * Whether a data call keeps to the token's locked parameters. A locked parameter must be asked for
 * with exactly its value. A comparison reads another period, so it needs the token to lock `compare`
 * too when the period is locked.
 */
export function keepsToLockedParams(
  params: EmbedTokenClaims['params'],
  query: (name: string) => string | undefined,
): boolean {
  if (!params) return true;
  for (const name of LOCKABLE) {
    const locked = params[name];
    const asked = query(name);
    if (locked === undefined) continue;
    if (name === 'lang' ? asked !== undefined && asked !== locked : asked !== locked) return false;
  }
  const periodLocked = params.startDate !== undefined || params.endDate !== undefined;
  if (periodLocked && params.compare === undefined && query('compare') !== undefined) return false;
  return true;
}
