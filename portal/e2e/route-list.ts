import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, authHeaders, DEMO, demoBoard, type Login, loginThroughForm } from './session';

export { ADMIN, apiLogin, DEMO, loginThroughForm } from './session';

/**
 * Every route of the spec's tables (SPEC §2) with the test id its page shows, and what a walk of
 * them needs: the demo board, a sub-board of it and a public link. routes.spec.ts walks them as three
 * visitors; layout.spec.ts walks them at a phone's and a desktop's width.
 */
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
  ['/profile-settings/firm', 'firm-page'],
  ['/profile-settings/billing', 'billing-page'],
  ['/api-settings', 'api-accounts-page'],
  ['/api-settings/api-accounts', 'api-accounts-page'],
  ['/group', 'boards-page'],
  ['/portfolio', 'portfolio-page'],
  ['/alerts', 'alerts-page'],
  ['/group/{board}/embed', 'embed-keys-page'],
  ['/group/{board}/audit', 'audit-page'],
  ['/group/{board}/report-packs', 'report-packs-page'],
  ['/group/templates', 'templates-page'],
  ['/whats-new', 'whats-new-page'],
];
export const SUPER_ADMIN_ONLY: Array<[string, string]> = [
  ['/admin/dashboard', 'admin-users'],
  ['/admin/free-customers', 'admin-free-customers'],
  ['/admin/registration', 'admin-registration'],
  ['/admin/audit', 'admin-audit'],
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

/** A public link to `board` sharing two widgets and the three reports, in `lang`; returns its id. */
export async function shareBoard(
  request: APIRequestContext,
  headers: Record<string, string>,
  board: string,
  lang: 'nor' | 'en',
): Promise<string> {
  const share = await request.post(`/api/group-account/${board}/public/share-board`, {
    headers,
    data: {
      group: board,
      widgets: [
        { id: 'turnover', widget: 'turnover', x: 0, y: 0, width: 6, height: 4, view: 'single' },
        { id: 'top-customers', widget: 'top-customers', x: 6, y: 0, width: 6, height: 7, view: 'single' },
      ],
      pages: [{ name: 'cashflow' }, { name: 'profitloss' }, { name: 'balancesheet' }],
      lang,
    },
  });
  expect(share.status()).toBe(201);
  return (await share.json()).boardId;
}

/**
 * What a walk needs: the demo board, a sub-board of it (named `subBoardName`), a public link sharing
 * widgets and the three reports, and the SuperAdmin.
 */
export async function prepare(request: APIRequestContext, subBoardName: string): Promise<Ids> {
  const headers = await authHeaders(request);
  const board = await demoBoard(request, headers);
  const sub = await request.post(`/api/dashboard-folders/${board._id}`, { headers, data: { name: subBoardName } });
  expect(sub.status()).toBe(201);
  const publicBoard = await shareBoard(request, headers, board._id, 'nor');
  await ensureSuperAdmin(request);
  return { board: board._id, subBoard: ((await sub.json()) as { _id: string })._id, publicBoard };
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

/** What is still loading on the page: a loading block, or a Saldo element (in any shadow root) without its data. Runs in the page. */
export function stillLoading(): string[] {
  const loading: string[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.classList.contains('loading-block')) loading.push('loading-block');
      if (element.localName.startsWith('saldo-')) {
        const status = (element as Element & { state?: { status?: string } }).state?.status;
        if (status !== 'data' && status !== 'empty') loading.push(`${element.localName}: ${status ?? 'not defined'}`);
      }
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document);
  return loading;
}

/** Waits until nothing on the page at `route` is still loading (stillLoading). */
export async function expectLoaded(page: Page, route: string) {
  await expect
    .poll(() => page.evaluate(stillLoading), { message: `${route}: still loading`, timeout: 20_000 })
    .toEqual([]);
}

interface Walk {
  /** The test id a login lands on. */
  landing: 'dashboard' | 'sidebar';
  /** Opens one route at `address` (the route filled from the ids) and checks it. */
  visit: (address: string, testId: string, route: string) => Promise<void>;
  /** The demo user's steps right after their login, and after their routes. */
  demoFirst?: () => Promise<void>;
  demoLast?: () => Promise<void>;
  /** How the demo user leaves before the SuperAdmin logs in; by default the session is dropped. */
  logOut?: () => Promise<void>;
}

/**
 * Every route of the tables, as three visitors in turn: nobody (WITHOUT_LOGIN), the demo user
 * (PROTECTED) and the SuperAdmin (SUPER_ADMIN_ONLY), each logging in through the form.
 */
export async function walkAsVisitors(page: Page, ids: Ids, walk: Walk) {
  const routes = async (list: Array<[string, string]>) => {
    for (const [route, testId] of list) await walk.visit(fill(route, ids), testId, route);
  };
  const logIn = async (who: Login) => {
    await loginThroughForm(page, who);
    await expect(page.getByTestId(walk.landing)).toBeVisible();
  };
  await routes(WITHOUT_LOGIN);
  await logIn(DEMO);
  await walk.demoFirst?.();
  await routes(PROTECTED);
  await walk.demoLast?.();
  if (walk.logOut) await walk.logOut();
  else {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
  await logIn(ADMIN);
  await routes(SUPER_ADMIN_ONLY);
}
