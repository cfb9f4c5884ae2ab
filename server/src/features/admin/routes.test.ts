import type { AdminCompany, AdminCompanyDetail, AdminRegistrations, AdminSummary, AdminUser } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiAccount, refreshToken, session, user } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { TRIAL_MS } from './lifecycle.ts';

const DAY = 24 * 60 * 60 * 1000;
const BOSS = { email: 'boss@saldo.no', password: 'Sjefen2026' };

// Accounts are created by the app at the real time (better-auth stamps created_at), so the test
// clock starts there and moves from it. The long access-token life keeps a token working while the
// clock is moved weeks ahead (the trial tests); expiry is tested in access/access.test.ts.
let clock = Date.now();
let t: TestApp;
let admin: string;
let demo: string;

const post = (path: string, body: unknown, token?: string) =>
  t.request(path, { method: 'POST', body: JSON.stringify(body), token });
const patch = (path: string, body: unknown, token = admin) =>
  t.request(path, { method: 'PATCH', body: JSON.stringify(body), token });
const get = async <T>(path: string, token = admin): Promise<T> => {
  const res = await t.request(path, { token });
  expect(res.status, path).toBe(200);
  return res.json();
};
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** Signs a user up through the API and, unless told not to, verifies them through the mailed link. */
async function signup(email: string, firstName: string, options: { verify?: boolean; partner?: string } = {}) {
  const password = 'Sommer2026';
  const res = await post('/api/auth/signup', {
    firstName,
    lastName: 'Nordmann',
    email,
    password,
    companyName: `${firstName} AS`,
    termsAccepted: true,
    ...(options.partner ? { integrationPartnerId: options.partner } : {}),
  });
  expect(res.status).toBe(201);
  if (options.verify !== false) {
    const [mail] = (await t.deps.mailer.outbox!.list()).filter((m) => m.to === email);
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    expect((await patch('/api/auth/account/verify', { token, password }, undefined)).status).toBe(200);
  }
  const row = await t.deps.db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  return { id: row!.id, email, password };
}

beforeEach(async () => {
  clock = Date.now();
  t = await createTestApp({
    now: () => clock,
    accessTokenTtlSeconds: 90 * 24 * 60 * 60,
    superAdminEmails: [BOSS.email],
    integrationPartners: ['partner-x'],
  });
  demo = (await t.login()).jwtToken;
  await post('/api/auth/signup', { firstName: 'Sjef', lastName: 'Admin', termsAccepted: true, ...BOSS });
  const [mail] = (await t.deps.mailer.outbox!.list()).filter((m) => m.to === BOSS.email);
  const token = new URL(mail!.links[0]!).searchParams.get('token');
  await patch('/api/auth/account/verify', { token, password: BOSS.password }, undefined);
  const res = await login(BOSS.email, BOSS.password);
  expect(res.status).toBe(200);
  admin = (await res.json()).jwtToken;
});

describe('the admin guard', () => {
  it('refuses every admin route without a token (401) and to a plain User (403)', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${t.userId}/status`, { status: 'deactivated' }],
      ['PATCH', `/api/admin/users/${t.userId}/plan`, { plan: 'free' }],
      ['GET', '/api/admin/registrations'],
      ['GET', '/api/admin/companies'],
      ['GET', `/api/admin/companies/${t.boardId}`],
    ];
    for (const [method, path, body] of routes) {
      const init = { method, ...(body ? { body: JSON.stringify(body) } : {}) };
      const anonymous = await t.request(path, init);
      expect(anonymous.status, path).toBe(401);
      expect((await anonymous.json()).code).toBe('UNAUTHORIZED');
      const plain = await t.request(path, { ...init, token: demo });
      expect(plain.status, path).toBe(403);
      expect((await plain.json()).code).toBe('FORBIDDEN');
    }
    // The User's attempts changed nothing.
    const demoRow = (await get<AdminUser[]>('/api/admin/users')).find((u) => u._id === t.userId)!;
    expect(demoRow).toMatchObject({ status: 'active', plan: 'trial' });
  });
});

describe('summary and users', () => {
  it('lists users with plan, trial end, lifecycle status and what they own', async () => {
    const users = await get<AdminUser[]>('/api/admin/users');
    expect(users.map((u) => u.email)).toEqual([BOSS.email, 'demo@saldo.no']);
    const [boss, demoUser] = users;
    expect(demoUser).toMatchObject({
      role: 'User',
      plan: 'trial',
      lifecycleStatus: 'trial',
      apiCount: 1,
      boardCount: 1,
    });
    expect(boss).toMatchObject({ role: 'SuperAdmin', plan: 'trial', apiCount: 0, boardCount: 0, isVerified: true });
    // Set when better-auth inserted the row (the schema's default, same instant as created_at to
    // within the insert's few milliseconds): 14 days after created_at.
    for (const u of users) {
      const gap = Date.parse(u.trialEndsAt!) - Date.parse(u.createdAt);
      expect(gap).toBeGreaterThanOrEqual(TRIAL_MS);
      expect(gap).toBeLessThan(TRIAL_MS + 1000);
    }
    await t.addApiAccount('saft', 'Bok AS');
    expect((await get<AdminUser[]>('/api/admin/users')).find((u) => u._id === t.userId)!.apiCount).toBe(2);
  });

  it('counts in step with signups, deactivation and free use, and agrees with the users list', async () => {
    const summary = () => get<AdminSummary>('/api/admin/summary');
    const counted = async () => {
      const users = await get<AdminUser[]>('/api/admin/users');
      const by = (s: string) => users.filter((u) => u.lifecycleStatus === s).length;
      return { users: users.length, trial: by('trial'), trialEnded: by('trialEnded'), deactivated: by('deactivated') };
    };
    expect(await summary()).toEqual({
      companies: 1,
      users: 2,
      trial: 2,
      trialEnded: 0,
      paying: 0,
      cancelled: 0,
      free: 0,
      deactivated: 0,
    });

    const kari = await signup('kari@example.no', 'Kari');
    expect(await summary()).toMatchObject({ users: 3, trial: 3 });

    expect((await patch(`/api/admin/users/${kari.id}/status`, { status: 'deactivated' })).status).toBe(200);
    expect(await summary()).toMatchObject({ users: 3, trial: 2, deactivated: 1 });

    const granted = await patch(`/api/admin/users/${t.userId}/plan`, { plan: 'free' });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ _id: t.userId, plan: 'free', lifecycleStatus: 'active' });
    expect(await summary()).toMatchObject({ users: 3, trial: 1, free: 1, deactivated: 1, paying: 0 });

    // A deactivated free account counts once, as deactivated.
    await patch(`/api/admin/users/${kari.id}/plan`, { plan: 'free' });
    expect(await summary()).toMatchObject({ trial: 1, free: 1, deactivated: 1 });
    await patch(`/api/admin/users/${kari.id}/status`, { status: 'active' });
    expect(await summary()).toMatchObject({ trial: 1, free: 2, deactivated: 0 });

    // Revoking free use puts the account back on its (still running) trial.
    await patch(`/api/admin/users/${t.userId}/plan`, { plan: 'trial' });
    expect(await summary()).toMatchObject({ trial: 2, free: 1 });

    const s = await summary();
    expect(s.trial + s.trialEnded + s.paying + s.cancelled + s.free + s.deactivated).toBe(s.users);
    expect(await counted()).toEqual({ users: s.users, trial: s.trial, trialEnded: s.trialEnded, deactivated: 0 });

    // A board made through the app is one more company.
    expect((await post('/api/group-account', { name: 'Konsern AS', apis: [] }, demo)).status).toBe(201);
    expect((await summary()).companies).toBe(2);
  });

  it('ends the trial by the clock: on trial until trialEndsAt, trial ended from then on', async () => {
    const kari = await signup('kari@example.no', 'Kari');
    await patch(`/api/admin/users/${kari.id}/plan`, { plan: 'free' });
    const users = await get<AdminUser[]>('/api/admin/users');
    const demoEnd = Date.parse(users.find((u) => u._id === t.userId)!.trialEndsAt!);
    const lastEnd = Math.max(...users.map((u) => Date.parse(u.trialEndsAt!)));

    clock = demoEnd - 1;
    expect((await get<AdminUser[]>('/api/admin/users')).find((u) => u._id === t.userId)!.lifecycleStatus).toBe('trial');
    clock = demoEnd;
    expect((await get<AdminUser[]>('/api/admin/users')).find((u) => u._id === t.userId)!.lifecycleStatus).toBe(
      'trialEnded',
    );

    clock = lastEnd + DAY;
    expect(await get<AdminSummary>('/api/admin/summary')).toMatchObject({
      users: 3,
      trial: 0,
      trialEnded: 2,
      free: 1,
    });
    const statuses = (await get<AdminUser[]>('/api/admin/users')).map((u) => [u.email, u.lifecycleStatus]);
    expect(statuses).toEqual([
      ['kari@example.no', 'active'],
      [BOSS.email, 'trialEnded'],
      ['demo@saldo.no', 'trialEnded'],
    ]);
  });
  // Paying and cancelled accounts come from billing's subscriptions: billing/admin-counts.test.ts.
});

describe('activate and deactivate', () => {
  it('shuts a deactivated user out at once: token, refresh token and login; activating lets them back', async () => {
    const kari = await signup('kari@example.no', 'Kari');
    const res = await login(kari.email, kari.password);
    const { jwtToken, refreshToken: refresh } = await res.json();
    expect((await t.request('/api/profile/me', { token: jwtToken })).status).toBe(200);

    const deactivated = await patch(`/api/admin/users/${kari.id}/status`, { status: 'deactivated' });
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({
      _id: kari.id,
      status: 'deactivated',
      lifecycleStatus: 'deactivated',
    });

    const me = await t.request('/api/profile/me', { token: jwtToken });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({ code: 'ACCOUNT_DEACTIVATED', message: 'The account is deactivated' });
    expect(await t.deps.db.select().from(refreshToken).where(eq(refreshToken.userId, kari.id))).toEqual([]);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, kari.id))).toEqual([]);
    const renewed = await post('/api/auth/refresh-token', { refreshToken: refresh });
    expect(renewed.status).toBe(401);
    const again = await login(kari.email, kari.password);
    expect(again.status).toBe(403);
    expect((await again.json()).code).toBe('ACCOUNT_DEACTIVATED');

    const activated = await patch(`/api/admin/users/${kari.id}/status`, { status: 'active' });
    expect(await activated.json()).toMatchObject({ status: 'active', lifecycleStatus: 'trial' });
    expect((await login(kari.email, kari.password)).status).toBe(200);
  });

  it('refuses to deactivate yourself, unknown users and unknown statuses', async () => {
    const boss = (await get<AdminUser[]>('/api/admin/users')).find((u) => u.email === BOSS.email)!;
    const self = await patch(`/api/admin/users/${boss._id}/status`, { status: 'deactivated' });
    expect(self.status).toBe(409);
    expect((await self.json()).code).toBe('CANNOT_DEACTIVATE_SELF');
    expect((await t.request('/api/admin/summary', { token: admin })).status).toBe(200);

    for (const path of ['/api/admin/users/nobody/status', '/api/admin/users/nobody/plan']) {
      const body = path.endsWith('status') ? { status: 'deactivated' } : { plan: 'free' };
      const res = await patch(path, body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NO_USER_FOUND', message: 'No user found' });
    }
    const bad = await patch(`/api/admin/users/${t.userId}/status`, { status: 'paused' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('registrations', () => {
  it('counts signups and verified ones per month over the last 12 months by default, and lists them', async () => {
    await signup('kari@example.no', 'Kari', { verify: false, partner: 'partner-x' });
    const body = await get<AdminRegistrations>('/api/admin/registrations');
    const today = new Date(clock).toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.from.endsWith('-01')).toBe(true);
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toEqual({ month: today.slice(0, 7), registrations: 3, verified: 2 });
    expect(body.months.slice(0, 11).every((m) => m.registrations === 0 && m.verified === 0)).toBe(true);
    expect(body.users.map((u) => [u.email, u.isVerified])).toEqual([
      ['kari@example.no', false],
      [BOSS.email, true],
      ['demo@saldo.no', true],
    ]);
    expect(body.users[0]).toMatchObject({
      name: 'Kari Nordmann',
      companyName: 'Kari AS',
      integrationPartnerId: 'partner-x',
    });
  });

  it('honours from/to and refuses a bad range', async () => {
    const past = await get<AdminRegistrations>('/api/admin/registrations?from=2020-01-15&to=2020-03-02');
    expect(past.months).toEqual([
      { month: '2020-01', registrations: 0, verified: 0 },
      { month: '2020-02', registrations: 0, verified: 0 },
      { month: '2020-03', registrations: 0, verified: 0 },
    ]);
    expect(past.users).toEqual([]);
    const today = new Date(clock).toISOString().slice(0, 10);
    const oneDay = await get<AdminRegistrations>(`/api/admin/registrations?from=${today}&to=${today}`);
    expect(oneDay.users).toHaveLength(2);
    for (const query of ['from=2026-03-01&to=2026-02-01', 'from=2026-02-30&to=2026-03-01', 'from=yesterday']) {
      const res = await t.request(`/api/admin/registrations?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect((await res.json()).code).toBe('INVALID_DATE_RANGE');
    }
  });
});

describe('companies', () => {
  it('lists every board of the install with owner, API count, widgets and public link', async () => {
    // Widget counts are the board's own dashboard as it shows: the default pair while nothing is stored
    // (board-layout.ts), never the sub-boards' widgets; the boards list (/group, the dashboard) agrees.
    const kari = await signup('kari@example.no', 'Kari');
    const kariToken = (await (await login(kari.email, kari.password)).json()).jwtToken;
    expect((await post('/api/group-account', { name: 'Kari Holding AS', apis: [] }, kariToken)).status).toBe(201);
    const share = await post(
      `/api/group-account/${t.boardId}/public/share-board`,
      {
        group: t.boardId,
        widgets: [{ id: 'w1', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4, view: 'single' }],
        pages: [],
        lang: 'en',
      },
      demo,
    );
    expect(share.status).toBe(201);
    const folder = await post(`/api/dashboard-folders/${t.boardId}`, { name: 'Salg' }, demo);
    expect(folder.status).toBe(201);
    const folderId = (await folder.json())._id;
    const widget = { id: 'w1', name: 'Topp kunder', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4 };
    const saved = await t.request(`/api/dashboard-folders/${t.boardId}/${folderId}`, {
      method: 'PUT',
      token: demo,
      body: JSON.stringify({ widgets: [{ ...widget, view: 'single' }] }),
    });
    expect(saved.status).toBe(200);

    const companies = await get<AdminCompany[]>('/api/admin/companies');
    expect(companies.map((c) => c.name)).toEqual(['Kari Holding AS', 'Nordlys Energiteknikk AS']);
    const [kariCo, demoCo] = companies;
    expect(kariCo).toMatchObject({
      owner: { id: kari.id, name: 'Kari Nordmann', email: kari.email },
      apiCount: 0,
      lastSyncedAt: null,
      widgetCount: 2,
      hasPublicLink: false,
    });
    expect(demoCo).toMatchObject({
      _id: t.boardId,
      owner: { id: t.userId, email: 'demo@saldo.no' },
      apiCount: 1,
      widgetCount: 2,
      hasPublicLink: true,
    });
    expect(demoCo!.lastSyncedAt).not.toBeNull();

    // Three widgets arranged on the board: three on /group, on /customer and on /customer/:id alike.
    const three = ['turnover', 'mrr', 'employees'].map((type, i) => ({ ...widget, id: type, widget: type, y: i * 4 }));
    const arranged = await t.request(`/api/widgets/board-preference/${t.boardId}/update`, {
      method: 'PATCH',
      token: demo,
      body: JSON.stringify({ groupId: t.boardId, widgets: three.map((w) => ({ ...w, view: 'single' })) }),
    });
    expect(arranged.status).toBe(200);
    const boards = await get<Array<{ _id: string; widgetCount: number }>>('/api/group-account', demo);
    const again = await get<AdminCompany[]>('/api/admin/companies');
    const detail = await get<AdminCompanyDetail>(`/api/admin/companies/${t.boardId}`);
    expect(boards.find((b) => b._id === t.boardId)?.widgetCount).toBe(3);
    expect(again.find((c) => c._id === t.boardId)?.widgetCount).toBe(3);
    expect(detail.widgetCount).toBe(3);
  });

  it("shows one company's owner, API accounts (never keys) and counts; an unknown id is 404", async () => {
    await t.deps.db.update(apiAccount).set({ credentials: 'sealed-secret' }).where(eq(apiAccount.id, t.apiAccountId));
    const res = await t.request(`/api/admin/companies/${t.boardId}`, { token: admin });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('sealed-secret');
    const detail: AdminCompanyDetail = JSON.parse(text);
    expect(detail).toMatchObject({
      _id: t.boardId,
      name: 'Nordlys Energiteknikk AS',
      owner: { _id: t.userId, email: 'demo@saldo.no', lifecycleStatus: 'trial', apiCount: 1 },
      subBoardCount: 0,
      widgetCount: 2,
      hasPublicLink: false,
    });
    expect(detail.apiAccounts).toEqual([
      {
        _id: t.apiAccountId,
        name: 'Nordlys Energiteknikk AS (demo)',
        provider: 'demo',
        type: 'manual',
        lastSyncedAt: expect.any(String),
        isInvalid: false,
      },
    ]);

    await t.deps.db.update(apiAccount).set({ expirationDate: '2020-01-01' }).where(eq(apiAccount.id, t.apiAccountId));
    await patch(`/api/admin/users/${t.userId}/status`, { status: 'deactivated' });
    const after = await get<AdminCompanyDetail>(`/api/admin/companies/${t.boardId}`);
    expect(after.apiAccounts[0]!.isInvalid).toBe(true);
    expect(after.owner.lifecycleStatus).toBe('deactivated');

    const missing = await t.request('/api/admin/companies/no-such-board', { token: admin });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'COMPANY_NOT_FOUND', message: 'Company not found' });
  });
});
