import type { CreatedEmbedKey, EmbedTokenClaims } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { type JWTPayload, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedKey } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const PARTNER = 'https://partner.example';
const YEAR = { startDate: '2025-01-01', endDate: '2025-12-31' };
const Q = `startDate=${YEAR.startDate}&endDate=${YEAR.endDate}`;

let t: TestApp;
let token: string;
let key: CreatedEmbedKey;
let otherBoard: string;
const clock = Date.parse('2026-11-24T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  token = (await t.login()).jwtToken;
  const res = await t.request(`/api/group-account/${t.boardId}/embed-keys`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Regnskapspartner', origins: [PARTNER, 'http://localhost:5173/'] }),
  });
  expect(res.status).toBe(201);
  key = await res.json();
  const b = await t.request('/api/group-account', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Board B', apis: [t.apiAccountId] }),
  });
  otherBoard = (await b.json())._id;
});

type Claims = Omit<EmbedTokenClaims, 'iat' | 'exp'> & JWTPayload;

/** A token as a partner's backend signs it (jose, as docs/embedding.md shows). */
function sign(
  claims: Partial<Claims> = {},
  options: { kid?: string; secret?: string; iat?: number; exp?: number } = {},
): Promise<string> {
  const iat = options.iat ?? Math.floor(clock / 1000);
  return new SignJWT({ board: t.boardId, elements: ['top-customers', 'profit-loss'], ...claims })
    .setProtectedHeader({ alg: 'HS256', kid: options.kid ?? key._id })
    .setIssuedAt(iat)
    .setExpirationTime(options.exp ?? iat + 600)
    .sign(new TextEncoder().encode(options.secret ?? key.secret));
}

const read = (path: string, jwt: string, origin: string | null = PARTNER) =>
  t.request(path, { headers: { authorization: `Bearer ${jwt}`, ...(origin ? { origin } : {}) } });

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { code?: string };
  expect(body.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/amount|months|rows/);
}

describe('embed keys (issue 14)', () => {
  it('answers the secret once, keeps it sealed, and lists keys without it', async () => {
    expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.origins).toEqual([PARTNER, 'http://localhost:5173']);
    const [row] = await t.deps.db.select().from(embedKey).where(eq(embedKey.id, key._id));
    expect(row!.secret).not.toContain(key.secret);
    const list = await (await t.request(`/api/group-account/${t.boardId}/embed-keys`, { token })).json();
    expect(list).toEqual([
      { _id: key._id, name: 'Regnskapspartner', origins: key.origins, createdAt: key.createdAt, lastUsedAt: null },
    ]);
    expect(JSON.stringify(list)).not.toContain(key.secret);
  });

  it('refuses origins that are not a scheme and host', async () => {
    for (const origin of [
      '*',
      'partner.example',
      'https://partner.example/app',
      'null',
      'ftp://x.example',
      'https://*.example',
    ]) {
      const res = await t.request(`/api/group-account/${t.boardId}/embed-keys`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Bad', origins: [origin] }),
      });
      expect(res.status, origin).toBe(400);
      expect((await res.json()).code).toBe('INVALID_ORIGIN');
    }
  });
});

describe('embed tokens (issue 14)', () => {
  it('read the named elements of the named board from the key’s origin, as the owner sees them', async () => {
    const jwt = await sign();
    const res = await read(`/api/widgets/top-ten/customers?groupId=${t.boardId}&${Q}`, jwt);
    expect(res.status).toBe(200);
    const mine = await (await t.request(`/api/widgets/top-ten/customers?groupId=${t.boardId}&${Q}`, { token })).json();
    expect(await res.json()).toEqual(mine);
    expect((await read(`/api/profit-loss?${Q}`, jwt)).status).toBe(200);
    const [row] = await t.deps.db.select().from(embedKey).where(eq(embedKey.id, key._id));
    expect(row!.lastUsedAt?.getTime()).toBe(clock);
  });

  it('cannot read another board, other elements, or write anything', async () => {
    const jwt = await sign();
    await expectRefused(
      await read(`/api/widgets/top-ten/customers?groupId=${otherBoard}&${Q}`, jwt),
      403,
      'SHARE_NOT_ALLOWED',
    );
    await expectRefused(
      await read(`/api/widgets/top-ten/customers?${Q}`, await sign({ board: otherBoard })),
      403,
      'EMBED_NOT_ALLOWED',
    );
    for (const path of [`/api/widgets/turnover?${Q}`, `/api/balance-sheet?${Q}`, `/api/widgets/top-ten/suppliers?${Q}`])
      await expectRefused(await read(path, jwt), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(`/api/widgets/${t.boardId}/custom/any-id?${Q}`, jwt), 403, 'EMBED_NOT_ALLOWED');
    // Nothing but the elements' reads: everything else wants a session.
    for (const [method, path] of [
      ['GET', '/api/group-account'],
      ['PUT', `/api/group-account/${t.boardId}`],
      ['DELETE', `/api/group-account/${t.boardId}`],
      ['POST', `/api/exports/${t.boardId}`],
      ['GET', `/api/postings?groupId=${t.boardId}&account=3000&from=2025-01-01&to=2025-12-31`],
      ['GET', `/api/group-account/${t.boardId}/embed-keys`],
    ] as const) {
      const res = await t.request(path, {
        method,
        headers: { authorization: `Bearer ${jwt}`, origin: PARTNER, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{"name":"x"}' }),
      });
      await expectRefused(res, 401, 'UNAUTHORIZED');
    }
  });

  it('hold an element to its locked parameters, and a locked period to no comparison', async () => {
    const jwt = await sign({ params: { ...YEAR, lang: 'en' } });
    expect((await read(`/api/profit-loss?${Q}`, jwt)).status).toBe(200);
    await expectRefused(
      await read('/api/profit-loss?startDate=2024-01-01&endDate=2024-12-31', jwt),
      403,
      'EMBED_NOT_ALLOWED',
    );
    await expectRefused(await read('/api/profit-loss', jwt), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(`/api/profit-loss?${Q}&compare=lastYear`, jwt), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(`/api/profit-loss?${Q}&lang=nor`, jwt), 403, 'EMBED_NOT_ALLOWED');
    const compared = await sign({ params: { ...YEAR, compare: 'lastYear' } });
    expect((await read(`/api/profit-loss?${Q}&compare=lastYear`, compared)).status).toBe(200);
    await expectRefused(await read(`/api/profit-loss?${Q}&compare=previous`, compared), 403, 'EMBED_NOT_ALLOWED');
    // Last year's end is a comparison like the others: locked, exactly that one; a locked period alone, none.
    const yearEnd = await sign({ elements: ['balance-sheet'], params: { ...YEAR, compare: 'yearEnd' } });
    const beside = await read(`/api/balance-sheet?${Q}&compare=yearEnd`, yearEnd);
    expect(beside.status).toBe(200);
    expect((await beside.json()).comparison.months.at(-1).date).toMatch(/-12-31$/);
    await expectRefused(await read(`/api/balance-sheet?${Q}&compare=lastYear`, yearEnd), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(`/api/profit-loss?${Q}&compare=yearEnd`, jwt), 403, 'EMBED_NOT_ALLOWED');
    // What is not locked the element chooses.
    const open = await sign();
    expect((await read('/api/profit-loss?startDate=2024-01-01&endDate=2024-12-31&compare=previous', open)).status).toBe(
      200,
    );
  });

  it('refuse expired, long-lived, revoked, unknown-kid, wrong-origin and tampered tokens, with no data', async () => {
    const path = `/api/widgets/top-ten/customers?${Q}`;
    const now = Math.floor(clock / 1000);
    await expectRefused(
      await read(path, await sign({}, { iat: now - 700, exp: now - 100 })),
      401,
      'EMBED_TOKEN_INVALID',
    );
    await expectRefused(await read(path, await sign({}, { exp: now + 2 * 3600 })), 401, 'EMBED_TOKEN_INVALID');
    await expectRefused(await read(path, await sign({}, { kid: 'ek_nope' })), 401, 'EMBED_TOKEN_INVALID');
    await expectRefused(await read(path, await sign({}, { secret: 'x'.repeat(43) })), 401, 'EMBED_TOKEN_INVALID');
    await expectRefused(await read(path, await sign(), 'https://evil.example'), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(path, await sign(), null), 403, 'EMBED_NOT_ALLOWED');
    const [header, payload, signature] = (await sign()).split('.') as [string, string, string];
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), elements: ['turnover'] }),
    ).toString('base64url');
    await expectRefused(
      await read(`/api/widgets/turnover?${Q}`, `${header}.${widened}.${signature}`),
      401,
      'EMBED_TOKEN_INVALID',
    );
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: key._id })).toString('base64url')}.${payload}.`;
    await expectRefused(await read(path, none), 401, 'EMBED_TOKEN_INVALID');
    // Signed by the key but not of the contract's shape (embedTokenClaims): no token either.
    const misshapen = [
      { elements: 'top-customers' },
      { elements: ['top-customers', 7] },
      { params: { startDate: 'last year' } },
      { params: { compare: 'forever' } },
      { params: { lang: 'de' } },
    ] as unknown as Array<Partial<Claims>>;
    for (const claims of misshapen)
      await expectRefused(await read(path, await sign(claims)), 401, 'EMBED_TOKEN_INVALID');

    // Revoking the key stops its tokens on the next call.
    const created = await (
      await t.request(`/api/group-account/${t.boardId}/embed-keys`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Short-lived', origins: [PARTNER] }),
      })
    ).json();
    const jwt = await sign({}, { kid: created._id, secret: created.secret });
    expect((await read(path, jwt)).status).toBe(200);
    const gone = await t.request(`/api/group-account/${t.boardId}/embed-keys/${created._id}`, {
      method: 'DELETE',
      token,
    });
    expect(gone.status).toBe(200);
    await expectRefused(await read(path, jwt), 401, 'EMBED_TOKEN_INVALID');
  });
});

describe('embed tokens answer exactly the elements they name (issue 25)', () => {
  const HALF = { startDate: '2025-01-01', endDate: '2025-06-30' };
  const H = `startDate=${HALF.startDate}&endDate=${HALF.endDate}`;

  it('finding 2: a KPI is named with its choice, and a locked period gives no comparison', async () => {
    const jwt = await sign({ elements: ['kpi:ebitda-margin', 'turnover'], params: HALF });
    const res = await read(`/api/widgets/kpi?kpi=ebitda-margin&${H}`, jwt);
    expect(res.status).toBe(200);
    const kpi = await res.json();
    expect(kpi.value).not.toBeNull();
    expect(kpi.comparison).toBeNull();
    expect(kpi.change).toBeNull();
    const turnover = await (await read(`/api/widgets/turnover?${H}`, jwt)).json();
    expect(turnover.total).toBeGreaterThan(0);
    expect(turnover.previousTotal).toBeNull();
    for (const other of ['months-of-cash', 'equity-ratio', 'debt-ratio', 'working-capital', 'dso'])
      await expectRefused(await read(`/api/widgets/kpi?kpi=${other}&${H}`, jwt), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(`/api/widgets/kpi?${H}`, jwt), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(await read(`/api/balance-sheet?${H}`, jwt), 403, 'EMBED_NOT_ALLOWED');
    await expectRefused(
      await read(`/api/widgets/kpi?kpi=ebitda-margin&${H}&compare=lastYear`, jwt),
      403,
      'EMBED_NOT_ALLOWED',
    );
  });

  it('finding 2: a plain `kpi` or `budget` is the type’s default choice only; a comparison needs it locked or an open period', async () => {
    const plain = await sign({ elements: ['kpi', 'budget'] });
    expect((await read(`/api/widgets/kpi?${Q}`, plain)).status).toBe(200);
    expect((await read(`/api/widgets/kpi?kpi=gross-margin&${Q}`, plain)).status).toBe(200);
    await expectRefused(await read(`/api/widgets/kpi?kpi=months-of-cash&${Q}`, plain), 403, 'EMBED_NOT_ALLOWED');
    expect((await read(`/api/widgets/budget?${Q}`, plain)).status).toBe(200);
    await expectRefused(await read(`/api/widgets/budget?line=payroll&${Q}`, plain), 403, 'EMBED_NOT_ALLOWED');
    // What is not locked the element chooses: with no locked period, the comparison is the page's.
    expect((await (await read(`/api/widgets/kpi?${Q}`, plain)).json()).comparison).not.toBeNull();
    const compared = await sign({ elements: ['kpi:dso'], params: { ...HALF, compare: 'lastYear' } });
    const dso = await (await read(`/api/widgets/kpi?kpi=dso&${H}&compare=lastYear`, compared)).json();
    expect(dso.comparison.value).not.toBeNull();
    await expectRefused(
      await read(`/api/widgets/mrr?${Q}&accounts=1000-1999`, await sign({ elements: ['mrr'] })),
      403,
      'EMBED_NOT_ALLOWED',
    );
  });
});

describe('CORS (issue 14)', () => {
  const preflight = (path: string, origin: string) =>
    t.request(path, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('answers a preflight from a key’s origin on the elements’ data calls', async () => {
    const res = await preflight(`/api/widgets/top-ten/customers?${Q}`, PARTNER);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const data = await read(`/api/widgets/top-ten/customers?${Q}`, await sign());
    expect(data.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(data.headers.get('vary')).toContain('Origin');
  });

  it('gives any other origin, and every other route, no CORS headers at all', async () => {
    const cors = (res: Response) => [...res.headers.keys()].filter((h) => h.startsWith('access-control-'));
    expect(cors(await preflight(`/api/widgets/top-ten/customers?${Q}`, 'https://evil.example'))).toEqual([]);
    for (const path of ['/api/group-account', '/api/auth/login', `/api/group-account/${t.boardId}/embed-keys`])
      expect(cors(await preflight(path, PARTNER)), path).toEqual([]);
    const data = await read(`/api/widgets/top-ten/customers?${Q}`, await sign(), 'https://evil.example');
    expect(cors(data)).toEqual([]);
  });
});
