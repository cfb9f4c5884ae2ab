import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E } from '../../playwright.config';

/**
 * Every route of the spec's tables (SPEC §2) with the test id its page shows, and what a walk of
 * them needs: the demo board, a sub-board of it and a public link. routes.spec.ts walks them as three
 * visitors; layout.spec.ts walks them at a phone's and a desktop's width.
 */
export const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
export const ADMIN = { email: E2E.superAdmin, password: 'Admin1234' };

export interface Ids {
  board: string;
  subBoard: string;
  publicBoard: string;
}

/** Route → the test id its page shows. `{board}` etc. are filled from `Ids`. */
export const PROTECTED: Array<[string, string]> = [
  ['/', 'dashboard'],
  ['/dashboard', 'dashboard'],
  ['/dashboard?subBoardId={subBoard}', 'dashboard'],
  ['/cashflow', 'report-page-cashflow'],
  ['/profit', 'report-page-profit'],
  ['/profit/budget', 'budget-page'],
  ['/balance-sheet', 'report-page-balanceSheet'],
  ['/profile-settings', 'profile-settings'],
  ['/profile-settings/personal-information', 'profile-settings'],
  ['/profile-settings/billing', 'billing-page'],
  ['/api-settings', 'api-accounts-page'],
  ['/api-settings/api-accounts', 'api-accounts-page'],
  ['/group', 'boards-page'],
  ['/group/{board}/embed', 'embed-keys-page'],
  ['/whats-new', 'whats-new-page'],
];
export const SUPER_ADMIN_ONLY: Array<[string, string]> = [
  ['/admin/dashboard', 'admin-users'],
  ['/admin/free-customers', 'admin-free-customers'],
  ['/admin/registration', 'admin-registration'],
  ['/customer', 'customers'],
  ['/customer/{board}', 'customer-detail'],
];
export const WITHOUT_LOGIN: Array<[string, string]> = [
  ['/login', 'login-form'],
  ['/register', 'register-form'],
  ['/register-notification?email=ny%40saldo.no', 'register-notification'],
  ['/send-verification', 'send-verification'],
  // /verify-account is walked by routes.spec.ts: without a valid token it goes on to /send-verification.
  ['/password/forgot', 'forgot-password-form'],
  ['/password/reset?token=not-a-token', 'reset-password-form'],
  ['/confirm-invitation', 'confirm-invitation'],
  ['/terms', 'terms-page'],
  ['/integration/test', 'partner-test'],
  ['/public/board/{publicBoard}', 'public-grid'],
  ['/public/profitloss/{publicBoard}', 'public-report'],
  ['/public/cashflow/{publicBoard}', 'public-report'],
  ['/public/balancesheet/{publicBoard}', 'public-report'],
];

export const fill = (route: string, ids: Ids) =>
  route.replace('{board}', ids.board).replace('{subBoard}', ids.subBoard).replace('{publicBoard}', ids.publicBoard);

export async function apiLogin(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  return (await res.json()) as { jwtToken: string };
}

/** The demo board, a sub-board of it (named `subBoardName`), and a public link sharing widgets and the three reports. */
export async function prepare(request: APIRequestContext, subBoardName: string): Promise<Ids> {
  const { jwtToken } = await apiLogin(request, DEMO);
  const headers = { authorization: `Bearer ${jwtToken}` };
  const boards = (await (await request.get('/api/group-account', { headers })).json()) as Array<{
    _id: string;
    name: string;
  }>;
  const board = boards.find((b) => b.name === 'Nordlys Energiteknikk AS') ?? boards[0]!;
  const sub = await request.post(`/api/dashboard-folders/${board._id}`, { headers, data: { name: subBoardName } });
  expect(sub.status()).toBe(201);
  const share = await request.post(`/api/group-account/${board._id}/public/share-board`, {
    headers,
    data: {
      group: board._id,
      widgets: [
        { id: 'turnover', widget: 'turnover', x: 0, y: 0, width: 6, height: 4, view: 'single' },
        { id: 'top-customers', widget: 'top-customers', x: 6, y: 0, width: 6, height: 7, view: 'single' },
      ],
      pages: [{ name: 'cashflow' }, { name: 'profitloss' }, { name: 'balancesheet' }],
      lang: 'nor',
    },
  });
  expect(share.status()).toBe(201);
  return {
    board: board._id,
    subBoard: ((await sub.json()) as { _id: string })._id,
    publicBoard: (await share.json()).boardId,
  };
}

/** The SuperAdmin signs up (the server gives SALDO_SUPERADMIN_EMAILS the role) and verifies by mail; once per server. */
export async function ensureSuperAdmin(request: APIRequestContext) {
  const signup = await request.post('/api/auth/signup', {
    data: { firstName: 'Sara', lastName: 'Admin', termsAccepted: true, ...ADMIN },
  });
  expect([201, 409]).toContain(signup.status());
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string; links: string[] }>;
  const link = outbox.find((m) => m.to === ADMIN.email)?.links.find((l) => l.includes('/verify-account?token='));
  if (link) {
    const token = new URL(link).searchParams.get('token');
    await request.patch('/api/auth/account/verify', { data: { token, password: ADMIN.password } });
  }
}

export async function loginThroughForm(page: Page, who: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
}
