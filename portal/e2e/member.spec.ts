import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { authHeaders, demoBoard, dismissWelcome, invitedMember, loginThroughForm } from './session';

/**
 * Issue 27, "Each role sees its own product": a client invited as Viewer pays nothing, so their profile,
 * billing and sources pages show no plan prices, no trial and no actions their role cannot take (adding
 * sources or boards, deleting boards); billing names the owner whose plan counts.
 */

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300); // let transitions settle
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const VIEWER = { email: `klient-${Date.now()}@example.com`, password: 'Klient-2026-x' };

test.beforeAll(async ({ request }) => {
  const board = await demoBoard(request, await authHeaders(request));
  await invitedMember(request, VIEWER, 'Viewer', board._id);
});

/** No price, no trial, no buying, anywhere on the page. */
async function asksNothing(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/\d\s?kr\b|\bkr\s?\d|prøveperiode|velg en plan|abonner/i);
  await expect(page.getByTestId('billing-banner')).toHaveCount(0);
}

test("a Viewer's profile, billing and sources pages ask for nothing and offer nothing they cannot do", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await loginThroughForm(page, VIEWER);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await dismissWelcome(page);

  // Profile: their own details; no trial warning above it.
  await page.goto('/profile-settings');
  await expect(page.getByTestId('profile-settings')).toBeVisible();
  await asksNothing(page);
  await shoot(page, testInfo, 'member-1-profile');

  // Billing: who pays (the owner), no prices, no plans, no invoices.
  await page.goto('/profile-settings/billing');
  const member = page.getByTestId('billing-member');
  await expect(member).toBeVisible();
  await expect(member).toContainText('Du betaler ikke for Saldo');
  await expect(member.getByTestId('billing-owner')).toHaveCount(1);
  await expect(member.getByTestId('billing-owner')).toContainText('Demo Bruker');
  await expect(member.getByTestId('billing-owner')).toContainText('demo@saldo.no');
  await expect(page.getByTestId('billing-current')).toHaveCount(0);
  await expect(page.getByTestId('billing-trial')).toHaveCount(0);
  await expect(page.locator('#plans')).toHaveCount(0);
  await asksNothing(page);
  await shoot(page, testInfo, 'member-2-billing');

  // Sources: the board's sources to read, none to add.
  await page.goto('/api-settings/api-accounts');
  const sources = page.getByTestId('member-sources');
  await expect(sources).toBeVisible();
  await expect(sources.getByTestId('member-sources-board')).toContainText('Nordlys Energiteknikk AS');
  await expect(sources.getByTestId('member-source').first()).toBeVisible();
  for (const action of ['add-tripletex', 'upload-saft', 'add-demo'])
    await expect(page.getByTestId(action), action).toHaveCount(0);
  await asksNothing(page);
  await shoot(page, testInfo, 'member-3-sources');

  // Boards: no new board, no delete; the board dropdown offers none either.
  await page.goto('/group');
  await expect(page.getByTestId('boards-page-row')).toHaveCount(1);
  await expect(page.getByTestId('boards-page-add')).toHaveCount(0);
  await expect(page.getByTestId('boards-page-delete')).toHaveCount(0);
  await page.getByTestId('board-dropdown-button').click();
  await expect(page.getByTestId('add-board-button')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Team: nothing to invite to.
  await page.goto('/profile-settings/team');
  await expect(page.getByTestId('team-page')).toBeVisible();
  await expect(page.getByTestId('team-invite')).toHaveCount(0);
});
