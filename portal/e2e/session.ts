import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E } from '../../playwright.config';

/**
 * Signing in, as the journeys do it: the seeded demo user and the SuperAdmin, a login through the API
 * (for a journey's setup) or through the login form (as a person does), and the demo company's board.
 */
export interface Login {
  email: string;
  password: string;
}
export const DEMO: Login = { email: 'demo@saldo.no', password: 'Demo1234' };
export const ADMIN: Login = { email: E2E.superAdmin, password: 'Admin1234' };
/** The demo company's board, seeded on the server's first start. */
export const DEMO_BOARD = 'Nordlys Energiteknikk AS';

export async function apiLogin(request: APIRequestContext, who: Login) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  return (await res.json()) as { jwtToken: string };
}

/** The authorization header of a new API login (by default the demo user's). */
export async function authHeaders(request: APIRequestContext, who: Login = DEMO) {
  return { authorization: `Bearer ${(await apiLogin(request, who)).jwtToken}` };
}

/** The demo company's board among the user's boards (their first, should another journey have renamed it). */
export async function demoBoard(request: APIRequestContext, headers: Record<string, string>) {
  const boards = (await (await request.get('/api/group-account', { headers })).json()) as Array<{
    _id: string;
    name: string;
  }>;
  return boards.find((b) => b.name === DEMO_BOARD) ?? boards[0]!;
}

/** A further board of the demo user over the demo company's sources, made through the API: its id. */
export async function addDemoCopyBoard(request: APIRequestContext, name: string): Promise<string> {
  const headers = await authHeaders(request);
  const [demo] = (await (await request.get('/api/group-account', { headers })).json()) as Array<{ apis: string[] }>;
  const made = await request.post('/api/group-account', { headers, data: { name, apis: demo!.apis } });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { _id: string })._id;
}

/** Deletes a board of the demo user (`forced` also when it has sources). */
export async function deleteDemoBoard(request: APIRequestContext, id: string, forced = false): Promise<void> {
  const res = await request.delete(`/api/group-account/${id}${forced ? '?forced=forced' : ''}`, {
    headers: await authHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Deletes every board of the user named `name` (forced: with its sources), so the journeys after this one
 * sign in to one board (and its dashboard), not to the portfolio a user with several boards lands on.
 */
export async function deleteBoardsNamed(request: APIRequestContext, name: string): Promise<void> {
  const headers = await authHeaders(request);
  const boards = (await (await request.get('/api/group-account', { headers })).json()) as Array<{
    _id: string;
    name: string;
  }>;
  for (const b of boards.filter((b) => b.name === name)) await deleteDemoBoard(request, b._id, true);
}

/** Logs in through the login form at `path`, switching the page to `lang` first when one is given. */
export async function loginThroughForm(page: Page, who: Login, path = '/login', lang?: 'nor' | 'en') {
  await page.goto(path);
  if (lang) await page.getByTestId(`lang-${lang}`).click();
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
}

/** Closes the first-visit welcome card, when it is shown. */
export async function dismissWelcome(page: Page) {
  if (await page.getByTestId('welcome-prompt').isVisible()) await page.getByTestId('welcome-dismiss').click();
}

/** Picks `name` in the board menu and waits until it is the current board. */
export async function chooseBoard(page: Page, name: string) {
  await page.getByTestId('board-dropdown-button').click();
  await page.getByTestId('board-option').filter({ hasText: name }).click();
  await expect(page.getByTestId('current-board-name')).toHaveText(name);
}

/** A new account, its address verified through the development outbox, with no board or source yet. */
export async function verifiedUser(request: APIRequestContext, prefix: string): Promise<Login> {
  const who = { email: `${prefix}-${Date.now()}@example.no`, password: 'Klienter-2026' };
  const signup = await request.post('/api/auth/signup', {
    data: { firstName: 'Regn', lastName: 'Skapsfører', ...who, companyName: 'Regnskap AS', termsAccepted: true },
  });
  expect(signup.status()).toBe(201);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string; links: string[] }>;
  const link = outbox.find((m) => m.to === who.email)?.links.find((l) => l.includes('/verify-account?token='));
  const token = new URL(link!).searchParams.get('token');
  expect((await request.patch('/api/auth/account/verify', { data: { token, password: who.password } })).ok()).toBe(
    true,
  );
  return who;
}

/**
 * A new account that accepted the demo user's invitation to one board as `role` (through the invitation
 * mailed to the development outbox): a client who sees only what their role lets them.
 */
export async function invitedMember(
  request: APIRequestContext,
  who: Login,
  role: 'Viewer' | 'Editor',
  boardId: string,
): Promise<void> {
  const headers = await authHeaders(request);
  const invited = await request.post('/api/team/invitations', {
    headers,
    data: { email: who.email, role, groupIds: [boardId] },
  });
  expect(invited.status()).toBe(201);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string; links: string[] }>;
  const link = outbox.find((m) => m.to === who.email)?.links.find((l) => l.includes('/confirm-invitation?token='));
  expect(link).toBeTruthy();
  const signup = await request.post('/api/auth/signup', {
    data: {
      ...who,
      firstName: 'Kari',
      lastName: 'Klient',
      termsAccepted: true,
      invitationToken: new URL(link!).searchParams.get('token'),
    },
  });
  expect(signup.status()).toBe(201);
}
