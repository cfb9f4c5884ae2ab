import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { dismissWelcome, loginThroughForm, verifiedUser } from './session';

/**
 * Issue 29, "All Tripletex clients at once": an accounting office pastes one employee token, sees the
 * three client companies the Tripletex stand-in gives it (server/src/test/tripletex-standin/clients.ts),
 * connects them all with two tags, follows each company's sync, opens one of the new boards and finds
 * the three by their tag on the board list. A wrong token is told
 * in Norwegian; a second look marks every company as connected and offers none again.
 */

const CLIENTS = ['Fjordbris Bakeri AS', 'Nordlys Rørlegger AS', 'Tindefjell Sport AS'];
const EMPLOYEE_TOKEN = 'standin-employee-token';

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300); // let transitions settle
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function findClients(page: Page, token: string) {
  const modal = page.getByTestId('bulk-modal');
  await modal.locator('input[name="employeeToken"]').fill(token);
  await page.getByTestId('bulk-find').click();
}

test('an accountant connects all three Tripletex clients from one employee token', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const who = await verifiedUser(request, 'regnskap');
  await loginThroughForm(page, who);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await dismissWelcome(page);
  await page.goto('/api-settings/api-accounts');
  await expect(page.getByTestId('api-accounts-page')).toBeVisible();

  await page.getByTestId('connect-all-tripletex').click();
  const modal = page.getByTestId('bulk-modal');
  await expect(modal).toContainText('Koble til alle Tripletex-klienter');

  // A wrong token: Tripletex's refusal, in Norwegian, and nothing listed.
  await findClients(page, 'feil-nøkkel');
  await expect(page.getByTestId('bulk-error')).toContainText('Tripletex godtok ikke ansattnøkkelen');
  await shoot(page, testInfo, 'tripletex-bulk-1-wrong-token');

  // The office's token: its three clients, all offered.
  await findClients(page, EMPLOYEE_TOKEN);
  const rows = page.getByTestId('bulk-company');
  await expect(rows).toHaveCount(3);
  for (const [i, name] of CLIENTS.entries()) await expect(rows.nth(i)).toContainText(name);
  await expect(modal).toContainText('3 klienter funnet, 0 er koblet til fra før');
  await expect(page.getByTestId('bulk-all')).toBeChecked();
  // Every new board gets the office's tags.
  await page.getByTestId('bulk-tags').fill('Bygg, Vest ,Bygg');
  await shoot(page, testInfo, 'tripletex-bulk-2-clients');

  await page.getByTestId('bulk-connect').click();
  const results = page.getByTestId('bulk-result');
  await expect(results).toHaveCount(3);
  // Each company: its source and board made, then its sync to the end.
  await expect(page.getByTestId('bulk-progress')).toHaveAttribute('data-done', 'true', { timeout: 90_000 });
  for (let i = 0; i < 3; i++) await expect(results.nth(i)).toHaveAttribute('data-status', 'synced');
  await expect(modal).toContainText('3 av 3 ferdig');
  await expect(page.getByTestId('bulk-bar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('bulk-open-board')).toHaveCount(3);
  await shoot(page, testInfo, 'tripletex-bulk-3-connected');

  // A new board, opened from its link: the company's own board.
  await results.nth(1).getByTestId('bulk-open-board').click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('current-board-name')).toHaveText(CLIENTS[1]!);
  // Synced, as its source is: the board list was read again once the syncs ended.
  await expect(page.locator('main')).not.toContainText('Aldri synkronisert');
  await shoot(page, testInfo, 'tripletex-bulk-4-board');

  // The sources page lists the three, named after the companies.
  await page.goto('/api-settings/api-accounts');
  const names = page.getByTestId('api-account-name');
  await expect(names).toHaveCount(3);
  for (const name of CLIENTS) await expect(names.filter({ hasText: name })).toHaveCount(1);

  // The board list: the three boards with the tags given, and its tag filter offers them.
  await page.goto('/group');
  const boardRows = page.getByTestId('boards-page-row');
  await expect(boardRows).toHaveCount(3);
  for (let i = 0; i < 3; i++)
    await expect(boardRows.nth(i).getByTestId('boards-page-tag')).toHaveText(['#Bygg', '#Vest']);
  await expect(page.getByTestId('boards-page-filter-tag').locator('option')).toHaveText([
    'Alle stikkord',
    'Bygg',
    'Vest',
  ]);
  await page.getByTestId('boards-page-filter-tag').selectOption('Vest');
  await expect(boardRows).toHaveCount(3);
  await shoot(page, testInfo, 'tripletex-bulk-5-tagged-boards');
  await page.goto('/api-settings/api-accounts');

  // Again: every company is marked connected, none offered a second time.
  await page.getByTestId('connect-all-tripletex').click();
  await findClients(page, EMPLOYEE_TOKEN);
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(rows.nth(i)).toHaveAttribute('data-connected', 'true');
    await expect(rows.nth(i).locator('input[type="checkbox"]')).toBeDisabled();
  }
  await expect(modal).toContainText('3 klienter funnet, 3 er koblet til fra før');
  await expect(page.getByTestId('bulk-connect')).toBeDisabled();
  await shoot(page, testInfo, 'tripletex-bulk-6-all-connected');
});
