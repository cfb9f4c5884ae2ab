import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { authHeaders, chooseBoard, DEMO, deleteDemoBoard, dismissWelcome, loginThroughForm } from './session';

/**
 * The dashboard's widget forms (SPEC §5): a custom widget from account entry (digits or x, Enter adds,
 * no duplicates, search from 2 characters), edited afterwards, and a consolidation over two API
 * accounts, each rendered with data in the grid.
 */
const BOARD = 'Konsern Nordlys';

/** Waits until the SDK element inside a grid item holds data, and returns that item. */
async function expectRendered(page: Page, selector: string) {
  const item = page.locator(selector);
  await expect(item).toBeVisible();
  await expect
    .poll(() =>
      item
        .locator('[data-saldo-widget]')
        .evaluate((el) => (el as Element & { state?: { status: string } }).state?.status),
    )
    .toBe('data');
  return item;
}

test('custom and consolidation widgets through their forms', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A board of two companies: the demo company and a second demo account.
  const { jwtToken } = await (await request.post('/api/auth/login', { data: DEMO })).json();
  const headers = { authorization: `Bearer ${jwtToken}` };
  const accounts = (await (await request.get('/api/api-account', { headers })).json()) as Array<{
    _id: string;
    provider: string;
  }>;
  const demo = accounts.find((a) => a.provider === 'demo')!;
  const second = await request.post('/api/api-account', { headers, data: { provider: 'demo', name: 'Datter AS' } });
  expect(second.status()).toBe(201);
  const board = await request.post('/api/group-account', {
    headers,
    data: { name: BOARD, apis: [demo._id, (await second.json())._id] },
  });
  expect(board.status()).toBe(201);

  await loginThroughForm(page, DEMO);
  await chooseBoard(page, BOARD);
  await dismissWelcome(page);

  // --- a custom widget ---
  await page.getByTestId('add-widget-button').click();
  await page.locator('[data-testid="catalogue-item"][data-widget="custom"]').click();
  const form = page.getByTestId('custom-widget-form');
  await expect(form).toBeVisible();
  await form.getByTestId('custom-widget-name').fill('Salgsinntekter');
  const range = form.getByTestId('account-entry-range');
  const input = range.getByTestId('account-input');
  // One character does not search; two do, and a result adds its account.
  await input.fill('3');
  await expect(range.getByTestId('account-search-result')).toHaveCount(0);
  await input.fill('30');
  await expect(range.getByTestId('account-search-result').first()).toBeVisible();
  // Invalid account numbers are refused with the spec's rule; Enter adds a valid one, once.
  await input.fill('0300');
  await input.press('Enter');
  await expect(range.getByTestId('account-error')).toBeVisible();
  await input.fill('3xxx');
  await input.press('Enter');
  await expect(range.getByTestId('account-chip')).toHaveCount(1);
  await input.fill('3xxx');
  await input.press('Enter');
  await expect(range.getByTestId('account-error')).toBeVisible();
  await expect(range.getByTestId('account-chip')).toHaveCount(1);
  await page.getByTestId('custom-widget-submit').click();
  await expect(page.getByText(/Custom widget added successfully|Egendefinert widget lagt til/)).toBeVisible();
  const custom = await expectRendered(page, '[data-testid="grid-widget"][data-widget="custom"]');
  await expect(custom).toContainText('Salgsinntekter');

  // Edit it: the same form, filled in.
  await custom.getByTestId('widget-edit').click();
  await expect(form.getByTestId('custom-widget-name')).toHaveValue('Salgsinntekter');
  await form.getByTestId('custom-widget-name').fill('Driftsinntekter');
  await page.getByTestId('custom-widget-submit').click();
  await expect(custom).toContainText('Driftsinntekter');

  // --- the consolidation ---
  await page.getByTestId('add-widget-button').click();
  await page.locator('[data-testid="catalogue-item"][data-widget="consolidation"]').click();
  const consolidation = page.getByTestId('consolidation-form');
  await expect(consolidation).toBeVisible();
  await consolidation.getByTestId('consolidation-name').fill('Konsernet');
  const apis = consolidation.getByTestId('consolidation-api');
  await expect(apis).toHaveCount(2);
  // One API is not a consolidation.
  await apis.first().uncheck();
  await apis.nth(1).uncheck();
  await apis.first().check();
  await page.getByTestId('consolidation-submit').click();
  await expect(consolidation.getByTestId('consolidation-apis-error')).toBeVisible();
  await apis.nth(1).check();
  await page.getByTestId('consolidation-submit').click();
  await expectRendered(page, '[data-testid="grid-widget"][data-widget="consolidation"]');

  // Both survive a reload.
  await page.reload();
  await expectRendered(page, '[data-testid="grid-widget"][data-widget="custom"]');
  await expectRendered(page, '[data-testid="grid-widget"][data-widget="consolidation"]');
  await page.screenshot({ path: test.info().outputPath('widget-forms.png'), fullPage: true });

  // Tidy up: the demo user is back to the one board the journeys expect.
  await deleteDemoBoard(request, (await board.json())._id, true);
  // Access tokens live four seconds in the journeys: a fresh login for the last call.
  const fresh = await authHeaders(request);
  expect((await request.delete(`/api/api-account/${(await second.json())._id}`, { headers: fresh })).status()).toBe(
    200,
  );
});
