import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { apiLogin, DEMO, loginThroughForm } from './session';

/**
 * Issue 27, "An upload or a demo ends on a board": a SAF-T upload finishes with a board named after the
 * company in the file (name and organisation number from its header) offered with the source ticked,
 * one click from the dashboard; "Legg til demoselskap" on the sources page makes a board as "Prøv
 * demoen" does.
 */

// CI keeps shared/ beside the clone: /work/main → /work/shared.
const SAFT_FILE = fileURLToPath(
  new URL('../../../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml', import.meta.url),
);
const SECOND_FILE = fileURLToPath(
  new URL('../../../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_999999999_20161125213512.xml', import.meta.url),
);

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300); // let transitions settle
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

type BoardRow = { _id: string; name: string; apis: string[]; role: string };
async function boards(request: APIRequestContext): Promise<BoardRow[]> {
  const { jwtToken } = await apiLogin(request, DEMO);
  return (await request.get('/api/group-account', { headers: { authorization: `Bearer ${jwtToken}` } })).json();
}

type Ids = { boards: string[]; sources: string[] };
async function ids(request: APIRequestContext): Promise<Ids & { headers: Record<string, string> }> {
  const { jwtToken } = await apiLogin(request, DEMO);
  const headers = { authorization: `Bearer ${jwtToken}` };
  const boardRows = (await (await request.get('/api/group-account', { headers })).json()) as BoardRow[];
  const sourceRows = (await (await request.get('/api/api-account', { headers })).json()) as Array<{ _id: string }>;
  return { headers, boards: boardRows.map((b) => b._id), sources: sourceRows.map((a) => a._id) };
}

// The demo user is shared by the other journeys (one board, one demo source): what these make goes again.
let kept: Ids = { boards: [], sources: [] };
test.beforeEach(async ({ request }) => {
  kept = await ids(request);
});
test.afterEach(async ({ request }) => {
  const now = await ids(request);
  for (const id of now.boards.filter((b) => !kept.boards.includes(b)))
    expect((await request.delete(`/api/group-account/${id}`, { headers: now.headers })).ok()).toBe(true);
  for (const id of now.sources.filter((a) => !kept.sources.includes(a)))
    expect((await request.delete(`/api/api-account/${id}`, { headers: now.headers })).ok()).toBe(true);
});

test('a SAF-T upload ends on its board in one click', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const before = await boards(request);
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/api-settings/api-accounts');
  await expect(page.getByTestId('api-accounts-page')).toBeVisible();

  // The file's own company names the board: no name typed.
  await page.getByTestId('upload-saft').click();
  const modal = page.getByTestId('saft-modal');
  await modal.getByTestId('saft-file-input').setInputFiles(SAFT_FILE);
  await modal.getByTestId('saft-submit').click();
  await expect(modal.getByTestId('saft-done')).toBeVisible({ timeout: 30_000 });
  const offer = modal.getByTestId('board-offer');
  await expect(offer).toContainText('Filen er fra Tøyen Lekefabrikk AS (org.nr. 888888888)');
  const make = offer.getByTestId('board-offer-make');
  await expect(make).toHaveText('Lag tavlen «Tøyen Lekefabrikk AS (888888888)»');
  await shoot(page, testInfo, 'board-offer-1-import-done');

  // One click: the board, current, with the source ticked, and its dashboard.
  await make.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-board-name')).toHaveText('Tøyen Lekefabrikk AS (888888888)');
  await expect(page.getByTestId('grid-widget').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('guided-start')).toHaveCount(0);
  const after = await boards(request);
  expect(after).toHaveLength(before.length + 1);
  const made = after.find((b) => b.name === 'Tøyen Lekefabrikk AS (888888888)');
  expect(made?.role).toBe('owner');
  expect(made?.apis).toHaveLength(1);
  await shoot(page, testInfo, 'board-offer-2-dashboard');

  // A source on a board is offered no second one.
  await page.goto('/api-settings/api-accounts');
  await expect(page.locator('[data-testid="api-account"][data-provider="saft"]').first()).toBeVisible();
  await expect(page.getByTestId('board-offer')).toHaveCount(0);

  // Closed before its import ends, an upload's board is offered on the sources page.
  await page.getByTestId('upload-saft').click();
  await modal.getByTestId('saft-file-input').setInputFiles(SECOND_FILE);
  await modal.getByTestId('saft-submit').click();
  await modal.getByTestId('saft-close').click();
  const waiting = page.getByTestId('board-offer');
  await expect(waiting).toContainText('Filen er fra Selskapet AS (org.nr. 999999999)', { timeout: 30_000 });
  await shoot(page, testInfo, 'board-offer-3-sources-page');
  await waiting.getByTestId('board-offer-make').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-board-name')).toHaveText('Selskapet AS (999999999)');
});

test('"Legg til demoselskap" on the sources page makes a board, as "Prøv demoen" does', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const before = await boards(request);
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/api-settings/api-accounts');
  await page.getByTestId('add-demo').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  await expect(page.getByTestId('grid-widget').first()).toBeVisible({ timeout: 20_000 });
  const after = await boards(request);
  expect(after).toHaveLength(before.length + 1);
  const made = after.find((b) => !before.some((old) => old._id === b._id));
  expect(made).toMatchObject({ name: 'Nordlys Energiteknikk AS', role: 'owner' });
  expect(made?.apis).toHaveLength(1);
  await shoot(page, testInfo, 'board-offer-4-demo-board');
});
