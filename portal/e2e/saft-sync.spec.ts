import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './session';

/**
 * Issue 4's "done" journey: upload a SAF-T Financial file and watch it import, then sync the board
 * from the top bar and watch the progress reach 'Sync is completed'. Access tokens live four seconds
 * on the e2e server, so the waits below also prove the upload and the progress stream (whose token
 * travels in the URL) survive an expired token.
 */

// CI keeps shared/ beside the clone: /work/main → /work/shared.
const SAFT_FILE = fileURLToPath(
  new URL('../../../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml', import.meta.url),
);

async function logIn(page: Page) {
  await loginThroughForm(page, DEMO, '/login', 'en');
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

test('upload a SAF-T file, see it imported, then sync the board with progress', async ({ page }, testInfo) => {
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/refresh-token') refreshes.push(request.url());
  });

  await logIn(page);
  await page.getByTestId('nav-ApiAccount').click();
  await expect(page).toHaveURL(/\/api-settings\/api-accounts$/);
  const accounts = page.getByTestId('api-account');
  await expect(page.locator('[data-testid="api-account"][data-provider="demo"]')).toBeVisible();
  const before = await accounts.count();

  // --- the upload dialog checks the file first ---
  await page.getByTestId('upload-saft').click();
  const modal = page.getByTestId('saft-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('saft-submit').click();
  await expect(modal.getByTestId('file-error')).toHaveText('Choose a file to upload');

  // Let the access token expire: the upload must renew it and go through.
  await page.waitForTimeout(4500);
  await modal.getByTestId('saft-file-input').setInputFiles(SAFT_FILE);
  await modal.locator('input[name="name"]').fill('Example SAF-T 888888888');
  await modal.getByTestId('saft-submit').click();
  await expect(modal.getByTestId('saft-progress')).toBeVisible();
  await expect(modal.getByTestId('saft-done')).toContainText('170 posting lines', { timeout: 20_000 });
  await expect(modal.getByTestId('saft-percentage')).toHaveText('100 %');
  await expect(modal).toContainText('Opening balances do not net to zero');
  await modal.getByTestId('saft-close').click();
  await expect(modal).toBeHidden();

  // --- the new account in the list, with what the import found ---
  await expect(accounts).toHaveCount(before + 1);
  const saft = page.locator('[data-testid="api-account"][data-provider="saft"]').filter({
    hasText: 'Example SAF-T 888888888',
  });
  await expect(saft).toHaveAttribute('data-sync-status', /done|idle/);
  await expect(saft.getByTestId('api-account-provider')).toHaveText('SAF-T');
  await expect(saft.getByTestId('api-account-validity')).toHaveText('Valid');
  await expect(saft.getByTestId('stat-postings')).toContainText('170');
  await expect(saft.getByTestId('stat-openingBalances')).toContainText('11');
  // 9 487 049.35 NOK → whole kroner with a (no-break) space between thousands.
  await expect(saft.getByTestId('stat-debitTotal').locator('dd')).toHaveText(/^9[\s\u00a0]487[\s\u00a0]049$/);
  await expect(saft.getByTestId('api-account-warning').first()).toContainText('Opening balances do not net to zero');
  await expect(saft.getByTestId('api-account-last-synced')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await page.waitForTimeout(500); // let the notification and bar transitions settle for the screenshot
  await page.screenshot({ path: testInfo.outputPath('api-accounts.png'), fullPage: true });
  await page.screenshot({ path: 'test-results/api-accounts.png', fullPage: true });

  // --- sync the board from the dashboard ---
  await page.getByTestId('nav-Dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  const syncButton = page.getByTestId('sync-button');
  await expect(syncButton).toBeEnabled();

  // Cancel first: nothing starts.
  await syncButton.click();
  const confirm = page.getByTestId('sync-confirm');
  // No promise of a duration the work has nothing to do with (a resync takes a second, not 30 minutes).
  await expect(confirm).toContainText('The reports update when it is done.');
  await expect(confirm).not.toContainText('minutes');
  await confirm.getByTestId('confirm-cancel').click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('sync-popover')).toBeHidden();

  // The token expires again before the stream opens: the stream must still be let in.
  await page.waitForTimeout(4500);
  const refreshesBefore = refreshes.length;
  // The start call may meet the expired token and be retried after a refresh; so may the call for
  // the stream's ticket, and the stream opens with that ticket at once. No access token in its URL.
  const streamStatuses: number[] = [];
  const streamQueries: URLSearchParams[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname !== '/api/sync-board/progress') return;
    streamStatuses.push(r.status());
    streamQueries.push(url.searchParams);
  });
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sync-board' && r.status() !== 401,
  );
  await syncButton.click();
  await expect(page.locator('saldo-profit-loss [part~="result-row"]').first()).toBeVisible();
  const reportCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/widgets/top-ten/customers' || path === '/api/profit-loss') reportCalls.push(path);
  });
  await confirm.getByTestId('confirm-ok').click();
  const popover = page.getByTestId('sync-popover');
  await expect(popover).toBeVisible();
  await expect(popover).toContainText('Board Syncing');
  await expect(popover.getByTestId('sync-percentage')).toHaveText(/^\d{1,3} %$/);
  expect((await started).status()).toBe(202);
  expect(refreshes.length).toBeGreaterThan(refreshesBefore);

  await expect(page.getByTestId('notification').filter({ hasText: 'Sync is completed' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(popover.getByTestId('sync-percentage')).toHaveText('100 %');
  await expect(popover.getByTestId('sync-done')).toHaveText('Sync is completed');
  await page.screenshot({ path: 'test-results/sync-popover.png' });
  expect(streamStatuses).toEqual([200]);
  expect(streamQueries.map((q) => [q.has('token'), /^[\w-]{43}$/.test(q.get('ticket') ?? '')])).toEqual([
    [false, true],
  ]);
  // The bar hides 2 s after completion; the notification lasts 3 s.
  await expect(popover).toBeHidden({ timeout: 4000 });
  await expect(page.getByTestId('notification').filter({ hasText: 'Sync is completed' })).toBeHidden({
    timeout: 4000,
  });
  // The dashboard's widgets fetched their data again after the sync, and show it.
  expect([...new Set(reportCalls)].sort()).toEqual(['/api/profit-loss', '/api/widgets/top-ten/customers']);
  await expect(page.locator('saldo-top-customers [part~="row"]')).toHaveCount(10);
  await expect(syncButton).toBeEnabled();
});
