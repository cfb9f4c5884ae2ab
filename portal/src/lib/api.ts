import type { RefreshResponse } from '@saldo/server/contract';
import * as storage from './auth-storage';

/** A failed call: HTTP status (0 when the network failed) plus the server's error code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TokenStore {
  getToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: RefreshResponse): void;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Injected so tests can drive the client; defaults to the global fetch, looked up per call. */
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Called once the session cannot be renewed (the refresh call itself was refused). */
  onSessionExpired?: () => void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** false for the auth endpoints: no Bearer header, and a 401 there means bad credentials, not an old token. */
  auth?: boolean;
  signal?: AbortSignal;
}

// Codes the server would have sent for these statuses, used when a proxy or crash returns no JSON body.
function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 0 || status === 502 || status === 503 || status === 504) return 'BAD_NETWORK';
  return 'INTERNAL_ERROR';
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const { tokens, baseUrl = '', onSessionExpired } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  // The refresh token rotates on every use, so two parallel refreshes would invalidate each other:
  // all 401s share this one promise.
  let refreshing: Promise<boolean> | null = null;

  async function runRefresh(): Promise<boolean> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) {
      onSessionExpired?.();
      return false;
    }
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}/api/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
    } catch {
      // A network blip is not a rejected session: keep the tokens so the next call can try again.
      return false;
    }
    const body = res.ok ? ((await readJson(res)) as Partial<RefreshResponse> | undefined) : undefined;
    if (!body?.jwtToken || !body.refreshToken) {
      onSessionExpired?.();
      return false;
    }
    tokens.setTokens({ jwtToken: body.jwtToken, refreshToken: body.refreshToken });
    return true;
  }

  /** Renews the access token; concurrent callers get the same in-flight attempt. */
  function refresh(): Promise<boolean> {
    if (!refreshing) {
      refreshing = runRefresh().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    // FormData (file uploads) sets its own multipart content type with the boundary.
    const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(`${baseUrl}${path}`, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers,
        body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'BAD_NETWORK', 'Bad Network');
    }
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const useAuth = opts.auth !== false;
    const sentToken = useAuth ? tokens.getToken() : null;
    let res = await send(path, opts, sentToken);

    if (res.status === 401 && useAuth && tokens.getRefreshToken()) {
      // If another request already renewed the token while this one was in flight, just retry.
      const current = tokens.getToken();
      const renewed = current !== null && current !== sentToken ? true : await refresh();
      if (renewed) res = await send(path, opts, tokens.getToken());
    }

    const body = await readJson(res);
    if (!res.ok) {
      const error = (body ?? {}) as { code?: unknown; message?: unknown };
      throw new ApiError(
        res.status,
        typeof error.code === 'string' ? error.code : fallbackCode(res.status),
        typeof error.message === 'string' ? error.message : res.statusText || `HTTP ${res.status}`,
      );
    }
    return body as T;
  }

  return {
    request,
    refresh,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PATCH', body: body ?? {} }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Sends the browser to the login page, remembering where the user was. */
export function redirectToLogin(): void {
  storage.clearAll();
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  window.location.assign(`/login?redirect=${encodeURIComponent(pathname + search)}`);
}

/** The portal's one client, bound to localStorage. */
export const api = createApiClient({
  tokens: storage,
  onSessionExpired: redirectToLogin,
});
