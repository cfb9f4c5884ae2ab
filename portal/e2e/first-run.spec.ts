import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { dismissWelcome } from './session';

/**
 * Issue 17's new user: sign up, verify through the mail outbox, land on the guided start instead of an
 * empty page, choose the demo company, and see a dashboard with figures.
 */

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300); // let transitions settle
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a new user signs up, verifies, lands on the guided start, tries the demo and sees figures', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `first-run-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'First-Run-2026';

  // --- sign up, in Norwegian (the default) ---
  await page.goto('/register');
  await page.getByTestId('lang-nor').click();
  const form = page.getByTestId('register-form');
  await form.locator('input[name="firstName"]').fill('Frida');
  await form.locator('input[name="lastName"]').fill('Førstegang');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="confirmPassword"]').fill(password);
  await form.locator('input[name="companyName"]').fill('Førstegang AS');
  await form.locator('input[name="termsAccepted"]').check();
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/register-notification\?email=/);

  // --- verify through the outbox, then log in ---
  await page.getByTestId('open-outbox').click();
  await expect(page).toHaveURL(/\/dev\/outbox$/);
  const message = page
    .getByTestId('outbox-message')
    .filter({ has: page.getByTestId('outbox-to').getByText(email, { exact: true }) })
    .first();
  await message.getByTestId('outbox-link').filter({ hasText: '/verify-account?token=' }).first().click();
  await page.getByTestId('verify-password-form').locator('input[name="password"]').fill(password);
  await page.getByTestId('verify-password-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('verify-success')).toBeVisible();
  await page.getByTestId('verify-login-link').click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);

  // --- the guided start: three ways on, not "Ingen tavler ennå" ---
  const start = page.getByTestId('guided-start');
  await expect(start).toBeVisible();
  await expect(start.getByRole('heading', { level: 2 })).toHaveText('Kom i gang med Saldo');
  await expect(page.getByTestId('guided-tripletex-button')).toHaveText('Koble til Tripletex');
  await expect(page.getByTestId('guided-saft-button')).toHaveText('Last opp fil');
  await expect(page.getByTestId('guided-demo-button')).toHaveText('Prøv demoen');
  await expect(page.getByText('Ingen tavler ennå')).toHaveCount(0);
  await dismissWelcome(page);
  await shoot(page, testInfo, 'first-run-1-guided-start');

  // Connect Tripletex and upload SAF-T open the API accounts' own dialogs; cancelling leaves nothing behind.
  await page.getByTestId('guided-tripletex-button').click();
  await expect(page.getByTestId('tripletex-modal')).toBeVisible();
  await page.getByTestId('tripletex-modal').getByRole('button', { name: 'Avbryt' }).click();
  await page.getByTestId('guided-saft-button').click();
  await expect(page.getByTestId('saft-modal')).toBeVisible();
  await page.getByTestId('saft-modal').getByRole('button', { name: 'Avbryt' }).click();
  await expect(start).toBeVisible();

  // --- the demo company in one click: a board, its first sync followed, then figures ---
  // Access tokens live four seconds here (playwright.config.ts): on a busy machine the first POST can
  // answer 401 and be sent again after the refresh, so the answer that counts is the one that is not a 401.
  const created = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/api-account/demo' && r.status() !== 401,
  );
  await page.getByTestId('guided-demo-button').click();
  expect((await created).status()).toBe(201);
  await expect(page.getByTestId('notification').filter({ hasText: 'Demoselskapet er klart' })).toBeVisible();
  await expect(page.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  await expect(page.getByTestId('sync-button')).toBeVisible();
  await expect(page.getByTestId('notification').filter({ hasText: 'Synkroniseringen er fullført' })).toBeVisible({
    timeout: 60_000,
  });

  const rows = page.locator('saldo-top-customers [part~="row"]');
  await expect(rows).toHaveCount(10, { timeout: 30_000 });
  await expect(rows.first()).toContainText(/\d/);
  const result = page.locator('saldo-profit-loss [part~="result-row"][data-line="result"] [part~="total"]');
  await expect(result).toHaveText(/^-?[\d\s\u00a0\u2212-]+$/);
  await expect(page.getByTestId('guided-start')).toHaveCount(0);
  // The server has a model set up here, so the assistant is offered.
  await expect(page.getByTestId('assistant-button')).toHaveText('Spør AI');
  await shoot(page, testInfo, 'first-run-2-demo-dashboard');

  // A reload keeps the new board as the current one.
  await page.reload();
  await expect(page.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  await expect(rows).toHaveCount(10);
});
