import { expect, test } from './csp';
import { DEMO, DEMO_BOARD, loginThroughForm } from './session';

/**
 * Issue 31: the owner shares the board from the dashboard, opens the board's audit trail from the
 * boards page and finds the share there: when (yyyy/mm/dd HH:mm), who, what and from which address.
 */
test('a share shows in the board’s audit trail', async ({ page }, testInfo) => {
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  await page.getByTestId('share-button').click();
  const panel = page.getByTestId('share-panel');
  await panel.getByTestId('share-page-profitloss').check();
  await panel.getByTestId('share-generate').click();
  await expect(panel.getByTestId('share-link')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/group');
  const row = page.getByTestId('boards-page-row').filter({ hasText: DEMO_BOARD });
  await row.getByTestId('boards-page-audit').click();
  await expect(page).toHaveURL(/\/group\/[^/]+\/audit$/);
  await expect(page.getByTestId('audit-page')).toContainText('Logg over endringer');
  const share = page.getByTestId('audit-event').and(page.locator('[data-action="share.created"]')).first();
  await expect(share).toBeVisible();
  await expect(share).toContainText('Delte en offentlig lenke');
  await expect(share).toContainText(DEMO.email);
  await expect(share).toContainText(/\d{4}\/\d\d\/\d\d \d\d:\d\d/);
  await expect(share).toContainText('127.0.0.1');
  await page.screenshot({ path: testInfo.outputPath('audit-page.png'), fullPage: true });
});
