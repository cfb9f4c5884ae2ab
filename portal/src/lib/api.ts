import type { RefreshResponse } from '@saldo/contract';
import type { ApiMethod, ApiPath, ApiQuery, ApiResponse, ApiRouteOf, PathParams } from '@saldo/contract/api/routes';
import { isSourceError, type SourceError, sourceError } from '@saldo/contract/sources/source-errors';
import * as storage from './auth-storage';

/** A failed call: HTTP status (0 when the network failed) plus the server's error code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra facts some errors carry, e.g. INVALID_SAFT_FILE's `{ reason, error }`. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * Why a call failed, when the server named it (e.g. why a SAF-T file was refused): its coded
 * `details.error`, else (a server before the codes) its `details.reason` text, shown as it is.
 */
export function errorReasonOf(error: unknown): SourceError | null {
  if (!(error instanceof ApiError)) return null;
  const details = error.details as { reason?: unknown; error?: unknown } | undefined;
  if (isSourceError(details?.error)) return details.error;
  return typeof details?.reason === 'string' && details.reason
    ? sourceError('SOURCE_MESSAGE', { text: details.reason })
    : null;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Sends a form with XMLHttpRequest, which (unlike fetch) reports upload progress. */
export type UploadTransport = (
  url: string,
  form: FormData,
  token: string | null,
  options: UploadOptions,
) => Promise<{ status: number; statusText: string; text: string }>;

export const xhrUpload: UploadTransport = (url, form, token, { onProgress, signal }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'BAD_NETWORK', 'Bad Network'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });

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
  /** How `upload` sends files; injected by tests. */
  uploadTransport?: UploadTransport;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** false for the auth endpoints: no Bearer header, and a 401 there means bad credentials, not an old token. */
  auth?: boolean;
  signal?: AbortSignal;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

type ParamsPart<P extends string> = keyof PathParams<P> extends never
  ? { params?: undefined }
  : { params: PathParams<P> };
type QueryPart<M extends ApiMethod, P extends string> = [ApiQuery<M, P>] extends [never]
  ? { query?: undefined }
  : Record<never, never> extends ApiQuery<M, P>
    ? { query?: ApiQuery<M, P> }
    : { query: ApiQuery<M, P> };
// A body the contract types is required; other routes take any JSON (or a FormData) or none.
type BodyPart<M extends ApiMethod, P extends string> = M extends 'GET' | 'DELETE'
  ? { body?: undefined }
  : ApiRouteOf<M, P> extends { body: infer B }
    ? { body: B }
    : { body?: unknown };

/** A call's options: its path's parameters, and the query and body its route takes. */
export type RouteOptions<M extends ApiMethod, P extends string> = CallOptions &
  ParamsPart<P> &
  QueryPart<M, P> &
  BodyPart<M, P>;
/** The options argument, optional only when nothing in it is required. */
type RouteArgs<M extends ApiMethod, P extends string> =
  Record<never, never> extends RouteOptions<M, P> ? [options?: RouteOptions<M, P>] : [options: RouteOptions<M, P>];

type QueryValue = string | number | boolean | undefined;
/** RouteOptions once its route is chosen (a generic route's options read as this inside the client). */
type RawCallOptions = CallOptions & { params?: Record<string, string>; query?: object; body?: unknown };

/**
 * The URL of a route: its path template (as in the route table, without /api) with each :param
 * filled in and encoded, and the query's defined values after it.
 */
export function routeUrl(template: string, params: Record<string, string> = {}, query: object = {}): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${template}`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query as Record<string, QueryValue>)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/api${path}${search ? `?${search}` : ''}`;
}

// Codes the server would have sent for these statuses, used when a proxy or crash returns no JSON body.
function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 0 || status === 502 || status === 503 || status === 504) return 'BAD_NETWORK';
  return 'INTERNAL_ERROR';
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const error = (body ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  return new ApiError(
    status,
    typeof error.code === 'string' ? error.code : fallbackCode(status),
    typeof error.message === 'string' ? error.message : statusText || `HTTP ${status}`,
    error.details,
  );
}

async function readJson(res: Response): Promise<unknown> {
  return parseJson(await res.text());
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

  /** Sends with the access token; a 401 renews it once and sends again. */
  async function authorized(path: string, opts: RequestOptions): Promise<Response> {
    const useAuth = opts.auth !== false;
    const sentToken = useAuth ? tokens.getToken() : null;
    let res = await send(path, opts, sentToken);

    if (res.status === 401 && useAuth && tokens.getRefreshToken()) {
      // If another request already renewed the token while this one was in flight, just retry.
      const current = tokens.getToken();
      const renewed = current !== null && current !== sentToken ? true : await refresh();
      if (renewed) res = await send(path, opts, tokens.getToken());
    }
    return res;
  }

  /** Sends to a full path (with /api) and returns the JSON body as it came, unchecked. */
  async function request(path: string, opts: RequestOptions = {}): Promise<unknown> {
    const res = await authorized(path, opts);
    const body = await readJson(res);
    if (!res.ok) throw toApiError(res.status, res.statusText, body);
    return body;
  }

  /**
   * Calls a route of the contract's map by its method and path template. The one assertion of the
   * answer's type is here: the server's HTTP tests check every JSON answer against the schema the
   * map's type is held to (server/src/http/responses.ts).
   */
  async function call<M extends ApiMethod, P extends string>(
    method: M,
    template: P,
    options: RawCallOptions = {},
  ): Promise<ApiResponse<M, P>> {
    const { params, query, body, ...rest } = options;
    const sent = method === 'GET' || method === 'DELETE' ? body : (body ?? {});
    const answer = await request(routeUrl(template, params, query), { ...rest, method, body: sent });
    return answer as ApiResponse<M, P>;
  }

  /**
   * POSTs `body` (or, without one, GETs) and returns the file the server answers, with the name from
   * Content-Disposition.
   */
  async function download(path: string, body?: unknown): Promise<{ blob: Blob; filename: string | null }> {
    const method = body === undefined ? 'GET' : 'POST';
    const res = await authorized(path, { method, body, headers: { accept: '*/*' } });
    if (!res.ok) throw toApiError(res.status, res.statusText, await readJson(res));
    const disposition = res.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
    return { blob: await res.blob(), filename };
  }

  /**
   * POSTs a multipart form with upload progress. A 401 renews the token once and sends the form
   * again, as `request` does.
   */
  async function upload<P extends ApiPath<'POST'>>(
    template: P,
    form: FormData,
    ...args: Record<never, never> extends ParamsPart<P>
      ? [opts?: UploadOptions & ParamsPart<P>]
      : [opts: UploadOptions & ParamsPart<P>]
  ): Promise<ApiResponse<'POST', P>> {
    const opts: UploadOptions & { params?: Record<string, string> } = args[0] ?? {};
    const transport = options.uploadTransport ?? xhrUpload;
    const path = routeUrl(template, opts.params);
    const sentToken = tokens.getToken();
    let res = await transport(`${baseUrl}${path}`, form, sentToken, opts);
    if (res.status === 401 && tokens.getRefreshToken()) {
      const current = tokens.getToken();
      const renewed = current !== null && current !== sentToken ? true : await refresh();
      if (renewed) res = await transport(`${baseUrl}${path}`, form, tokens.getToken(), opts);
    }
    const body = parseJson(res.text);
    if (res.status < 200 || res.status >= 300) throw toApiError(res.status, res.statusText, body);
    // Asserted as `call` does: the server's tests hold this route's answers to the same type.
    return body as ApiResponse<'POST', P>;
  }

  /**
   * An access token that is good for at least `minSeconds` more, renewing it first when needed: for
   * EventSource, which carries the token in its URL and cannot go through the 401-and-retry path.
   */
  async function freshToken(minSeconds = 5): Promise<string | null> {
    const token = tokens.getToken();
    const exp = token ? tokenExpiry(token) : null;
    if (token && exp !== null && exp * 1000 - Date.now() > minSeconds * 1000) return token;
    if (!tokens.getRefreshToken()) return token;
    await refresh();
    return tokens.getToken();
  }

  return {
    request,
    refresh,
    upload,
    download,
    freshToken,
    // Each by path template, e.g. get('/group-account/:id', { params: { id } }): the answer's type,
    // the body's and the query's come from the contract's route map.
    get: <P extends ApiPath<'GET'>>(path: P, ...[opts]: RouteArgs<'GET', P>) =>
      call('GET', path, opts as RawCallOptions | undefined),
    post: <P extends ApiPath<'POST'>>(path: P, ...[opts]: RouteArgs<'POST', P>) =>
      call('POST', path, opts as RawCallOptions | undefined),
    put: <P extends ApiPath<'PUT'>>(path: P, ...[opts]: RouteArgs<'PUT', P>) =>
      call('PUT', path, opts as RawCallOptions | undefined),
    patch: <P extends ApiPath<'PATCH'>>(path: P, ...[opts]: RouteArgs<'PATCH', P>) =>
      call('PATCH', path, opts as RawCallOptions | undefined),
    delete: <P extends ApiPath<'DELETE'>>(path: P, ...[opts]: RouteArgs<'DELETE', P>) =>
      call('DELETE', path, opts as RawCallOptions | undefined),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The `exp` claim (seconds) of a JWT, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

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
