import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { writeMutations } from '../../server/test-tools/saft-mutations/mutate.ts';
import { expect, test } from './csp';
import { DEMO, deleteBoardsNamed, loginThroughForm } from './session';

/**
 * Issue 12's journeys: the demo board's balance sheet has receivables and supplier debt, and shows no
 * data-health badge; a board over a flawed SAF-T file (one of the test tools' mutations: a customer
 * missing from the master data, on top of the example file's own unbalanced openings) shows the badge,
 * and the panel lists each warning with its severity, what it touches and what to do.
 */

const NUMBER = /^-?\d{1,3}([\s\u00a0]\d{3})*$/;

async function logIn(page: Page) {
  await loginThroughForm(page, DEMO, '/login', 'nor');
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** The amounts a statement row shows, as numbers. */
async function amounts(page: Page, row: string): Promise<number[]> {
  const cells = await page.locator(`${row} [part~="amount"]`).allTextContents();
  for (const text of cells) expect(text.trim()).toMatch(NUMBER);
  return cells.map((text) => Number(text.replace(/[\s\u00a0]/g, '')));
}

test('the demo board: receivables and supplier debt on the balance sheet, and no data-health badge', async ({
  page,
}, testInfo) => {
  await logIn(page);
  await expect(page.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');
  const year = new Date().getFullYear();
  await page.goto(`/balance-sheet?from=${year}-01&to=${year}-12`);
  const sheet = 'saldo-balance-sheet';
  await expect(page.locator(`${sheet} [data-line="totalAssets"]`)).toBeVisible();
  const receivables = await amounts(page, `${sheet} [data-group="receivables"]`);
  expect(receivables.length).toBeGreaterThan(0);
  for (const k of receivables) expect(k).toBeGreaterThan(100_000);
  // Supplier debt is an account under short-term debt.
  await page.locator(`${sheet} [data-group="shortTermDebt"] button.toggle`).click();
  const supplierDebt = await amounts(page, `${sheet} [data-account="2400"]`);
  expect(supplierDebt.length).toBe(receivables.length);
  for (const k of supplierDebt) expect(k).toBeGreaterThan(10_000);
  // The columns are headed by the dates their figures are for, and the sheet balances as shown.
  const headers = await page.locator(`${sheet} thead th`).allTextContents();
  expect(headers.slice(1).every((h) => /^\d{4}\/\d{2}\/\d{2}$/.test(h.trim()))).toBe(true);
  expect(await amounts(page, `${sheet} [data-line="totalAssets"]`)).toEqual(
    await amounts(page, `${sheet} [data-line="totalEquityAndLiabilities"]`),
  );
  await expect(page.getByTestId('data-health-badge')).toHaveCount(0);
  await shoot(page, testInfo, 'demo-balance-sheet');
});

test('a board over a flawed SAF-T file: the data-health badge, the panel, and the notice on its report', async ({
  page,
}, testInfo) => {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-e2e-mutations-'));
  try {
    const file = writeMutations(dir).get('888-unknown-customer')!;
    await logIn(page);

    // Upload the flawed file as a user would.
    await page.getByTestId('nav-ApiAccount').click();
    await page.getByTestId('upload-saft').click();
    const modal = page.getByTestId('saft-modal');
    await modal.getByTestId('saft-file-input').setInputFiles(file);
    await modal.locator('input[name="name"]').fill('Feilfil AS');
    await modal.getByTestId('saft-submit').click();
    await expect(modal.getByTestId('saft-done')).toBeVisible({ timeout: 20_000 });
    await modal.getByTestId('saft-close').click();

    // A board over it.
    await page.getByTestId('nav-Dashboard').click();
    await page.getByTestId('board-dropdown-button').click();
    await page.getByTestId('add-board-button').click();
    const form = page.getByTestId('board-form');
    await form.locator('input[name="boardName"]').fill('Feilfil AS');
    await form.locator('[data-testid="api-option"]').filter({ hasText: 'Feilfil AS' }).locator('input').check();
    await form.getByTestId('board-form-submit').click();
    await expect(page.getByTestId('current-board-name')).toHaveText('Feilfil AS');

    // The badge in the top bar: errors, coloured as such.
    const badge = page.getByTestId('data-health-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('data-severity', 'error');
    await expect(badge).toHaveAttribute('title', /^Datahelse: feil i kildene \(\d+\)$/);
    await shoot(page, testInfo, 'data-health-badge');

    // The panel: each warning with its severity, what it touches, and what to do.
    await badge.click();
    const panel = page.getByTestId('data-health-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('data-health-source')).toContainText('Feilfil AS');
    const warnings = panel.getByTestId('data-health-warning');
    await expect(warnings.first()).toHaveAttribute('data-code', 'SAFT_OPENING_NOT_BALANCED');
    await expect(warnings.first().locator('[data-severity]')).toHaveText('Feil');
    const unknown = warnings.filter({ has: page.locator('[data-severity="warning"]') });
    await expect(unknown).toHaveAttribute('data-code', 'SAFT_UNKNOWN_CUSTOMER');
    await expect(unknown).toContainText('Kunde K404');
    await expect(unknown).toContainText(/Beløp[\s\S]*kr/);
    await expect(unknown).toContainText('Hva du bør gjøre');
    const closing = warnings.filter({ hasText: 'Konto 1920:' });
    await expect(closing).toContainText('Kontoer1920');
    await shoot(page, testInfo, 'data-health-panel');

    // In English, from the profile menu's language switch.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('lang-en').click();
    await badge.click();
    await expect(panel.getByTestId('data-health-warning').first().locator('[data-severity]')).toHaveText('Error');
    await expect(panel).toContainText('What to do');
    await page.keyboard.press('Escape');

    // The board's report rests on a source with errors: the element says so under its figures.
    await page.goto('/profit?from=2017-01&to=2017-12');
    await expect(page.locator('saldo-profit-loss [part="data-notice"]')).toHaveText(
      "These figures rest on a source with errors. The board's owner can see the details under Data health.",
    );
    await shoot(page, testInfo, 'data-notice');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await deleteBoardsNamed(page.request, 'Feilfil AS');
  }
});
