import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';

// Whole units, a space (U+00A0 or U+0020) between thousands, ASCII minus: '1 234 567', '-12 500', '0'.
const WHOLE_UNITS = /^-?\d{1,3}([ \u00a0]\d{3})*$/;

/** Every text of `cells` is a whole amount, and at least one is large enough to carry a separator. */
async function expectWholeAmounts(cells: Locator): Promise<void> {
  const texts = (await cells.allTextContents()).map((t) => t.trim()).filter((t) => t !== '');
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toMatch(WHOLE_UNITS);
  expect(texts.some((t) => /[ \u00a0]/.test(t))).toBe(true);
}

/** Waits until the widgets and reports on the page show data, and checks how they format it. */
async function expectEmbeddedData(page: Page): Promise<void> {
  const customerRows = page.locator('saldo-top-customers [part~="row"]');
  await expect(customerRows).toHaveCount(10, { timeout: 20_000 });
  await expectWholeAmounts(page.locator('saldo-top-customers [part~="amount"]'));

  // The statement's Total column: one whole amount per row.
  const plRows = page.locator('saldo-profit-loss [part~="row"]');
  await expect(plRows.first()).toBeVisible({ timeout: 20_000 });
  await expectWholeAmounts(page.locator('saldo-profit-loss [part~="amount"][part~="total"]'));

  const balanceSheet = page.locator('saldo-balance-sheet');
  if ((await balanceSheet.count()) > 0) {
    await expect(balanceSheet.locator('[part~="row"]').first()).toBeVisible({ timeout: 20_000 });
  }
  // Nothing is left loading or failed (a widget may be legitimately empty for the demo company).
  await expect(page.locator('[part~="status"]:not([part~="empty"])')).toHaveCount(0, { timeout: 20_000 });
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test('the plain HTML example embeds several widgets and reports, skipping tags the SDK lacks', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await page.goto('/examples/');
  await page.locator('#login button[type="submit"]').click();
  await expect(page.locator('#status')).toContainText('Nordlys Energiteknikk AS');
  await expectEmbeddedData(page);

  // Only tags this SDK defines are placed; the note names the ones left out (if any).
  const wanted = ['saldo-top-customers', 'saldo-top-suppliers', 'saldo-turnover', 'saldo-profit-loss'];
  wanted.push('saldo-balance-sheet');
  const defined = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), wanted);
  for (const tag of wanted) await expect(page.locator(tag)).toHaveCount(defined.includes(tag) ? 1 : 0);
  const missing = wanted.filter((t) => !defined.includes(t));
  if (missing.length > 0) await expect(page.locator('#note')).toContainText(`<${missing[0]}>`);
  else await expect(page.locator('#note')).toBeHidden();
  await expect(page.locator('#log')).toContainText('saldo-ready');
  await page.screenshot({ path: testInfo.outputPath('examples-plain.png'), fullPage: true });

  // nor/en: the page's own texts and the widgets switch together.
  await page.locator('#lang').selectOption('en');
  await expect(page.locator('#status')).toContainText('Showing');
  await expect(page.locator('saldo-profit-loss [part~="title"]')).toHaveText(/Profit and loss/i);
  await expect(page.locator('saldo-top-customers')).toHaveAttribute('lang', 'en');

  // Another period re-fetches every element.
  await page.locator('#period').selectOption('lastYear');
  const year = new Date().getFullYear() - 1;
  await expect(page.locator('saldo-top-customers')).toHaveAttribute('from', `${year}-01-01`);
  await expectEmbeddedData(page);
  expect(errors).toEqual([]);
});

test('the plain HTML example leaves out tags an older SDK does not define, and says so', async ({ page }) => {
  // An older embed bundle: its defineElements() never registers <saldo-turnover>.
  await page.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    customElements.define = (name, ctor, options) => {
      if (name !== 'saldo-turnover') define(name, ctor, options);
    };
  });
  await page.goto('/examples/');
  await page.locator('#login button[type="submit"]').click();
  await expect(page.locator('saldo-top-customers [part~="row"]')).toHaveCount(10);
  await expect(page.locator('saldo-turnover')).toHaveCount(0);
  await expect(page.locator('#note')).toBeVisible();
  await expect(page.locator('#note')).toContainText('<saldo-turnover>');
  await page.locator('#lang').selectOption('en');
  await expect(page.locator('#note')).toContainText('This version of the Saldo SDK has no <saldo-turnover>');
});

test('the React example renders the @saldo/sdk/react wrappers with a period selector', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.goto('/examples/react/');
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.locator('#status')).toContainText('Nordlys Energiteknikk AS');
  await expectEmbeddedData(page);
  await expect(page.locator('saldo-cash-flow [part~="row"]').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('examples-react.png'), fullPage: true });

  await page.getByRole('button', { name: 'I fjor' }).click();
  const year = new Date().getFullYear() - 1;
  await expect(page.locator('#status')).toContainText(`${year}/01/01 – ${year}/12/31`);
  await expect(page.locator('saldo-top-customers')).toHaveJSProperty('from', `${year}-01-01`);
  await expectEmbeddedData(page);

  await page.getByRole('combobox', { name: 'Språk' }).selectOption('en');
  await expect(page.locator('saldo-profit-loss [part~="title"]')).toHaveText(/Profit and loss/i);
  expect(errors).toEqual([]);
});
