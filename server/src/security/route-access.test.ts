import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { can } from '../auth/menu.ts';
import { type Access, routeAccess, withRouteAccess } from '../auth/route-access.ts';
import { user } from '../db/schema/index.ts';
import type { AppEnv } from '../http/env.ts';
import { handleError } from '../http/errors.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/** The answers that mean "not you": anything else means the caller got past the access check. */
const DENIED = ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_ENDED', 'TOKEN_EXPIRED', 'SHARE_NOT_ALLOWED'];

let t: TestApp;
let userToken: string;
let adminToken: string;
let shareId: string;
const SHARED_CUSTOM_ID = 'shared-custom-widget';

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await t.login()).jwtToken;
  await t.deps.auth.api.signUpEmail({
    body: { email: 'boss@example.no', password: 'Sjefen123', name: 'B S', firstName: 'B', lastName: 'S' },
  });
  await t.deps.db
    .update(user)
    .set({ emailVerified: true, role: 'SuperAdmin' })
    .where(eq(user.email, 'boss@example.no'));
  const admin = await t.request('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'boss@example.no', password: 'Sjefen123' }),
  });
  adminToken = (await admin.json()).jwtToken;
  const share = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
    method: 'POST',
    token: userToken,
    body: JSON.stringify({
      widgets: [
        { id: 'turnover', widget: 'turnover', x: 0, y: 0, width: 6, height: 4 },
        { id: SHARED_CUSTOM_ID, widget: 'custom', x: 6, y: 0, width: 6, height: 4 },
      ],
      pages: [{ name: 'profitloss' }],
    }),
  });
  shareId = (await share.json()).boardId;
});

/** The API's routes as `METHOD path` (without /api), from the app itself. */
function registeredRoutes(): string[] {
  const keys = t.app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
    .map((r) => `${r.method} ${r.path.slice('/api'.length)}`);
  return [...new Set(keys)].sort();
}

/** A concrete address for a route: parameters become ids that exist nowhere, so no handler changes data. */
const addressOf = (key: string) => {
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:(\w+)/g, (_, name: string) =>
      name === 'id' && key.includes('/custom/') ? SHARED_CUSTOM_ID : `no-such-${name}`,
    );
  return `/api${path}`;
};

async function call(key: string, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
  const method = key.slice(0, key.indexOf(' '));
  const res = await t.request(addressOf(key), {
    method,
    headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });
  const body = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(body) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

const passed = (answer: { code?: string }) => !DENIED.includes(answer.code ?? '');

/** Whether a signed-in user of `role` may call a route, by its row alone. */
function roleMayCall(access: Access, role: string): boolean {
  switch (access.kind) {
    case 'public':
    case 'loopback':
    case 'user':
      return true;
    case 'menu':
      return can(role, access.menu, access.permission);
    case 'role':
      return role === access.role;
    case 'viewer':
      return can(role, access.menu, 'View');
  }
}

/** Whether a public link sharing the turnover widget, one custom widget and the P&L may call a route. */
function shareMayCall(access: Access): boolean {
  if (access.kind === 'public' || access.kind === 'loopback') return true;
  if (access.kind !== 'viewer') return false;
  const scope = access.share;
  return 'page' in scope ? scope.page === 'profitloss' : 'widget' in scope ? scope.widget === 'turnover' : true;
}

describe('the route table (one row per route, nothing allowed by default)', () => {
  it('has a row for every route the API registers, and no row for a route that does not exist', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(70);
    expect(
      routes.filter((r) => !(r in routeAccess)),
      'routes without a row in auth/route-access.ts',
    ).toEqual([]);
    expect(
      Object.keys(routeAccess).filter((r) => !routes.includes(r)),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers a visitor without a token 401 on every route that is not public', async () => {
    for (const [key, access] of Object.entries(routeAccess)) {
      const answer = await call(key, {});
      if (access.kind === 'public' || access.kind === 'loopback') expect(passed(answer), key).toBe(true);
      else expect(answer, key).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('lets a User and a SuperAdmin call exactly what their roles allow (the role matrix)', async () => {
    for (const [role, token] of [
      ['User', userToken],
      ['SuperAdmin', adminToken],
    ] as const) {
      for (const [key, access] of Object.entries(routeAccess)) {
        const answer = await call(key, { authorization: `Bearer ${token}` });
        if (roleMayCall(access, role)) expect(passed(answer), `${role} ${key}`).toBe(true);
        else expect(answer, `${role} ${key}`).toEqual({ status: 403, code: 'FORBIDDEN' });
      }
    }
  });

  it('lets a public link read only what it shares, and nothing else', async () => {
    for (const [key, access] of Object.entries(routeAccess)) {
      const answer = await call(key, { 'x-public-board-id': shareId });
      if (shareMayCall(access)) expect(passed(answer), key).toBe(true);
      else expect(answer.status, key).toBeOneOf([401, 403]);
      if (access.kind !== 'viewer' && access.kind !== 'public' && access.kind !== 'loopback')
        expect(answer.code, key).toBe('UNAUTHORIZED');
    }
    // Only reads: no viewer row is anything but a GET.
    expect(
      Object.entries(routeAccess)
        .filter(([, a]) => a.kind === 'viewer')
        .every(([key]) => key.startsWith('GET ')),
    ).toBe(true);
  });

  it('refuses a route that was added without a row, whoever calls it', async () => {
    const api = new Hono<AppEnv>()
      .use(withRouteAccess(t.deps))
      .get('/health', (c) => c.json({ ok: true }))
      .get('/group-account/:id/secrets', (c) => c.json({ leaked: true }));
    const app = new Hono().onError(handleError).route('/api', api);
    expect((await app.request('/api/health')).status).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${adminToken}` }] as Record<string, string>[]) {
      const res = await app.request(`/api/group-account/${t.boardId}/secrets`, { headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this resource' });
    }
  });
});
