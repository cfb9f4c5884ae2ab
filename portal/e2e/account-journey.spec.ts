import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';

/**
 * Issue 3's "done" journey: sign up → verify through the mail outbox → log in → survive an expired
 * access token → log out → reset the password through the outbox → log in with the new password.
 * The e2e server runs with ACCESS_TOKEN_TTL_SECONDS=4 (playwright.config.ts), so a five-second wait
 * is enough to make the next API call go through /api/auth/refresh-token.
 */

const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };

/** The newest outbox message to `email` whose links include `linkPart`, and that link. */
async function outboxLink(page: Page, email: string, linkPart: string): Promise<Locator> {
  await expect(page).toHaveURL(/\/dev\/outbox$/);
  const message = page
    .getByTestId('outbox-message')
    .filter({ has: page.getByTestId('outbox-to').getByText(email, { exact: true }) })
    .filter({ has: page.getByTestId('outbox-link').filter({ hasText: linkPart }) })
    .first();
  await expect(message).toBeVisible();
  return message.getByTestId('outbox-link').filter({ hasText: linkPart }).first();
}

async function logIn(page: Page, email: string, password: string) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

test('sign up, verify by mail, survive token expiry, log out, reset the password', async ({ page }) => {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Journey-Pass1';
  const newPassword = 'Fresh-Start-2026!';

  // --- sign up (in English, so the spec's messages can be asserted) ---
  await page.goto('/login');
  await page.getByTestId('lang-en').click();
  await page.getByTestId('register-link').click();
  await expect(page).toHaveURL(/\/register$/);
  const form = page.getByTestId('register-form');
  await form.locator('input[name="firstName"]').fill('Ada');
  await form.locator('input[name="lastName"]').fill('Journey');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill('short');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'tooShort');
  await form.locator('input[name="password"]').fill(password);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'strong');
  await form.locator('input[name="confirmPassword"]').fill(`${password}x`);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('confirmPassword-error')).toHaveText("Password didn't match");
  await expect(page.getByTestId('termsAccepted-error')).toBeVisible();
  await form.locator('input[name="confirmPassword"]').fill(password);
  await form.locator('input[name="companyName"]').fill('Journey AS');
  await form.locator('input[name="termsAccepted"]').check();
  await form.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/register-notification\?email=/);
  await expect(page.getByTestId('register-notification')).toContainText(email);
  // Not verified yet: nothing is stored as a session.
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();

  // --- verify through the outbox ---
  await page.getByTestId('open-outbox').click();
  await (await outboxLink(page, email, '/verify-account?token=')).click();
  // The link proves the mailbox, the signup's password proves the signup (issue 25, finding 5).
  const verifyForm = page.getByTestId('verify-password-form');
  await verifyForm.locator('input[name="password"]').fill('Not-The-Password1');
  await verifyForm.locator('button[type="submit"]').click();
  await expect(page.getByTestId('password-error')).toHaveText('Incorrect Credentials');
  await verifyForm.locator('input[name="password"]').fill(password);
  await verifyForm.locator('button[type="submit"]').click();
  await expect(page.getByTestId('verify-success')).toBeVisible();
  await page.getByTestId('verify-login-link').click();

  // --- log in ---
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('profile-menu-button')).toContainText('Ada Journey');

  // --- let the access token expire, then keep working ---
  const refreshCalls: string[] = [];
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/refresh-token') {
      refreshCalls.push(request.url());
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.waitForTimeout(5000);

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-link').click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  const personal = page.getByTestId('personal-information-form');
  await expect(personal.locator('input[name="email"]')).toHaveValue(email);
  await personal.locator('input[name="firstName"]').fill('Adele');
  await personal.locator('button[type="submit"]').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Profile updated' })).toBeVisible();
  await expect(page.getByTestId('profile-menu-button')).toContainText('Adele Journey');

  await page.getByTestId('nav-Dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect(refreshCalls.length).toBeGreaterThan(0);
  expect(visited.filter((path) => path === '/login')).toEqual([]);

  // --- log out ---
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('notification').filter({ hasText: 'Logout Successful' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    jwt: localStorage.getItem('jwtToken'),
    refresh: localStorage.getItem('refreshToken'),
    user: localStorage.getItem('user'),
  }));
  expect(stored).toEqual({ jwt: null, refresh: null, user: null });

  // --- reset the password through the outbox ---
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('forgot-password-success')).toBeVisible();
  await page.getByTestId('open-outbox').click();
  await (await outboxLink(page, email, '/password/reset?token=')).click();
  await expect(page).toHaveURL(/\/password\/reset\?token=/);
  await page.locator('input[name="password"]').fill(newPassword);
  await page.locator('input[name="confirmPassword"]').fill(newPassword);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toBeVisible();

  // The old password is gone, the new one works.
  await logIn(page, email, password);
  await expect(page.getByTestId('login-error')).toHaveText('Incorrect Credentials');
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('the language chosen in the profile dropdown changes the UI, is saved and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('lang-nor').click();
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page.getByTestId('nav-Cashflow')).toHaveText('Kontantstrøm');

  // Access tokens live four seconds here: a PATCH sent with an expired one answers 401 and is sent again
  // after the refresh, so the answer that counts is the one that is not a 401.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      new URL(response.url()).pathname === '/api/profile/me' &&
      response.status() !== 401,
  );
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-en').click();
  await expect(page.getByTestId('nav-Cashflow')).toHaveText('Cash flow');
  await expect(page.getByTestId('nav-ProfitLoss')).toHaveText('Profit & loss');
  const response = await saved;
  expect(response.ok()).toBe(true);
  expect((await response.json()).language).toBe('en');

  await page.reload();
  await expect(page.getByTestId('nav-Cashflow')).toHaveText('Cash flow');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Back to Norwegian, so the other journeys start from the default.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-nor').click();
  await expect(page.getByTestId('nav-Cashflow')).toHaveText('Kontantstrøm');
});
