import type { Page, TestInfo } from '@playwright/test';
import type { KpiData } from '@saldo/contract';
import { formatNumber } from '@saldo/contract/format';
import { formatKpi } from '@saldo/contract/kpis';
import ExcelJS from 'exceljs';
import { expect, test } from './csp';

/**
 * Budgets and KPIs as a user meets them: the budget template downloaded from the budget page, filled
 * in and imported (a file with an error first: nothing imported, the row and column named), the
 * profit and loss against that budget, and a KPI of the library on the dashboard with its formula and
 * figures.
 */
const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
const NBSP = '\u00a0';
const units = (text: string | null) => Number((text ?? '').trim().replace(/[\s\u00a0]/g, ''));

/** A GET of the API as the demo user; a fresh login each time, as the browser tests' tokens live for seconds. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${(await login.json()).jwtToken}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(250); // the chart's first paint
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** One grid card as it looks (a full-page shot of a scrolled dashboard would catch the fixed shell mid-way). */
async function shootCard(card: import('@playwright/test').Locator, testInfo: TestInfo, name: string) {
  await card.page().waitForTimeout(250);
  const path = testInfo.outputPath(`${name}.png`);
  await card.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The row of the template's first sheet whose column A is `target`. */
function rowOf(sheet: ExcelJS.Worksheet, target: number): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (String(row.getCell(1).value) === String(target)) found = row;
  });
  if (!found) throw new Error(`the template has no row ${target}`);
  return found;
}

test('a budget imported from the template, the P&L against it, and a KPI on the dashboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const year = new Date().getFullYear();
  await page.goto('/profit');
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profit$/);
  if (await page.getByTestId('welcome-dismiss').isVisible()) await page.getByTestId('welcome-dismiss').click();

  // --- the budget page, from the profit and loss ---
  await page.getByTestId('budget-link').click();
  await expect(page).toHaveURL(/\/profit\/budget$/);
  await expect(page.getByTestId('budget-page')).toBeVisible();
  await expect(page.getByTestId('budget-empty')).toBeVisible();
  await expect(page.getByTestId('budget-year')).toHaveValue(String(year));

  // The template, as the browser downloads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('budget-template').click()]);
  expect(download.suggestedFilename()).toBe(`budsjett-${year}.xlsx`);
  const template = testInfo.outputPath('template.xlsx');
  await download.saveAs(template);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Konto');
  expect(sheet.getRow(1).getCell(3).value).toBe(`${year}-01`);

  // Filled in as an accountant would: sales and salaries a month, kroner, costs negative.
  for (let month = 3; month <= 14; month++) {
    rowOf(sheet, 3000).getCell(month).value = 1_500_000;
    rowOf(sheet, 5000).getCell(month).value = -400_000;
  }
  // First with a mistake: a word where February's salaries go.
  rowOf(sheet, 5000).getCell(4).value = 'fire hundre tusen';
  const broken = testInfo.outputPath('budget-with-error.xlsx');
  await workbook.xlsx.writeFile(broken);
  await page.getByTestId('budget-file').setInputFiles(broken);
  const issues = page.getByTestId('budget-issue');
  await expect(issues).toHaveCount(1);
  await expect(issues.first()).toHaveText(
    new RegExp(`^Rad ${rowOf(sheet, 5000).number}, kolonne D: «fire hundre tusen» for ${year}-02 er ikke et beløp`),
  );
  // Nothing was imported.
  await expect(page.getByTestId('budget-empty')).toBeVisible();
  await shoot(page, testInfo, 'budget-import-error');

  rowOf(sheet, 5000).getCell(4).value = -400_000;
  const good = testInfo.outputPath('budget.xlsx');
  await workbook.xlsx.writeFile(good);
  await page.getByTestId('budget-file').setInputFiles(good);
  await expect(page.getByTestId('notification').filter({ hasText: 'Budsjettet er importert' })).toBeVisible();
  await expect(issues).toHaveCount(0);
  const sales = page.locator('[data-testid="budget-row"][data-target="3000"]');
  await expect(sales.locator(`input[data-month="${year}-01"]`)).toHaveValue(`1${NBSP}500${NBSP}000`);
  await expect(sales.getByTestId('budget-row-total')).toHaveText(`18${NBSP}000${NBSP}000`);
  await expect(
    page.locator('[data-testid="budget-row"][data-target="5000"] [data-testid="budget-row-total"]'),
  ).toHaveText(`-4${NBSP}800${NBSP}000`);
  await shoot(page, testInfo, 'budget-grid');

  // A change in the grid is saved with the rest.
  await sales.locator(`input[data-month="${year}-12"]`).fill('2 000 000');
  await page.getByTestId('budget-save').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Budsjettet er lagret' })).toBeVisible();
  await expect(sales.getByTestId('budget-row-total')).toHaveText(`18${NBSP}500${NBSP}000`);

  // --- the profit and loss against the budget ---
  await page.getByTestId('budget-compare-link').click();
  await expect(page).toHaveURL(/\/profit\?compare=budget$/);
  await expect(page.getByTestId('compare-select')).toHaveValue('budget');
  const pl = page.locator('saldo-profit-loss');
  await expect(pl.locator('[part~="comparison-header"]')).toHaveText('Budsjett');
  await expect(pl.locator('[part~="change-header"]')).toHaveText('Avvik');
  await expect(pl.locator('[part~="change-percent-header"]')).toHaveText('Avvik %');
  // The budget covers the booked months, like for like: the API says which.
  const [board] = await apiGet<Array<{ _id: string }>>(page, '/api/group-account');
  const report = await apiGet<{ comparison: { months: unknown[] } }>(
    page,
    `/api/profit-loss?groupId=${board!._id}&startDate=${year}-01-01&endDate=${year}-12-31&compare=budget`,
  );
  const booked = report.comparison.months.length;
  const salesRow = pl.locator('[data-group="salesRevenue"]');
  expect(units(await salesRow.locator('[part~="comparison"]').textContent())).toBe(1_500_000 * booked);
  const actual = units(await salesRow.locator('[part~="total"]').textContent());
  expect(units(await salesRow.locator('[part~="change"]').textContent())).toBe(actual - 1_500_000 * booked);
  await expect(salesRow.locator('[part~="change-percent"]')).toHaveText(/^[+-]?\d+,\d\u00a0%$/);
  await pl.locator('[data-group="payroll"] button.toggle').click();
  await expect(pl.locator('[part~="account-row"][data-account="5000"] [part~="comparison"]')).toHaveText(
    formatNumber(-400_000 * booked),
  );
  await shoot(page, testInfo, 'profit-loss-against-budget');

  // --- a KPI from the library on the dashboard ---
  await page.goto('/dashboard');
  if (await page.getByTestId('welcome-dismiss').isVisible()) await page.getByTestId('welcome-dismiss').click();
  await page.getByTestId('add-widget-button').click();
  await page.locator('[data-testid="catalogue-item"][data-widget="kpi"]').click();
  const picker = page.getByTestId('kpi-picker');
  await expect(picker.getByTestId('variant-item')).toHaveCount(16);
  await expect(picker.locator('[data-variant="dso"]')).toContainText('Kundefordringer (1500–1559, 1580–1599)');
  await shoot(page, testInfo, 'kpi-library');
  await picker.locator('[data-variant="ebitda-margin"]').click();
  const card = page.locator('[data-testid="grid-widget"][data-widget="kpi"]');
  await expect(card).toHaveCount(1);
  const element = card.locator('saldo-kpi');
  // React sets the choice as the element's property.
  expect(await element.evaluate((el) => (el as Element & { kpi?: string }).kpi)).toBe('ebitda-margin');
  await expect
    .poll(() => element.evaluate((el) => (el as Element & { state?: { status: string } }).state?.status))
    .toBe('data');
  const data = await apiGet<KpiData>(
    page,
    `/api/widgets/kpi?groupId=${board!._id}&kpi=ebitda-margin&startDate=${year}-01-01&endDate=${year}-12-31`,
  );
  await expect(element.locator('[part="title"]')).toHaveText('EBITDA-margin');
  await expect(element.locator('[part="value"]')).toHaveText(formatKpi(data.value, 'percent'));
  await expect(element.locator('[part="formula-text"]')).toContainText(
    'Driftsresultat (3000–7999) + Avskrivning og nedskrivning (6000–6099)',
  );
  const parts = element.locator('[part="formula-parts"] dd');
  await expect(parts).toHaveCount(3);
  expect(units(await parts.nth(0).textContent())).toBe(Math.round(data.parts[0]!.amount / 100));
  await expect(element.locator('[part="stat"]')).toContainText(formatKpi(data.change, 'percent', 'nor', true));
  await shootCard(card, testInfo, 'kpi-widget');

  // And a line against its budget.
  await page.getByTestId('add-widget-button').click();
  await page.locator('[data-testid="catalogue-item"][data-widget="budget"]').click();
  await page.getByTestId('budget-picker').locator('[data-variant="salesRevenue"]').click();
  const budgetCard = page.locator('[data-testid="grid-widget"][data-widget="budget"] saldo-budget');
  await expect
    .poll(() => budgetCard.evaluate((el) => (el as Element & { state?: { status: string } }).state?.status))
    .toBe('data');
  await expect(budgetCard.locator('[part="stat"]').first()).toContainText(formatNumber(1_500_000 * booked));
  await shootCard(page.locator('[data-testid="grid-widget"][data-widget="budget"]'), testInfo, 'budget-widget');
  await shoot(page, testInfo, 'dashboard');
});
