import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expectedLedger, monthlyFile } from '../../server/test-tools/saft-mutations/monthly.ts';
import { expect, test } from './csp';
import { DEMO, deleteBoardsNamed, loginThroughForm } from './session';

/**
 * Issue 26, finding 5's journey: the monthly refresh of a SAF-T source. A generated file for
 * January–March is uploaded and put on a board; then next month's file (March corrected, and April)
 * is uploaded on the same source with "Upload new file": March's revenue on screen changes to the new
 * file's, January and February stay, and nothing is doubled (each month checked against sums read
 * straight from the generated files' XML). Uploading the first file again is refused, naming the source.
 */

const COMPANY = { company: 'Månedlig Refresh AS', orgNumber: '912345670' };
const SOURCE = 'Månedlig Refresh AS';
const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04'];

async function logIn(page: Page) {
  await loginThroughForm(page, DEMO, '/login', 'en');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // The welcome prompt would cover the source's files in the screenshots.
  const welcome = page.getByTestId('welcome-dismiss');
  if (await welcome.isVisible()) await welcome.click();
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Øre to the whole kroner a statement shows (half away from zero). */
const kroner = (ore: number) => Math.sign(ore) * Math.round(Math.abs(ore) / 100);

/**
 * Sales revenue per month (report sign) from the files' XML alone: each month from the newest file
 * covering it; null for a month no file has (shown '–', not booked).
 */
function revenue(xmls: string[]): (number | null)[] {
  const ledger = expectedLedger(xmls);
  return MONTHS.map((m) => {
    const sums = ledger.months.get(m);
    return sums ? kroner(-(sums.get('3000') ?? 0)) : null;
  });
}

/**
 * Each shown month within a krone of its own rounding, or both '–': a statement is rounded as a whole
 * table so that rows and columns foot, which may move a figure by a krone (docs/numbers.md, "Figures that foot").
 */
function expectWithinKrone(shown: (number | null)[], want: (number | null)[]) {
  expect(shown.map((v) => v === null)).toEqual(want.map((v) => v === null));
  shown.forEach((v, i) => {
    if (v !== null) expect(Math.abs(v - want[i]!)).toBeLessThanOrEqual(1);
  });
}

/** The month columns of the P&L's sales revenue line, as numbers ('–', a month not booked: null). */
async function shownRevenue(page: Page): Promise<(number | null)[]> {
  await page.goto(`/profit?from=${MONTHS[0]}&to=${MONTHS.at(-1)}`);
  const row = page.locator('saldo-profit-loss [data-group="salesRevenue"]');
  await expect(row).toBeVisible();
  const cells = await row.locator('[part~="amount"]').allTextContents();
  return cells
    .slice(0, MONTHS.length)
    .map((text) => (text.trim() === '–' ? null : Number(text.replace(/[\s\u00a0]/g, ''))));
}

async function uploadIn(page: Page, file: string) {
  const modal = page.getByTestId('saft-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('saft-file-input').setInputFiles(file);
  await modal.getByTestId('saft-submit').click();
  return modal;
}

test('next month’s SAF-T file on the same source replaces its months, nothing doubled; the same file again is refused', async ({
  page,
}, testInfo) => {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-e2e-refresh-'));
  try {
    const janMar = monthlyFile({ ...COMPANY, months: ['2025-01', '2025-02', '2025-03'], version: 1 });
    const marApr = monthlyFile({ ...COMPANY, months: ['2025-03', '2025-04'], version: 2 }, '2025-01');
    const first = join(dir, 'refresh-jan-mar.xml');
    const next = join(dir, 'refresh-mar-apr.xml');
    writeFileSync(first, janMar);
    writeFileSync(next, marApr);
    await logIn(page);

    // --- the first file, as a new source ---
    await page.getByTestId('nav-ApiAccount').click();
    await expect(page.getByTestId('saft-refresh-hint')).toContainText('Upload new file');
    await page.getByTestId('upload-saft').click();
    let modal = page.getByTestId('saft-modal');
    await modal.locator('input[name="name"]').fill(SOURCE);
    modal = await uploadIn(page, first);
    await expect(modal.getByTestId('saft-done')).toContainText('24 posting lines', { timeout: 20_000 });
    await modal.getByTestId('saft-close').click();

    // --- a board over it ---
    await page.getByTestId('nav-Dashboard').click();
    await page.getByTestId('board-dropdown-button').click();
    await page.getByTestId('add-board-button').click();
    const form = page.getByTestId('board-form');
    await form.locator('input[name="boardName"]').fill(SOURCE);
    await form.locator('[data-testid="api-option"]').filter({ hasText: SOURCE }).locator('input').check();
    await form.getByTestId('board-form-submit').click();
    await expect(page.getByTestId('current-board-name')).toHaveText(SOURCE);
    const before = await shownRevenue(page);
    expectWithinKrone(before, revenue([janMar]));
    await shoot(page, testInfo, 'saft-refresh-before');

    // --- next month's file on the same source ---
    await page.getByTestId('nav-ApiAccount').click();
    const card = page.locator('[data-testid="api-account"][data-provider="saft"]').filter({ hasText: SOURCE });
    await expect(card.getByTestId('saft-file')).toHaveCount(1);
    await expect(card.getByTestId('saft-file-remove')).toHaveCount(0);
    await card.getByTestId('saft-upload-new').click();
    modal = page.getByTestId('saft-modal');
    await expect(modal).toContainText(`Upload new file for ${SOURCE}`);
    await expect(modal.locator('input[name="name"]')).toHaveCount(0);
    modal = await uploadIn(page, next);
    await expect(modal.getByTestId('saft-done')).toBeVisible({ timeout: 20_000 });
    await modal.getByTestId('saft-close').click();
    // Its files: the newer first, each with the months it covers, the older one removable.
    await expect(card.getByTestId('saft-file')).toHaveCount(2);
    await expect(card.getByTestId('saft-file-period')).toHaveText(['2025-03 – 2025-04', '2025-01 – 2025-03']);
    await expect(card.getByTestId('saft-file-uploaded').first()).toContainText('Uploaded');
    await expect(card.getByTestId('saft-file-remove')).toHaveCount(2);
    // 4 vouchers of 2 lines a month, 4 months: March counted once.
    await expect(card.getByTestId('stat-postings')).toContainText('32');
    await shoot(page, testInfo, 'saft-refresh-files');

    const after = await shownRevenue(page);
    const want = revenue([janMar, marApr]);
    expectWithinKrone(after, want);
    expect(after[2]).not.toBe(before[2]); // March is the corrected March …
    expect(after[2]!).toBeLessThan(before[2]! * 1.5); // … not the two files' March added up
    expectWithinKrone(after.slice(0, 2), before.slice(0, 2));
    await shoot(page, testInfo, 'saft-refresh-after');

    // --- the first file again: refused, naming the source it feeds ---
    await page.getByTestId('nav-ApiAccount').click();
    // Counted once the list has loaded (a count taken while it loads reads 0).
    await expect(card.getByTestId('saft-file')).toHaveCount(2);
    const sources = await page.locator('[data-testid="api-account"][data-provider="saft"]').count();
    await page.getByTestId('upload-saft').click();
    modal = await uploadIn(page, first);
    const error = modal.getByTestId('saft-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText('already been uploaded');
    await expect(modal.getByTestId('saft-error-reason')).toContainText(`“${SOURCE}”`);
    await shoot(page, testInfo, 'saft-refresh-refused');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('[data-testid="api-account"][data-provider="saft"]')).toHaveCount(sources);

    // --- removing the newer file gives March back to the first file ---
    await card.getByTestId('saft-file-remove').first().click();
    const confirm = page.getByTestId('saft-file-remove-confirm');
    await expect(confirm).toContainText('refresh-mar-apr.xml');
    await confirm.getByTestId('confirm-ok').click();
    await expect(card.getByTestId('saft-file')).toHaveCount(1);
    await expect(card.getByTestId('saft-file-remove')).toHaveCount(0);
    await expect(card.getByTestId('stat-postings')).toContainText('24', { timeout: 20_000 });
    await expect(card).toHaveAttribute('data-sync-status', /done|idle/);
    expect(await shownRevenue(page)).toEqual(before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await deleteBoardsNamed(page.request, SOURCE);
  }
});
