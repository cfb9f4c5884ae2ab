import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';
import { expectLoaded, fill, type Ids, PROTECTED, prepare, SUPER_ADMIN_ONLY, WITHOUT_LOGIN } from './route-list';
import { ADMIN, DEMO, loginThroughForm } from './session';

/**
 * Every route of the spec's tables (SPEC §2), walked as three visitors: nobody, a User (the demo user)
 * and a SuperAdmin. It checks the routing rules: a protected route sends a visitor to /login with the
 * address in `redirect`; a user whose menu lacks the route goes to /dashboard; after login the user
 * lands on the redirect, or on the API accounts when they came through the integration partner.
 */

/**
 * Waits until the page has drawn what it loads after its test id appears: the dashboard its grid
 * (widgets or an empty state), every page its Saldo elements with their data or their empty state.
 * Only then does the walk move on, so a widget that loads late and breaks the CSP does so while its
 * page is still open, where csp.ts sees it.
 */
async function settled(page: Page, route: string, testId: string) {
  if (testId === 'dashboard')
    await expect(
      page.locator(
        '[data-testid="grid-widget"], [data-testid="grid-empty"], [data-testid="guided-start"], [data-testid="sub-board-missing"]',
      ),
      route,
    ).not.toHaveCount(0);
  await expectLoaded(page, route);
}

/** Opens `route`, expects to stay there (same path) with `testId` on screen, and waits for its widgets. */
async function expectPage(page: Page, route: string, testId: string) {
  await page.goto(route);
  await expect(page.getByTestId(testId), route).toBeVisible();
  const path = route.split('?')[0]!;
  // /api-settings is the API accounts page under a shorter name.
  const expected = path === '/api-settings' ? '/api-settings/api-accounts' : path;
  expect(new URL(page.url()).pathname, route).toBe(expected);
  await settled(page, route, testId);
}

let ids: Ids;
test.beforeAll(async ({ request }) => {
  ids = await prepare(request, 'Rutetest');
});

test('without login: the public routes open, every protected and admin route asks for a login', async ({ page }) => {
  // Every page of this walk runs under the server's strict CSP (csp.ts fails a test on any violation).
  const csp = (await page.goto('/login'))?.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  for (const [route, testId] of WITHOUT_LOGIN) await expectPage(page, fill(route, ids), testId);
  // A verification link that is not (or no longer) valid goes to /send-verification, saying so.
  await page.goto('/verify-account?token=not-a-token');
  await expect(page).toHaveURL(/\/send-verification$/);
  await expect(page.getByTestId('notice-error')).toBeVisible();
  // /redirect/ without a session is the login page.
  await page.goto('/redirect/');
  await expect(page).toHaveURL(/\/login$/);

  for (const [route] of [...PROTECTED, ...SUPER_ADMIN_ONLY]) {
    const address = fill(route, ids);
    await page.goto(address);
    await expect(page.getByTestId('login-form'), address).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname, address).toBe('/login');
    expect(url.searchParams.get('redirect'), address).toBe(address);
  }
  await page.screenshot({ path: test.info().outputPath('routes-login-redirect.png') });
});

test('a User: the protected routes open, the admin routes send them to /dashboard', async ({ page }) => {
  // Login follows the redirect parameter.
  await loginThroughForm(page, DEMO, `/login?redirect=${encodeURIComponent('/profit?from=x')}`);
  await expect(page).toHaveURL(/\/profit\?from=x$/);

  for (const [route, testId] of PROTECTED) await expectPage(page, fill(route, ids), testId);
  for (const [route] of SUPER_ADMIN_ONLY) {
    await page.goto(fill(route, ids));
    await expect(page.getByTestId('dashboard')).toBeVisible();
    expect(new URL(page.url()).pathname, route).toBe('/dashboard');
  }
  // An address the app does not have, and /redirect/ with a session.
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/redirect/?redirect=${encodeURIComponent('/cashflow')}`);
  await expect(page).toHaveURL(/\/cashflow$/);
  // The public routes stay public for a logged-in user too.
  await expectPage(page, fill('/public/board/{publicBoard}', ids), 'public-grid');

  // The demo user is this install's partner tester: the special link is in their profile menu only.
  await page.goto('/dashboard');
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('admin-link')).toHaveCount(0);
  await page.getByTestId('partner-test-link').click();
  await expect(page).toHaveURL(/\/integration\/test$/);
  await expect(page.getByTestId('partner-test-signed-in')).toContainText(DEMO.email);
  await page.screenshot({ path: test.info().outputPath('routes-partner-test.png') });
});

test('a SuperAdmin: the admin routes and the companies open', async ({ page }) => {
  await loginThroughForm(page, ADMIN);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('partner-test-link')).toHaveCount(0);
  await page.getByTestId('admin-link').click();
  await expect(page.getByTestId('admin-users')).toBeVisible();
  for (const [route, testId] of SUPER_ADMIN_ONLY) {
    await expectPage(page, fill(route, ids), testId);
    // The sync control is hidden on the admin pages.
    await expect(page.getByTestId('sync'), route).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`routes-${testId}.png`), fullPage: true });
  }
  await expect(page.getByTestId('customer-detail')).toContainText('Nordlys Energiteknikk AS');
  await page.screenshot({ path: test.info().outputPath('routes-customer-detail.png') });
  for (const [route, testId] of PROTECTED) await expectPage(page, fill(route, ids), testId);
});

test('the partner integration: sign in through the partner, hand over Tripletex keys, land on API accounts', async ({
  page,
}) => {
  // A wrong key is refused with the spec's message, and nothing is created.
  await page.goto('/integration/test');
  await page.locator('input[name="partnerId"]').fill(E2E.partner);
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('input[name="consumerId"]').fill('standin-consumer-token');
  await page.locator('input[name="apiKey"]').fill('wrong-employee-token');
  await page.locator('input[name="expirationDate"]').fill(`${new Date().getFullYear() + 1}-12-31`);
  await page.getByTestId('partner-test-submit').click();
  await expect(page.getByTestId('partner-test-error')).toHaveText(
    /Can not integrate: invalid credentials, try again or add credentials manually|Kan ikke integrere/,
  );
  // Now signed in (the login half succeeded); the right key creates the integration account.
  await expect(page.getByTestId('partner-test-signed-in')).toBeVisible();
  await page.locator('input[name="name"]').fill('Tripletex via partner');
  await page.locator('input[name="apiKey"]').fill('standin-employee-token');
  await page.getByTestId('partner-test-submit').click();
  await expect(page).toHaveURL(/\/api-settings\/api-accounts$/);
  const card = page.locator('[data-testid="api-account"]', { hasText: 'Tripletex via partner' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/Integrasjon|Integration/);
  await page.screenshot({ path: test.info().outputPath('routes-partner-account.png') });

  // A partner login lands on the API accounts page.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login/);
  await loginThroughForm(page, DEMO, `/login?integrationPartnerId=${E2E.partner}`);
  await expect(page).toHaveURL(/\/api-settings\/api-accounts$/);
});
