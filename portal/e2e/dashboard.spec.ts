import type { Page } from '@playwright/test';
import { expect, test } from './csp';

const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
// Whole units, groups of three split by a space (normal or no-break), optional minus sign.
const WHOLE_UNITS = /^[-−]?\d{1,3}(?:[ \u00a0\u202f]\d{3})*$/;
const digitsOf = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '').replace('−', '-');

/** The demo company's numbers straight from the API, to compare with what the browser shows. */
async function apiFigures(page: Page, year: number) {
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  const { jwtToken } = await login.json();
  const headers = { authorization: `Bearer ${jwtToken}` };
  const [board] = await (await page.request.get('/api/group-account', { headers })).json();
  const range = `startDate=${year}-01-01&endDate=${year}-12-31`;
  const customers = await (
    await page.request.get(`/api/widgets/top-ten/customers?${range}`, {
      headers: { ...headers, 'x-board-id': board._id },
    })
  ).json();
  const report = await (await page.request.get(`/api/profit-loss?groupId=${board._id}&${range}`, { headers })).json();
  return { board, customers, report };
}

test('the demo user logs in and sees the top customers and the profit and loss with real numbers', async ({
  page,
}, testInfo) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);

  // Wrong credentials first, in English: the spec's message.
  await page.getByTestId('lang-en').click();
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill('Wrong-password1');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect Credentials');

  // Then the real password, back in Norwegian; the redirect parameter brings us to the dashboard.
  await page.getByTestId('lang-nor').click();
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('current-board-name')).toHaveText('Nordlys Energiteknikk AS');

  // Last year always has twelve full months of demo data, whatever today's date is.
  const year = new Date().getFullYear() - 1;
  await page.getByTestId('range-lastYear').click();
  await expect(page.getByTestId('date-range')).toHaveText(`${year}/01/01 – ${year}/12/31`);
  const { customers, report } = await apiFigures(page, year);
  expect(customers).toHaveLength(10);

  const rows = page.locator('saldo-top-customers [part~="row"]');
  await expect(rows).toHaveCount(10);
  await expect(rows.first().locator('[part~="name"]')).toHaveText(customers[0].name);
  const amounts = await rows.locator('[part~="amount"]').allTextContents();
  expect(amounts).toHaveLength(10);
  amounts.forEach((text, i) => {
    expect(text.trim()).toMatch(WHOLE_UNITS);
    expect(digitsOf(text)).toBe(String(Math.round(customers[i].amount / 100)));
  });

  const resultRow = page.locator('saldo-profit-loss [part~="result-row"][data-line="result"]');
  await expect(resultRow).toBeVisible();
  const totalResult = (await resultRow.locator('[part~="total"]').textContent())?.trim() ?? '';
  expect(totalResult).toMatch(WHOLE_UNITS);
  expect(digitsOf(totalResult)).toBe(String(Math.round(report.total.result / 100)));
  const sales = page.locator('saldo-profit-loss [part~="group-row"][data-group="salesRevenue"] [part~="total"]');
  const salesTotal = report.total.groups.find((g: { group: string }) => g.group === 'salesRevenue').totalAmountOfGroup;
  expect(digitsOf((await sales.textContent()) ?? '')).toBe(String(Math.round(salesTotal / 100)));
  expect(Math.abs(salesTotal)).toBeGreaterThan(100_000_00);

  await page.waitForTimeout(300); // let the chart finish its first paint
  const screenshot = testInfo.outputPath('dashboard.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await page.screenshot({ path: 'test-results/dashboard.png', fullPage: true });
  await testInfo.attach('dashboard', { path: screenshot, contentType: 'image/png' });
});
