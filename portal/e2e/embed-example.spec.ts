import { expect, test } from './csp';

test('the plain partner page embeds the top customers widget with the IIFE bundle', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/examples/');
  // The page's form is prefilled with the demo user.
  await page.locator('#login button[type="submit"]').click();
  await expect(page.locator('#status')).toContainText('Nordlys Energiteknikk AS');

  const rows = page.locator('saldo-top-customers [part~="row"]');
  await expect(rows).toHaveCount(10);
  await expect(rows.first().locator('[part~="amount"]')).toHaveText(/^\d{1,3}([ \u00a0]\d{3})+$/);
  await expect(page.locator('#log')).toContainText('saldo-ready');
  // The partner's styling reaches into the shadow root only through ::part and --saldo-* properties.
  await expect(page.locator('saldo-top-customers [part~="title"]')).toHaveCSS('color', 'rgb(43, 76, 63)');
  expect(errors).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('embed-example.png'), fullPage: true });
});
