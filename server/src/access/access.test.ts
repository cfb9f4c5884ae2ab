import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/index.ts';
import { REFRESH_REUSE_GRACE_MS } from '../features/auth/tokens.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let clock = Date.now();
let t: TestApp;
let token: string;
beforeAll(async () => {
  // A database file, as a server has: its per-request reads are kept while the file is unchanged.
  t = await createTestApp({ now: () => clock, database: 'file' });
  token = (await t.login()).jwtToken;
});

/** Every protected route of the API, with what an authorised caller would get. */
const protectedRoutes = () => [
  '/api/profile/me',
  '/api/group-account',
  `/api/group-account/${t.boardId}`,
  `/api/widgets/top-ten/customers?groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`,
  `/api/profit-loss?groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`,
  '/api/admin/users',
];

describe('access to protected routes', () => {
  it('answers 401 UNAUTHORIZED without a token or with a forged one, and never data', async () => {
    for (const path of protectedRoutes()) {
      for (const res of [await t.request(path), await t.request(path, { token: 'not.a.token' })]) {
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({
          code: 'UNAUTHORIZED',
          message: 'An error has occured, click to login again',
        });
      }
    }
  });

  it('answers 401 TOKEN_EXPIRED once the access token has expired', async () => {
    const { jwtToken } = await t.login();
    clock += 16 * 60 * 1000;
    try {
      for (const path of protectedRoutes()) {
        const res = await t.request(path, { token: jwtToken });
        expect(res.status, path).toBe(401);
        expect((await res.json()).code).toBe('TOKEN_EXPIRED');
      }
    } finally {
      clock = Date.now();
    }
  });

  it("answers 403 FORBIDDEN to a User's token on the SuperAdmin routes, and lets a SuperAdmin in", async () => {
    const res = await t.request('/api/admin/users', { token });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this resource' });
    await t.deps.db.update(user).set({ role: 'SuperAdmin' }).where(eq(user.id, t.userId));
    const admin = await t.login();
    const adminMenu = (admin as unknown as { menu: { name: string; route: string }[] }).menu;
    expect(adminMenu).toContainEqual(expect.objectContaining({ name: 'Admin', route: '/admin' }));
    expect(adminMenu).toContainEqual(expect.objectContaining({ name: 'Customer', route: '/customer' }));
    const list = await t.request('/api/admin/users', { token: admin.jwtToken });
    expect(list.status).toBe(200);
    expect((await list.json()).map((u: { email: string }) => u.email)).toContain('demo@saldo.no');
    await t.deps.db.update(user).set({ role: 'User' }).where(eq(user.id, t.userId));
  });

  it('shuts a deactivated user out at once, even with a valid token', async () => {
    const { jwtToken, refreshToken } = await t.login();
    // Let in just before, and so answered from memory until the database changes.
    expect((await t.request('/api/profile/me', { token: jwtToken })).status).toBe(200);
    await t.deps.db.update(user).set({ status: 'deactivated' }).where(eq(user.id, t.userId));
    try {
      const res = await t.request('/api/profile/me', { token: jwtToken });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('ACCOUNT_DEACTIVATED');
      const refresh = await t.request('/api/auth/refresh-token', {
        method: 'POST',
        body: JSON.stringify({ refreshToken }),
      });
      expect(refresh.status).toBe(401);
      const login = await t.request('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'demo@saldo.no', password: 'Demo1234' }),
      });
      expect((await login.json()).code).toBe('ACCOUNT_DEACTIVATED');
    } finally {
      await t.deps.db.update(user).set({ status: 'active' }).where(eq(user.id, t.userId));
    }
  });

  it('gives the SuperAdmin the full menu and a User the view-only entries', async () => {
    const me = await (await t.request('/api/profile/me', { token })).json();
    expect(me.menu.map((m: { name: string }) => m.name)).not.toContain('Admin');
    const dashboard = me.menu.find((m: { name: string }) => m.name === 'Dashboard');
    expect(dashboard.permissions).toEqual(['View']);
    expect(me.menu.find((m: { name: string }) => m.name === 'SyncBoard').permissions).toEqual(['Sync']);
    // An owner of boards has every right on the boards' entry (a Viewer's is in features/team/routes.test.ts).
    expect(me.menu.find((m: { name: string }) => m.name === 'GroupAccount').permissions).toEqual(['*']);
  });

  it('lists the partner-integration test page only for the one configured user', async () => {
    const names = (body: { menu: { name: string }[] }) => body.menu.map((m) => m.name);
    expect(names(await (await t.request('/api/profile/me', { token })).json())).not.toContain('PartnerIntegrationTest');
    const tester = await createTestApp({ partnerTestEmail: 'demo@saldo.no' });
    const login = (await tester.login()) as unknown as { jwtToken: string; menu: { name: string; route: string }[] };
    expect(login.menu).toContainEqual(
      expect.objectContaining({ name: 'PartnerIntegrationTest', route: '/integration/test' }),
    );
    const me = await (await tester.request('/api/profile/me', { token: login.jwtToken })).json();
    expect(names(me)).toContain('PartnerIntegrationTest');
  });

  it('ends the whole session when a used refresh token is presented again', async () => {
    const first = await t.login();
    const rotate = (refreshToken: string) =>
      t.request('/api/auth/refresh-token', { method: 'POST', body: JSON.stringify({ refreshToken }) });
    const second = await (await rotate(first.refreshToken)).json();
    clock += REFRESH_REUSE_GRACE_MS + 1;
    try {
      expect((await rotate(first.refreshToken)).status).toBe(401);
      // The stolen-token case: the newer token of the same session stops working too.
      expect((await rotate(second.refreshToken)).status).toBe(401);
    } finally {
      clock -= REFRESH_REUSE_GRACE_MS + 1;
    }
  });

  it('lets the browser present a just-rotated token again when the answer was lost, and withdraws the lost one', async () => {
    const first = await t.login();
    const rotate = (refreshToken: string) =>
      t.request('/api/auth/refresh-token', { method: 'POST', body: JSON.stringify({ refreshToken }) });
    // The answer to this rotation never reached the browser (a reload cut it off) ...
    const lost = await (await rotate(first.refreshToken)).json();
    // ... so it presents the old token again, moments later, and gets a working pair.
    const again = await rotate(first.refreshToken);
    expect(again.status).toBe(200);
    const renewed = await again.json();
    expect((await t.request('/api/profile/me', { token: renewed.jwtToken })).status).toBe(200);
    expect((await rotate(lost.refreshToken)).status).toBe(401);
    expect((await rotate(renewed.refreshToken)).status).toBe(200);
  });
});
