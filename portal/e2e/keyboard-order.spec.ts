import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { DEMO, dismissWelcome } from './session';

/**
 * Issue 27, finding 8 (the login's order and the focus after a page change) and point 9 (the board
 * list in the sidebar, no red delete button on every board row, the verify-e-mail page without a
 * request for the outbox), by keyboard only where a person would use it.
 */

/** Whether the focused element matches `selector`. */
const focusIs = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.activeElement?.matches(sel), selector);

async function pressUntil(page: Page, key: string, selector: string, max = 60) {
  for (let i = 0; i <= max; i++) {
    if (await focusIs(page, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${selector}`);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('the login form in Tab order, and a page change focusing the page’s heading', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await pressUntil(page, 'Tab', 'input[name="email"]');
  await page.keyboard.type(DEMO.email);
  // E-mail, password, the button, then "Glemt passordet?".
  const order: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(
        () =>
          document.activeElement?.getAttribute('name') ??
          document.activeElement?.getAttribute('type') ??
          document.activeElement?.textContent?.trim() ??
          '',
      ),
    );
  }
  expect(order).toEqual(['password', 'submit', 'Glemt passordet?']);
  await shoot(page, testInfo, 'login-forgot-focused');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focusIs(page, 'input[name="password"]')).toBe(true);
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await dismissWelcome(page);

  // --- a page chosen in the sidebar: the focus goes to its heading, and on into the page ---
  await pressUntil(page, 'Tab', '[data-testid="nav-ProfitLoss"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-page-profit')).toBeVisible();
  await expect.poll(() => focusIs(page, '#main h1')).toBe(true);
  await expect(page.locator('#main h1')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);

  // --- the board list in the sidebar (Tavler), its heading focused ---
  await pressUntil(page, 'Shift+Tab', '[data-testid="nav-GroupAccount"]');
  await expect(page.getByTestId('nav-GroupAccount')).toHaveText('Tavler');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('boards-page')).toBeVisible();
  await expect(page.locator('#main h1')).toBeFocused();
  await expect(page.locator('#main h1')).toHaveText('Tavler');
  await expect(page.getByTestId('nav-GroupAccount')).toHaveClass(/sidebar__link--active/);

  // No red "Slett tavle" on the rows: edit and delete behind each row's ⋮, the keyboard in the menu.
  const rows = page.getByTestId('boards-page-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.getByRole('button', { name: 'Slett tavle' })).toHaveCount(0);
  await expect(page.locator('[data-testid="boards-page"] .button--danger')).toHaveCount(0);
  await shoot(page, testInfo, 'boards-page');
  await pressUntil(page, 'Tab', '[data-testid="boards-page-options"]');
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('board-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Rediger tavle', 'Slett tavle']);
  await expect(menu.getByTestId('board-edit')).toBeFocused();
  await shoot(page, testInfo, 'boards-page-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('boards-page-options').first()).toBeFocused();
});

test('the verify-e-mail page asks no /api/dev/outbox and logs no error', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/register-notification?email=ny%40example.no');
  await expect(page.getByTestId('register-notification')).toBeVisible();
  // This server has the development outbox, for a caller on this machine: the link, from the health check.
  await expect(page.getByTestId('open-outbox')).toBeVisible();
  expect(asked).toContain('/api/health');
  expect(asked).not.toContain('/api/dev/outbox');
  expect(errors).toEqual([]);
  await context.close();
});
