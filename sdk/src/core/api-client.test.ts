import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, getJson, resetConfig, SaldoApiError } from './api-client';

interface Call {
  url: string;
  headers: Record<string, string>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that records calls and answers from a list of responders, in order. */
function recorder(...responders: ((call: Call) => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), headers: Object.fromEntries(new Headers(init?.headers)) };
    calls.push(call);
    const respond = responders[Math.min(calls.length - 1, responders.length - 1)];
    if (!respond) throw new Error('no responder');
    return respond(call);
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

afterEach(() => resetConfig());

describe('getJson', () => {
  it('sends the board header, the bearer token and the query', async () => {
    const { calls, fetch } = recorder(() => json([{ _id: 'c1', name: 'A', amount: 1 }]));
    configure({ baseUrl: 'https://api.example/', getToken: () => 'tok', fetch });
    const data = await getJson('/api/x', { groupId: 'b1', startDate: '2026-01-01', endDate: undefined }, 'b1');
    expect(data).toEqual([{ _id: 'c1', name: 'A', amount: 1 }]);
    expect(calls[0]?.url).toBe('https://api.example/api/x?groupId=b1&startDate=2026-01-01');
    expect(calls[0]?.headers.authorization).toBe('Bearer tok');
    expect(calls[0]?.headers['x-board-id']).toBe('b1');
  });

  it('authenticates with a public link id when there is no token, and prefers a token', async () => {
    const { calls, fetch } = recorder(() => json([]));
    configure({ shareId: 'pub-123', fetch });
    await getJson('/api/widgets/turnover', {}, 'b1');
    expect(calls[0]?.headers['x-public-board-id']).toBe('pub-123');
    expect(calls[0]?.headers).not.toHaveProperty('authorization');
    configure({ getToken: () => 'tok' });
    await getJson('/api/widgets/turnover', {}, 'b1');
    expect(calls[1]?.headers.authorization).toBe('Bearer tok');
    expect(calls[1]?.headers).not.toHaveProperty('x-public-board-id');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls, fetch } = recorder(() => json([]));
    configure({ getToken: async () => null, fetch });
    await getJson('/api/x', {}, 'b1');
    expect(calls[0]?.url).toBe('/api/x');
    expect(calls[0]?.headers).not.toHaveProperty('authorization');
  });

  it('throws the code and status from an error body', async () => {
    const { fetch } = recorder(() => json({ code: 'BOARD_NOT_FOUND', message: 'Board not found' }, 404));
    configure({ fetch });
    const error = await getJson('/api/x', {}, 'b1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaldoApiError);
    expect(error).toMatchObject({ code: 'BOARD_NOT_FOUND', status: 404, message: 'Board not found' });
  });

  it('falls back to INTERNAL_ERROR for bodies without a known code', async () => {
    const { fetch } = recorder(() => new Response('<html>oops</html>', { status: 502 }));
    configure({ fetch });
    await expect(getJson('/api/x', {}, 'b1')).rejects.toMatchObject({ code: 'INTERNAL_ERROR', status: 502 });
  });

  it('reports BAD_NETWORK when the request never gets an answer', async () => {
    configure({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(getJson('/api/x', {}, 'b1')).rejects.toMatchObject({ code: 'BAD_NETWORK', status: 0 });
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    let token = 'old';
    let refreshes = 0;
    const { calls, fetch } = recorder(
      () => json({ code: 'TOKEN_EXPIRED', message: 'expired' }, 401),
      (call) => (call.headers.authorization === 'Bearer new' ? json({ ok: true }) : json({}, 401)),
    );
    configure({
      fetch,
      getToken: () => token,
      refresh: async () => {
        refreshes++;
        token = 'new';
        return true;
      },
    });
    await expect(getJson('/api/x', {}, 'b1')).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not retry when the refresh fails, and throws the 401', async () => {
    const { calls, fetch } = recorder(() => json({ code: 'TOKEN_EXPIRED', message: 'expired' }, 401));
    configure({ fetch, refresh: async () => false });
    await expect(getJson('/api/x', {}, 'b1')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let token = 'old';
    let refreshes = 0;
    let finishRefresh: (ok: boolean) => void = () => {};
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer new' ? json({ ok: true }) : json({ code: 'TOKEN_EXPIRED', message: 'x' }, 401);
    }) as typeof globalThis.fetch;
    configure({
      fetch,
      getToken: () => token,
      refresh: () => {
        refreshes++;
        return new Promise<boolean>((resolve) => {
          finishRefresh = (ok) => {
            token = 'new';
            resolve(ok);
          };
        });
      },
    });
    const all = Promise.all([getJson('/a', {}, 'b1'), getJson('/b', {}, 'b1'), getJson('/c', {}, 'b1')]);
    // Let all three requests come back 401 and wait on the refresh.
    await new Promise((r) => setTimeout(r, 10));
    finishRefresh(true);
    await expect(all).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
  });
});

describe('embed tokens (a JWT naming its key)', () => {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const jwt = (exp: number, kid: string | null = 'ek_1') =>
    `${b64(kid ? { alg: 'HS256', kid } : { alg: 'HS256' })}.${b64({ board: 'b1', exp })}.sig`;
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

  it('fetches one token for every element on the page and renews it a minute before it expires', async () => {
    // Only the clock is faked: the fetch and token promises still settle on their own.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
      const tokens = [jwt(inSeconds(600)), jwt(inSeconds(1200))];
      let issued = 0;
      const { calls, fetch } = recorder(() => json([]));
      configure({ fetch, getToken: async () => tokens[issued++] ?? null });
      await Promise.all(Array.from({ length: 5 }, () => getJson('/api/x', {}, 'b1')));
      expect(issued).toBe(1);
      // 61 s before expiry the first token is still sent.
      vi.setSystemTime(new Date('2026-03-01T12:08:59Z'));
      await getJson('/api/x', {}, 'b1');
      expect(issued).toBe(1);
      expect(new Set(calls.map((c) => c.headers.authorization))).toEqual(new Set([`Bearer ${tokens[0]}`]));
      // 59 s before expiry it is renewed before it is sent again, once for every element.
      vi.setSystemTime(new Date('2026-03-01T12:09:01Z'));
      await Promise.all([getJson('/api/x', {}, 'b1'), getJson('/api/y', {}, 'b1')]);
      expect(issued).toBe(2);
      expect(calls.slice(-2).map((c) => c.headers.authorization)).toEqual([
        `Bearer ${tokens[1]}`,
        `Bearer ${tokens[1]}`,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a new token once after a 401 and retries', async () => {
    let issued = 0;
    const { calls, fetch } = recorder(
      () => json({ code: 'EMBED_TOKEN_INVALID', message: 'x' }, 401),
      () => json([{ ok: true }]),
    );
    configure({ fetch, getToken: async () => jwt(inSeconds(600 + issued++)) });
    expect(await getJson('/api/x', {}, 'b1')).toEqual([{ ok: true }]);
    expect(issued).toBe(2);
    expect(calls[0]?.headers.authorization).not.toBe(calls[1]?.headers.authorization);
  });

  it('keeps asking for a session token (no kid) on every request', async () => {
    let asked = 0;
    const { fetch } = recorder(() => json([]));
    configure({
      fetch,
      getToken: () => {
        asked++;
        return jwt(inSeconds(600), null);
      },
    });
    await getJson('/api/x', {}, 'b1');
    await getJson('/api/x', {}, 'b1');
    expect(asked).toBe(2);
  });

  it('shows an embed error code in the element’s language', async () => {
    const { fetch } = recorder(() => json({ code: 'EMBED_NOT_ALLOWED', message: 'x' }, 403));
    configure({ fetch, getToken: async () => jwt(inSeconds(600)) });
    await expect(getJson('/api/x', {}, 'b1')).rejects.toMatchObject({ code: 'EMBED_NOT_ALLOWED', status: 403 });
  });
});
