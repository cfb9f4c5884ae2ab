import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';

const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
// Whole units, groups of three split by a space (normal or no-break), optional minus sign.
const WHOLE_UNITS = /^-?\d{1,3}(?:[ \u00a0]\d{3})*$/;
const units = (text: string | null) => Number((text ?? '').trim().replace(/[\s\u00a0]/g, ''));
const whole = (ore: number) => Math.round(ore / 100);

async function apiGet(page: Page, path: string) {
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  const { jwtToken } = await login.json();
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${jwtToken}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

async function shoot(page: Page, testInfo: import('@playwright/test').TestInfo, name: string) {
  await page.waitForTimeout(250); // the chart's first paint
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const amountIn = (row: Locator, part: string) => row.locator(`[part~="${part}"]`);

test('reports: profit and loss with comparison and drill-down, balance sheet, cash flow', async ({
  page,
}, testInfo) => {
  await page.goto('/profit');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofit/);
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profit$/);

  // Last year always has twelve full months of demo data; the range goes into the URL.
  const year = new Date().getFullYear() - 1;
  await page.getByTestId('range-lastYear').click();
  await expect(page).toHaveURL(new RegExp(`from=${year}-01&to=${year}-12`));
  await expect(page.getByTestId('date-range')).toHaveText(`${year}/01/01 – ${year}/12/31`);
  await expect(page.getByTestId('range-lastYear')).toHaveAttribute('aria-pressed', 'true');

  const [board] = await apiGet(page, '/api/group-account');
  const range = `groupId=${board._id}&startDate=${year}-01-01&endDate=${year}-12-31`;
  const report = await apiGet(page, `/api/profit-loss?${range}&compare=lastYear`);

  const result = page.locator('saldo-profit-loss [part~="result-row"][data-line="result"]');
  const resultTotal = amountIn(result, 'total');
  await expect(resultTotal).toHaveText(WHOLE_UNITS);
  expect(units(await resultTotal.textContent())).toBe(whole(report.total.result));
  await shoot(page, testInfo, 'profit-loss');

  // Drill-down: an account of sales revenue lists its postings, and their sum is the account's amount.
  await page.locator('saldo-profit-loss [data-group="salesRevenue"] button.toggle').click();
  const account = page.locator('saldo-profit-loss [part~="account-row"]').first();
  const accountTotal = units(await amountIn(account, 'total').textContent());
  await account.locator('button').click();
  const panel = page.getByTestId('drill-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('posting-row').first()).toBeVisible();
  expect(await panel.getByTestId('posting-row').count()).toBeGreaterThan(1);
  // Each posting shows its accounting period and its date (the period decides where it counts).
  await expect(panel.getByTestId('posting-row').first().getByTestId('posting-period')).toHaveText(/^[a-z]{3} \d{4}$/);
  await expect(panel.getByTestId('posting-row').first().getByTestId('posting-date')).toHaveText(
    /^\d{4}\/\d{2}\/\d{2}$/,
  );
  const sum = panel.getByTestId('drill-sum');
  await expect(sum).toHaveText(WHOLE_UNITS);
  expect(units(await sum.textContent())).toBe(accountTotal);
  await panel.getByTestId('drill-next').click();
  await expect(panel.getByTestId('drill-page')).toContainText('2');
  await shoot(page, testInfo, 'profit-loss-drill');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Compared with the same period last year: the comparison column holds last year's result.
  await page.getByTestId('compare-select').selectOption('lastYear');
  await expect(page).toHaveURL(/compare=lastYear/);
  await expect(page.locator('saldo-profit-loss [part~="comparison-header"]')).toHaveText(String(year - 1));
  await expect(amountIn(result, 'comparison')).toHaveText(WHOLE_UNITS);
  expect(units(await amountIn(result, 'comparison').textContent())).toBe(whole(report.comparison.total.result));
  await shoot(page, testInfo, 'profit-loss-comparison');

  // The balance sheet keeps the period (from the URL) and balances on screen.
  await page.goto(`/balance-sheet?from=${year}-01&to=${year}-12`);
  const assets = page.locator('saldo-balance-sheet [data-line="totalAssets"] [part~="amount"]').last();
  const equity = page.locator('saldo-balance-sheet [data-line="totalEquityAndLiabilities"] [part~="amount"]').last();
  await expect(assets).toHaveText(WHOLE_UNITS);
  expect(units(await assets.textContent())).toBeGreaterThan(0);
  expect(await assets.textContent()).toBe(await equity.textContent());
  await expect(page.locator('saldo-balance-sheet [part~="warning"]')).toHaveCount(0);
  await shoot(page, testInfo, 'balance-sheet');

  // Cash flow: the last month's opening cash + net change = closing cash (each rounded to whole kroner).
  await page.goto(`/cashflow?from=${year}-01&to=${year}-12`);
  const lastMonth = (line: string) => page.locator(`saldo-cash-flow [data-line="${line}"] [part="amount"]`).last();
  await expect(lastMonth('closingBalance')).toHaveText(WHOLE_UNITS);
  const opening = units(await lastMonth('openingBalance').textContent());
  const net = units(await lastMonth('netChange').textContent());
  const closing = units(await lastMonth('closingBalance').textContent());
  expect(Math.abs(opening + net - closing)).toBeLessThanOrEqual(1);
  expect(closing).toBeGreaterThan(0);
  await shoot(page, testInfo, 'cash-flow');
});
