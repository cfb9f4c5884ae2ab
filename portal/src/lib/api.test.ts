import type { BillingStatus, Board, BudgetImportResult, Consolidation, Deleted, Profile } from '@saldo/contract';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, createApiClient, errorReasonOf, routeUrl, type TokenStore, tokenExpiry } from './api';

function memoryTokens(jwtToken: string | null, refreshToken: string | null): TokenStore & { jwt: string | null } {
  const store = {
    jwt: jwtToken,
    refresh: refreshToken,
    getToken: () => store.jwt,
    getRefreshToken: () => store.refresh,
    setTokens: (tokens: { jwtToken: string; refreshToken: string }) => {
      store.jwt = tokens.jwtToken;
      store.refresh = tokens.refreshToken;
    },
  };
  return store;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A tiny fake server: `valid` is the only accepted access token; the refresh endpoint answers
 * when the test releases it, so the test controls how many 401s pile up meanwhile.
 */
function fakeServer(options: { refreshStatus?: number; valid?: string; issued?: string } = {}) {
  const valid = options.valid ?? 'fresh-jwt';
  let releaseRefresh: () => void = () => {};
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const calls: { url: string; auth: string | null; board: string | null }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, auth: headers.get('authorization'), board: headers.get('x-board-id') });
    if (url.endsWith('/api/auth/refresh-token')) {
      await refreshGate;
      if (options.refreshStatus && options.refreshStatus !== 200) {
        return json(options.refreshStatus, { code: 'INVALID_REFRESH_TOKEN', message: 'Invalid refresh token' });
      }
      return json(200, { jwtToken: options.issued ?? valid, refreshToken: 'rotated-refresh' });
    }
    if (url.endsWith('/api/auth/login')) {
      return json(401, { code: 'INCORRECT_CREDENTIALS', message: 'Incorrect Credentials' });
    }
    if (headers.get('authorization') !== `Bearer ${valid}`) {
      return json(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
    }
    return json(200, { path: new URL(url, 'http://x').pathname });
  });
  return {
    fetchFn,
    calls,
    releaseRefresh,
    refreshCalls: () => calls.filter((call) => call.url.endsWith('/refresh-token')).length,
  };
}

describe('api client', () => {
  it('sends FormData as multipart (no JSON content type) and has PATCH and DELETE helpers', async () => {
    const server = fakeServer({ valid: 'jwt-1' });
    const api = createApiClient({ tokens: memoryTokens('jwt-1', 'r-1'), fetch: server.fetchFn });
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/profile/avatar', { body: form });
    const init = server.fetchFn.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('content-type')).toBeNull();

    await api.patch('/profile/me', { body: { language: 'en' } });
    const patch = server.fetchFn.mock.calls[1]?.[1];
    expect(patch?.method).toBe('PATCH');
    expect(new Headers(patch?.headers).get('content-type')).toBe('application/json');
    expect(patch?.body).toBe('{"language":"en"}');

    await api.delete('/profile/avatar');
    expect(server.fetchFn.mock.calls[2]?.[1]?.method).toBe('DELETE');
  });

  it('sends the Bearer token and extra headers, and parses JSON', async () => {
    const server = fakeServer({ valid: 'jwt-1' });
    const api = createApiClient({ tokens: memoryTokens('jwt-1', 'r-1'), fetch: server.fetchFn });

    await expect(api.request('/api/widgets/top', { headers: { 'x-board-id': 'b1' } })).resolves.toEqual({
      path: '/api/widgets/top',
    });
    expect(server.calls[0]).toMatchObject({ auth: 'Bearer jwt-1', board: 'b1' });
  });

  it('runs one refresh for concurrent 401s and retries each request once with the new token', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('stale-jwt', 'r-1');
    const onSessionExpired = vi.fn();
    const api = createApiClient({ tokens, fetch: server.fetchFn, onSessionExpired });

    const pending = [api.request('/api/a'), api.request('/api/b'), api.request('/api/c')];
    // Let all three 401s arrive while the refresh is still in flight.
    await vi.waitFor(() => expect(server.refreshCalls()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.releaseRefresh();

    await expect(Promise.all(pending)).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(server.refreshCalls()).toBe(1);
    expect(tokens.getToken()).toBe('fresh-jwt');
    expect(tokens.getRefreshToken()).toBe('rotated-refresh');
    const retries = server.calls.filter((call) => call.auth === 'Bearer fresh-jwt');
    expect(retries.map((call) => call.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares the refresh with an outside caller such as the SDK', async () => {
    const server = fakeServer();
    const api = createApiClient({ tokens: memoryTokens('stale-jwt', 'r-1'), fetch: server.fetchFn });

    const request = api.request('/api/a');
    await vi.waitFor(() => expect(server.refreshCalls()).toBe(1));
    const sdkRefresh = api.refresh();
    server.releaseRefresh();

    await expect(sdkRefresh).resolves.toBe(true);
    await expect(request).resolves.toEqual({ path: '/api/a' });
    expect(server.refreshCalls()).toBe(1);
  });

  it('retries the original request only once', async () => {
    // The server rejects the refreshed token too: the client must give up rather than loop.
    const server = fakeServer({ issued: 'also-rejected' });
    const api = createApiClient({ tokens: memoryTokens('stale-jwt', 'r-1'), fetch: server.fetchFn });
    server.releaseRefresh();

    const error = await api.request('/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(server.refreshCalls()).toBe(1);
    expect(server.calls.filter((call) => call.url === '/api/a')).toHaveLength(2);
  });

  it('ends the session when the refresh itself is refused', async () => {
    const server = fakeServer({ refreshStatus: 401 });
    const onSessionExpired = vi.fn();
    const api = createApiClient({ tokens: memoryTokens('stale-jwt', 'r-1'), fetch: server.fetchFn, onSessionExpired });
    server.releaseRefresh();

    const results = await Promise.allSettled([api.request('/api/a'), api.request('/api/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(server.refreshCalls()).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await expect(api.refresh()).resolves.toBe(false);
  });

  it('does not refresh without a refresh token', async () => {
    const server = fakeServer();
    const api = createApiClient({ tokens: memoryTokens('stale-jwt', null), fetch: server.fetchFn });

    await expect(api.request('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCalls()).toBe(0);
  });

  it('treats a 401 from the auth endpoints as an answer, not an expired token', async () => {
    const server = fakeServer();
    const api = createApiClient({ tokens: memoryTokens('stale-jwt', 'r-1'), fetch: server.fetchFn });

    const error = await api
      .post('/auth/login', { body: { email: 'a@b.no', password: 'x' }, auth: false })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 401, code: 'INCORRECT_CREDENTIALS', message: 'Incorrect Credentials' });
    expect(server.calls[0]?.auth).toBeNull();
    expect(server.refreshCalls()).toBe(0);
  });

  it('retries without refreshing when another request already renewed the token', async () => {
    const tokens = memoryTokens('stale-jwt', 'r-1');
    let refreshes = 0;
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization');
      if (String(input).endsWith('/refresh-token')) {
        refreshes++;
        return json(200, { jwtToken: 'x', refreshToken: 'y' });
      }
      if (auth === 'Bearer stale-jwt') {
        // Simulates a parallel refresh finishing while this request was on the wire.
        tokens.setTokens({ jwtToken: 'fresh-jwt', refreshToken: 'r-2' });
        return json(401, { code: 'TOKEN_EXPIRED', message: 'expired' });
      }
      return json(200, { ok: auth });
    });
    const api = createApiClient({ tokens, fetch: fetchFn });

    await expect(api.request('/api/a')).resolves.toEqual({ ok: 'Bearer fresh-jwt' });
    expect(refreshes).toBe(0);
  });

  it('maps failures to ApiError with status, code and message', async () => {
    const api = createApiClient({
      tokens: memoryTokens('jwt', 'r'),
      fetch: async () => json(404, { code: 'BOARD_NOT_FOUND', message: 'Board not found' }),
    });
    await expect(api.get('/group-account/:id', { params: { id: 'x' } })).rejects.toEqual(
      expect.objectContaining({ name: 'ApiError', status: 404, code: 'BOARD_NOT_FOUND', message: 'Board not found' }),
    );

    const bare = createApiClient({
      tokens: memoryTokens('jwt', 'r'),
      fetch: async () => new Response('oops', { status: 500 }),
    });
    await expect(bare.request('/api/x')).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });

    const offline = createApiClient({
      tokens: memoryTokens('jwt', 'r'),
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.request('/api/x')).rejects.toMatchObject({ status: 0, code: 'BAD_NETWORK' });
  });

  it('uses the global fetch when none is passed', async () => {
    const stub = vi.fn(async () => json(200, [{ _id: 'b1' }]));
    vi.stubGlobal('fetch', stub);
    try {
      const api = createApiClient({ tokens: memoryTokens('jwt', 'r') });
      await expect(api.get('/group-account')).resolves.toEqual([{ _id: 'b1' }]);
      expect(stub).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

function jwtWithExp(exp: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u', exp }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `header.${payload}.signature`;
}

describe('api client downloads', () => {
  it('returns the file and its name, renewing an expired token once, and maps a refusal to ApiError', async () => {
    const tokens = memoryTokens('stale-jwt', 'r-1');
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/auth/refresh-token')) return json(200, { jwtToken: 'fresh-jwt', refreshToken: 'r-2' });
      if (new Headers(init?.headers).get('authorization') !== 'Bearer fresh-jwt')
        return json(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
      if (JSON.parse(String(init?.body)).format === 'none')
        return json(400, { code: 'EXPORT_NOTHING_SELECTED', message: 'At least one widget must be selected' });
      return new Response('a;b\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="nordlys-2026.csv"' },
      });
    });
    const api = createApiClient({ tokens, fetch: fetchFn });
    const file = await api.download('/api/exports/b1', { format: 'csv' });
    expect(file.filename).toBe('nordlys-2026.csv');
    expect(await file.blob.text()).toBe('a;b\r\n');
    expect(tokens.jwt).toBe('fresh-jwt');
    const refused = await api.download('/api/exports/b1', { format: 'none' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: 'EXPORT_NOTHING_SELECTED' });
  });
});

describe('api client uploads and stream tokens', () => {
  it('renews an expired token once and sends the form again', async () => {
    const tokens = memoryTokens('old-jwt', 'refresh-1');
    const sent: (string | null)[] = [];
    const server = fakeServer();
    const api = createApiClient({
      tokens,
      fetch: server.fetchFn,
      uploadTransport: async (_url, _form, token, { onProgress }) => {
        sent.push(token);
        onProgress?.({ loaded: 10, total: 10 });
        return token === 'fresh-jwt'
          ? { status: 201, statusText: 'Created', text: JSON.stringify({ _id: 'acc' }) }
          : { status: 401, statusText: 'Unauthorized', text: JSON.stringify({ code: 'TOKEN_EXPIRED', message: 'x' }) };
      },
    });
    server.releaseRefresh();
    await expect(api.upload('/api-account/saft', new FormData())).resolves.toEqual({ _id: 'acc' });
    expect(sent).toEqual(['old-jwt', 'fresh-jwt']);
    expect(server.refreshCalls()).toBe(1);
  });

  it('turns a refused upload into an ApiError that keeps the server details', async () => {
    const api = createApiClient({
      tokens: memoryTokens('jwt', 'r'),
      uploadTransport: async () => ({
        status: 400,
        statusText: 'Bad Request',
        text: JSON.stringify({
          code: 'INVALID_SAFT_FILE',
          message: 'The file is not a valid SAF-T Financial file',
          details: {
            reason: 'The file is not a SAF-T Financial file: the root element is <Invoice>, expected <AuditFile>.',
            error: { code: 'SAFT_WRONG_ROOT', params: { element: 'Invoice' } },
          },
        }),
      }),
    });
    const error = await api.upload('/api-account/saft', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_SAFT_FILE' });
    expect(errorReasonOf(error)).toEqual({ code: 'SAFT_WRONG_ROOT', params: { element: 'Invoice' } });
    // A server from before the codes gave only the English text: it is shown as it is.
    const old = new ApiError(400, 'INVALID_SAFT_FILE', 'x', { reason: 'the root element is <Invoice>' });
    expect(errorReasonOf(old)).toEqual({ code: 'SOURCE_MESSAGE', params: { text: 'the root element is <Invoice>' } });
    expect(errorReasonOf(new ApiError(400, 'VALIDATION_FAILED', 'x'))).toBeNull();
  });

  it('hands out the stored token while it is good, and renews one that is about to expire', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = jwtWithExp(now + 600);
    const server = fakeServer();
    server.releaseRefresh();
    const fresh = createApiClient({ tokens: memoryTokens(good, 'r'), fetch: server.fetchFn });
    await expect(fresh.freshToken()).resolves.toBe(good);
    expect(server.refreshCalls()).toBe(0);

    const stale = createApiClient({ tokens: memoryTokens(jwtWithExp(now + 2), 'r'), fetch: server.fetchFn });
    await expect(stale.freshToken()).resolves.toBe('fresh-jwt');
    expect(server.refreshCalls()).toBe(1);
  });

  it('reads the exp claim of a token', () => {
    expect(tokenExpiry(jwtWithExp(1795241709))).toBe(1795241709);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });
});

describe('api client routes by path template', () => {
  function recordingClient() {
    const sent: { url: string; method: string | undefined; body: unknown }[] = [];
    const uploads: string[] = [];
    const api = createApiClient({
      tokens: memoryTokens('jwt', 'r'),
      fetch: async (input, init) => {
        sent.push({ url: String(input), method: init?.method, body: init?.body });
        return json(200, {});
      },
      uploadTransport: async (url) => {
        uploads.push(url);
        return { status: 200, statusText: 'OK', text: '{}' };
      },
    });
    return { api, sent, uploads };
  }

  it('fills in and encodes the path parameters, and leaves undefined query values out', () => {
    expect(routeUrl('/dashboard-folders/:groupId/:subBoardId', { groupId: 'a b', subBoardId: 'x/y' })).toBe(
      '/api/dashboard-folders/a%20b/x%2Fy',
    );
    expect(routeUrl('/admin/registrations', {}, { from: '2026-01-01', to: 'a&b', skipped: undefined })).toBe(
      '/api/admin/registrations?from=2026-01-01&to=a%26b',
    );
    expect(() => routeUrl('/group-account/:id')).toThrow('No value for :id in /group-account/:id');
  });

  it('sends each call to its route, typed by the contract', async () => {
    const { api, sent, uploads } = recordingClient();

    const board = await api.get('/group-account/:id', { params: { id: 'b 1' } });
    expectTypeOf(board).toEqualTypeOf<Board>();
    const boards = await api.get('/group-account');
    expectTypeOf(boards).toEqualTypeOf<Board[]>();
    expectTypeOf(
      await api.get('/consolidation/:groupId', { params: { groupId: 'g' } }),
    ).toEqualTypeOf<Consolidation | null>();
    expectTypeOf(await api.delete('/team/members/:userId', { params: { userId: 'u' } })).toEqualTypeOf<Deleted>();
    expectTypeOf(await api.post('/billing/cancel')).toEqualTypeOf<BillingStatus>();
    await api.delete('/group-account/:id', { params: { id: 'b1' }, query: { forced: 'forced' } });
    await api.get('/admin/registrations', { query: { from: '2026-01-01', to: '2026-01-31' } });
    expectTypeOf(
      await api.upload('/budgets/:groupId/import', new FormData(), { params: { groupId: 'g 1' } }),
    ).toEqualTypeOf<BudgetImportResult>();

    expect(sent.map(({ url, method }) => `${method} ${url}`)).toEqual([
      'GET /api/group-account/b%201',
      'GET /api/group-account',
      'GET /api/consolidation/g',
      'DELETE /api/team/members/u',
      'POST /api/billing/cancel',
      'DELETE /api/group-account/b1?forced=forced',
      'GET /api/admin/registrations?from=2026-01-01&to=2026-01-31',
    ]);
    // A POST without a body sends an empty object (as before); GET and DELETE send none.
    expect(sent.map(({ body }) => body)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      '{}',
      undefined,
      undefined,
    ]);
    expect(uploads).toEqual(['/api/budgets/g%201/import']);
  });

  it('refuses, at type-check time, a path outside the contract, a wrong answer type, and missing or wrong parts', async () => {
    const { api, sent } = recordingClient();
    // Each line below would type-check if the client were loosely typed; `npm run typecheck` fails on
    // an unused @ts-expect-error. At run time they are ordinary calls, which the last assertion counts.

    // @ts-expect-error: no such route
    await api.get('/no-such-route');
    // @ts-expect-error: the route table's paths have no /api prefix
    await api.get('/api/group-account');
    // @ts-expect-error: GET /billing/checkout is not a route (it is a POST)
    await api.get('/billing/checkout');
    // @ts-expect-error: a board is not a profile
    const profile: Profile = await api.get('/group-account/:id', { params: { id: 'b' } });
    await expect(
      // @ts-expect-error: the path's :id is required
      api.get('/group-account/:id'),
    ).rejects.toThrow('No value for :id');
    await expect(
      // @ts-expect-error: the parameter is :groupId, not :id
      api.get('/data-health/:groupId', { params: { id: 'g' } }),
    ).rejects.toThrow('No value for :groupId');
    // @ts-expect-error: the registrations need their from and to
    await api.get('/admin/registrations');
    // @ts-expect-error: an invitation's role is one of the contract's roles
    await api.post('/team/invitations', { body: { email: 'a@b.no', role: 'king', groupIds: ['g'] } });
    // @ts-expect-error: a route without a query takes none
    await api.get('/profile/me', { query: { page: 1 } });

    expect(profile).toEqual({});
    expect(sent).toHaveLength(7);
  });
});
