import type { BoardRole } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { can } from '../auth/menu.ts';
import { routeAccess, withRouteAccess } from '../auth/route-access.ts';
import type { Access } from '../auth/route-table.ts';
import { boardMember, user } from '../db/schema/index.ts';
import { roleAllows, SHORT_OF } from '../features/boards/access.ts';
import type { AppEnv } from '../http/env.ts';
import { handleError } from '../http/errors.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/**
 * The role matrix: every route the server registers, called as the board's owner, an Admin, an Editor
 * and a Viewer of it, a user of another board, a SuperAdmin, a deactivated member, nobody, and a public
 * link's visitor. Each answer is checked against the one table in the repo (auth/route-table.ts) and the
 * roles' rights (features/boards/access.ts); a route missing from the table fails the first test.
 */

/** The answers that mean "not you": anything else means the caller got past the access checks. */
const DENIED = new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SESSION_ENDED',
  'TOKEN_EXPIRED',
  'ACCOUNT_DEACTIVATED',
  'SHARE_NOT_ALLOWED',
  'BOARD_NOT_FOUND',
  ...Object.values(SHORT_OF),
]);

interface Caller {
  name: string;
  token?: string;
  /** The caller's role on the test board, null for none. */
  role: BoardRole | null;
  userRole?: 'User' | 'SuperAdmin';
  deactivated?: boolean;
}

let t: TestApp;
let board: string;
let shareId: string;
const callers: Caller[] = [];
const SHARED_CUSTOM_ID = 'shared-custom-widget';

async function userToken(email: string, options: { role?: 'SuperAdmin' } = {}): Promise<{ id: string; token: string }> {
  await t.deps.auth.api.signUpEmail({
    body: { email, password: 'Matrix1234', name: 'M X', firstName: 'M', lastName: 'X' },
  });
  await t.deps.db
    .update(user)
    .set({ emailVerified: true, role: options.role ?? 'User' })
    .where(eq(user.email, email));
  const res = await t.request('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'Matrix1234' }),
  });
  const body = await res.json();
  return { id: body.id, token: body.jwtToken };
}

beforeAll(async () => {
  t = await createTestApp();
  board = t.boardId;
  const owner = await t.login();
  callers.push({ name: 'owner', token: owner.jwtToken, role: 'owner' });
  for (const role of ['Admin', 'Editor', 'Viewer'] as const) {
    const member = await userToken(`${role.toLowerCase()}@example.no`);
    await t.deps.db.insert(boardMember).values({ boardId: board, userId: member.id, role, addedAt: new Date() });
    callers.push({ name: role, token: member.token, role });
  }
  const outsider = await userToken('other-board@example.no');
  await t.request('/api/group-account', {
    method: 'POST',
    token: outsider.token,
    body: JSON.stringify({ name: 'Their own board', apis: [] }),
  });
  callers.push({ name: 'member of another board', token: outsider.token, role: null });
  const admin = await userToken('super@example.no', { role: 'SuperAdmin' });
  callers.push({ name: 'SuperAdmin', token: admin.token, role: null, userRole: 'SuperAdmin' });
  const gone = await userToken('deactivated@example.no');
  await t.deps.db.insert(boardMember).values({ boardId: board, userId: gone.id, role: 'Viewer', addedAt: new Date() });
  await t.deps.db.update(user).set({ status: 'deactivated' }).where(eq(user.id, gone.id));
  callers.push({ name: 'deactivated', token: gone.token, role: 'Viewer', deactivated: true });
  callers.push({ name: 'nobody', role: null });

  const share = await t.request(`/api/group-account/${board}/public/share-board`, {
    method: 'POST',
    token: owner.jwtToken,
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

/**
 * A concrete call: the board's parameters are the test board (in the path, the query and the body);
 * every other parameter names nothing, so no handler changes data it should not.
 */
async function call(key: string, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
  const method = key.slice(0, key.indexOf(' '));
  const path = key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'groupId' || (name === 'id' && key.includes('/group-account/:id'))) return board;
    if (name === 'id' && key.includes('/custom/')) return SHARED_CUSTOM_ID;
    return `no-such-${name}`;
  });
  const res = await t.request(`/api${path}?groupId=${board}`, {
    method,
    headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: JSON.stringify({ groupId: board }) }),
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

/** What a caller must get from a route, by its row alone: 'pass', or the refusal's status and code. */
function expected(access: Access, caller: Caller): 'pass' | { status: number; code: string } {
  if (access.kind === 'public' || access.kind === 'loopback') return 'pass';
  if (!caller.token) return { status: 401, code: 'UNAUTHORIZED' };
  if (caller.deactivated) return { status: 403, code: 'ACCOUNT_DEACTIVATED' };
  const userRole = caller.userRole ?? 'User';
  if (access.kind === 'user') return 'pass';
  if (access.kind === 'role') return userRole === access.role ? 'pass' : { status: 403, code: 'FORBIDDEN' };
  const permission = access.kind === 'viewer' ? 'View' : access.permission;
  if (!can(userRole, access.menu, permission)) return { status: 403, code: 'FORBIDDEN' };
  if (!access.board) return 'pass';
  if (!caller.role) return { status: 404, code: 'BOARD_NOT_FOUND' };
  if (!roleAllows(caller.role, access.board.need)) return { status: 403, code: SHORT_OF[access.board.need] };
  return 'pass';
}

describe('the route table (one row per route, nothing allowed by default)', () => {
  it('has a row for every route the API registers, and no row for a route that does not exist', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(80);
    expect(
      routes.filter((r) => !(r in routeAccess)),
      'routes without a row in auth/route-table.ts',
    ).toEqual([]);
    expect(
      Object.keys(routeAccess).filter((r) => !routes.includes(r)),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers every caller on every route as the table and the roles say', async () => {
    const wrong: string[] = [];
    for (const caller of callers) {
      for (const [key, access] of Object.entries(routeAccess)) {
        const answer = await call(key, caller.token ? { authorization: `Bearer ${caller.token}` } : {});
        const want = expected(access, caller);
        const ok =
          want === 'pass'
            ? !DENIED.has(answer.code ?? '') && answer.status < 500
            : answer.status === want.status && answer.code === want.code;
        if (!ok) wrong.push(`${caller.name} ${key}: got ${answer.status} ${answer.code}, want ${JSON.stringify(want)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a public link read only what it shares, and nothing else', async () => {
    for (const [key, access] of Object.entries(routeAccess)) {
      const answer = await call(key, { 'x-public-board-id': shareId });
      const shared =
        access.kind === 'public' ||
        access.kind === 'loopback' ||
        (access.kind === 'viewer' &&
          ('page' in access.share
            ? access.share.page === 'profitloss'
            : 'widget' in access.share
              ? access.share.widget === 'turnover'
              : true));
      if (shared) expect(DENIED.has(answer.code ?? ''), key).toBe(false);
      else expect([401, 403], key).toContain(answer.status);
    }
    // Only reads: no viewer row is anything but a GET.
    const viewerRows = Object.entries(routeAccess).filter(([, a]) => a.kind === 'viewer');
    expect(viewerRows.every(([key]) => key.startsWith('GET '))).toBe(true);
  });

  it('refuses a route that was added without a row, whoever calls it', async () => {
    const api = new Hono<AppEnv>()
      .use(withRouteAccess(t.deps))
      .get('/health', (c) => c.json({ ok: true }))
      .get('/group-account/:id/secrets', (c) => c.json({ leaked: true }));
    const app = new Hono().onError(handleError).route('/api', api);
    expect((await app.request('/api/health')).status).toBe(200);
    for (const caller of callers) {
      const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
      const res = await app.request(`/api/group-account/${board}/secrets`, { headers });
      expect(res.status, caller.name).toBe(403);
      expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this resource' });
    }
  });
});
