import { type ElementErrorCode, elementErrors, isElementErrorCode } from '@saldo/contract/errors/element-errors';

export interface SaldoConfig {
  /** Prefix for every request path; '' (the default) means the page's own origin. */
  baseUrl?: string;
  /**
   * The bearer token to send. A session token (the portal's) is asked for before every request, so a
   * rotated one is picked up. An embed token (a JWT whose header names its key, `kid`; docs/embedding.md)
   * is asked for once for every element on the page, and again a minute before it expires or after a 401.
   */
  getToken?: () => string | null | Promise<string | null>;
  /** Renews the token after a 401; resolve true when a retry is worth trying. */
  refresh?: () => Promise<boolean>;
  /** Replaces the global fetch (tests, stories, partner proxies). */
  fetch?: typeof fetch;
  /**
   * A public link's id (the spec's public board id): read-only access, without a login, to the
   * widgets and pages that were shared. Used when there is no token.
   */
  shareId?: string;
}

export type QueryValue = string | number | undefined | null;

/** A failed API call. `code` is a key of the shared error map, so callers can translate it. */
export class SaldoApiError extends Error {
  override name = 'SaldoApiError';
  readonly code: ElementErrorCode;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;

  constructor(code: ElementErrorCode, status: number, message?: string) {
    super(message || elementErrors[code].en);
    this.code = code;
    this.status = status;
  }
}

// One configuration for the whole page: every element on it shares the same session, and a
// partner page configures it once before or after the elements are defined.
let config: SaldoConfig = {};
let refreshing: Promise<boolean> | null = null;

// The page's embed token while it is fresh, and the one request for a new one that every element waits on.
let embedToken: { token: string; renewAt: number } | null = null;
let tokenRequest: Promise<string | null> | null = null;

/** Sets options for every element on the page. Options not given keep their current value. */
export function configure(options: SaldoConfig): void {
  config = { ...config, ...options };
  if ('getToken' in options) embedToken = null;
}

/** Back to defaults; for tests and stories that swap fetch implementations. */
export function resetConfig(): void {
  config = {};
  refreshing = null;
  embedToken = null;
  tokenRequest = null;
}

const decodePart = (part: string | undefined): Record<string, unknown> | null => {
  try {
    return JSON.parse(atob((part ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** When an embed token is due for renewal (ms): a minute before its `exp`; null for any other token. */
export function embedRenewal(token: string): number | null {
  const [header, payload] = token.split('.');
  if (typeof decodePart(header)?.kid !== 'string') return null;
  const exp = decodePart(payload)?.exp;
  return typeof exp === 'number' ? exp * 1000 - 60_000 : null;
}

/** The token to send now: a fresh embed token from the cache, or getToken's answer (one call for all). */
function currentToken(): Promise<string | null> {
  const { getToken } = config;
  if (!getToken) return Promise.resolve(null);
  if (embedToken && Date.now() < embedToken.renewAt) return Promise.resolve(embedToken.token);
  tokenRequest ??= Promise.resolve(getToken())
    .then((token) => {
      const renewAt = token ? embedRenewal(token) : null;
      embedToken = token && renewAt !== null ? { token, renewAt } : null;
      return token;
    })
    .finally(() => {
      tokenRequest = null;
    });
  return tokenRequest;
}

// Concurrent 401s (several widgets on one dashboard) must not each rotate the refresh token:
// the first caller starts the refresh and the others wait on the same promise.
function refreshOnce(refresh: () => Promise<boolean>): Promise<boolean> {
  if (!refreshing) {
    refreshing = refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

function buildUrl(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const base = (config.baseUrl ?? '').replace(/\/+$/, '');
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function send(url: string, board: string, signal: AbortSignal | undefined): Promise<Response> {
  // Read at call time (not at import) so a fetch swapped in later is used, and call it
  // detached: window.fetch throws "Illegal invocation" when called as a method of another object.
  const doFetch = config.fetch ?? globalThis.fetch;
  const token = await currentToken();
  const headers: Record<string, string> = { accept: 'application/json', 'x-board-id': board };
  if (token) headers.authorization = `Bearer ${token}`;
  else if (config.shareId) headers['x-public-board-id'] = config.shareId;
  try {
    return await doFetch(url, { headers, signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SaldoApiError('BAD_NETWORK', 0);
  }
}

// Error bodies should be `{ code, message }`, but a proxy or a crashed server can answer
// with HTML; then the status is the best guess at what went wrong.
async function toError(res: Response): Promise<SaldoApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall through to the status-based code
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (isElementErrorCode(code))
    return new SaldoApiError(code, res.status, typeof message === 'string' ? message : undefined);
  const byStatus: Partial<Record<number, ElementErrorCode>> = {
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
  };
  return new SaldoApiError(byStatus[res.status] ?? 'INTERNAL_ERROR', res.status);
}

/**
 * GETs JSON from the API for one board. Retries once after a successful token refresh;
 * any other failure throws a SaldoApiError. `onAnswer` sees the successful response's headers.
 */
export async function getJson<T>(
  path: string,
  query: Record<string, QueryValue>,
  board: string,
  signal?: AbortSignal,
  onAnswer?: (headers: Headers) => void,
): Promise<T> {
  const url = buildUrl(path, query);
  let res = await send(url, board, signal);
  const { refresh } = config;
  if (res.status === 401 && embedToken !== null) {
    // The partner's backend may have rotated the key, or the clock drifted: one new token, one retry.
    embedToken = null;
    res = await send(url, board, signal);
  } else if (res.status === 401 && refresh && (await refreshOnce(refresh))) {
    res = await send(url, board, signal);
  }
  if (!res.ok) throw await toError(res);
  onAnswer?.(res.headers);
  try {
    return (await res.json()) as T;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SaldoApiError('INTERNAL_ERROR', res.status, 'Invalid JSON in response');
  }
}
