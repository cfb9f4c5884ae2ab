import type { Page, TestInfo } from '@playwright/test';
import type { KpiData } from '@saldo/contract';
import { formatKpi } from '@saldo/contract/kpis/kpis';
import { oreToKroner } from '@saldo/contract/numbers/footing';
import { formatAmount, formatNumber } from '@saldo/contract/numbers/format';
import type ExcelJS from 'exceljs';
import { downloadTemplate } from './budget-template';
import { expect, test } from './csp';
import { DEMO, dismissWelcome } from './session';

/**
 * Budgets and KPIs as a user meets them: the budget template downloaded from the budget page, filled
 * in and imported (a file with an error first: nothing imported, the row and column named), the
 * profit and loss, the balance sheet and the cash flow against that budget (the bank budgeted too, so
 * it balances), and a KPI of the library on the dashboard with its formula and
 * figures, drilled into: a ratio's numerator and denominator, and an amount's own postings.
 */
const NBSP = '\u00a0';
const units = (text: string | null) => Number((text ?? '').trim().replace(/[\s\u00a0]/g, ''));

/** A GET of the API as the demo user; a fresh login each time, as the browser tests' tokens live for seconds. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${(await login.json()).jwtToken}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.waitForTimeout(250); // the chart's first paint
  const path = testInfo.outputPath(`${name}.png`);
  // A drawer is fixed to the window: a full-page shot would cut it off.
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Closes the toasts ("Widgeten er lagt til"), which would sit over the drill panel's title in a screenshot. */
async function dismissNotifications(page: Page) {
  const close = page.getByTestId('notification').locator('.notification__close');
  for (let n = await close.count(); n > 0; n--) {
    await close.first().click();
    await expect(close).toHaveCount(n - 1);
  }
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
  await dismissWelcome(page);

  // --- the budget page, from the profit and loss ---
  await page.getByTestId('budget-link').click();
  await expect(page).toHaveURL(/\/profit\/budget$/);
  await expect(page.getByTestId('budget-page')).toBeVisible();
  await expect(page.getByTestId('budget-empty')).toBeVisible();
  await expect(page.getByTestId('budget-year')).toHaveValue(String(year));

  // The template, as the browser downloads it.
  const { workbook, sheet } = await downloadTemplate(page, testInfo, year);
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

  // --- the balance sheet and the cash flow against the budget ---
  // A budget of P&L accounts only has no other side for its result: the balance sheet says so.
  await page.goto('/balance-sheet');
  await page.getByTestId('compare-select').selectOption('budget');
  await expect(page).toHaveURL(/\/balance-sheet\?compare=budget$/);
  const bs = page.locator('saldo-balance-sheet');
  await expect(bs.locator('[part~="comparison-header"]')).toHaveText('Budsjett');
  await expect(bs.locator('[part~="change-header"]')).toHaveText('Avvik');
  await expect(bs.locator('[part~="change-percent-header"]')).toHaveText('Avvik %');
  await expect(bs.locator('[part~="budget-warning"]')).toContainText('Budsjettet går ikke i balanse');
  await shoot(page, testInfo, 'balance-sheet-budget-not-balanced');

  // So the bank is budgeted too: each month the result comes in as cash (December's sales are 2 000 000).
  const bankBudget = Array.from({ length: 12 }, (_, m) => (m === 11 ? 1_600_000 : 1_100_000));
  await page.goto('/profit/budget');
  await page.getByTestId('budget-add-input').fill('1920');
  await page.getByTestId('budget-add').click();
  const bank = page.locator('[data-testid="budget-row"][data-target="1920"]');
  for (const [m, kroner] of bankBudget.entries())
    await bank.locator(`input[data-month="${year}-${String(m + 1).padStart(2, '0')}"]`).fill(String(kroner));
  // A balance account's movement is no part of the budgeted result.
  await expect(page.getByTestId('budget-totals')).toContainText(formatNumber(18_500_000 - 4_800_000));
  await page.getByTestId('budget-save').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Budsjettet er lagret' })).toBeVisible();

  await page.goto('/balance-sheet?compare=budget');
  await expect(bs.locator('[part~="comparison-header"]')).toHaveText('Budsjett');
  await expect(bs.locator('[part~="budget-warning"]')).toHaveCount(0);
  // The budgeted bank at the last booked month end: the actual bank at 1 January plus the budgeted cash.
  const opening = await apiGet<{ months: Array<{ groups: Array<{ group: string; totalAmountOfGroup: number }> }> }>(
    page,
    `/api/balance-sheet?groupId=${board!._id}&startDate=${year - 1}-12-01&endDate=${year - 1}-12-31`,
  );
  const cashAtStart = opening.months[0]!.groups.find((g) => g.group === 'cashAndBank')!.totalAmountOfGroup;
  const budgetedCash = bankBudget.slice(0, booked).reduce((s, k) => s + k, 0);
  const bankRow = bs.locator('[data-group="cashAndBank"]');
  const shownBudget = units(await bankRow.locator('[part~="comparison"]').textContent());
  // Shown in whole kroner, footed against its part: its own rounding, or a krone from it.
  expect(Math.abs(shownBudget - (oreToKroner(cashAtStart) + budgetedCash))).toBeLessThanOrEqual(1);
  // The page shows the last month end only, then the budget's.
  const shownActual = units(await bankRow.locator('[part~="amount"]').first().textContent());
  expect(units(await bankRow.locator('[part~="change"]').textContent())).toBe(shownActual - shownBudget);
  await expect(bankRow.locator('[part~="change-percent"]')).toHaveText(/^[+-]?\d+,\d\u00a0%$/);
  await shoot(page, testInfo, 'balance-sheet-against-budget');

  await page.goto('/cashflow?compare=budget');
  const cf = page.locator('saldo-cash-flow');
  await expect(cf.locator('[part~="comparison-header"]')).toHaveText('Budsjett');
  await expect(cf.locator('[part~="change-percent-header"]')).toHaveText('Avvik %');
  await expect(cf.locator('[part~="budget-warning"]')).toHaveCount(0);
  const netChange = cf.locator('[data-line="netChange"]');
  expect(units(await netChange.locator('[part~="comparison"]').textContent())).toBe(budgetedCash);
  await shoot(page, testInfo, 'cash-flow-against-budget');

  // --- a KPI from the library on the dashboard ---
  await page.goto('/dashboard');
  await dismissWelcome(page);
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

  // --- drill from the KPI: a ratio opens its numerator and its denominator, each adding up to its amount ---
  await dismissNotifications(page);
  await element.locator('[part~="value"] button').click();
  const panel = page.getByTestId('drill-panel');
  await expect(panel.getByTestId('drill-title')).toHaveText('EBITDA-margin');
  const drillParts = panel.getByTestId('drill-part');
  await expect(drillParts).toHaveCount(2);
  await expect(drillParts.nth(0)).toContainText('Teller');
  await expect(drillParts.nth(1)).toContainText('Nevner');
  for (const [i, term] of data.terms.entries()) {
    await drillParts.nth(i).click();
    await expect(drillParts.nth(i)).toHaveAttribute('aria-pressed', 'true');
    await expect(drillParts.nth(i).getByTestId('drill-part-amount')).toHaveText(formatAmount(term.amount));
    await expect(panel.getByTestId('drill-meta')).toHaveText(
      `${data.startDate.replaceAll('-', '/')} – ${data.endDate.replaceAll('-', '/')} · kontoer ${term.accounts.replaceAll(',', ', ')}`,
    );
    await expect(panel.getByTestId('posting-row').first()).toBeVisible();
    await expect(panel.getByTestId('drill-sum')).toHaveText(formatAmount(term.amount));
    if (i === 0) await shoot(page, testInfo, 'kpi-drill-numerator', false);
  }
  // The denominator is the revenue the formula shows beside the figure.
  expect(data.terms[1]!.accounts).toBe('3000-3999');
  await expect(panel.getByTestId('drill-sum')).toHaveText((await parts.nth(2).textContent()) ?? '');
  await shoot(page, testInfo, 'kpi-drill-denominator', false);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // An amount KPI drills into itself: working capital is a balance, and its closing balance is the figure.
  await page.getByTestId('add-widget-button').click();
  await page.locator('[data-testid="catalogue-item"][data-widget="kpi"]').click();
  await page.getByTestId('kpi-picker').locator('[data-variant="working-capital"]').click();
  const working = page.locator('[data-testid="grid-widget"][data-widget="kpi"]').last().locator('saldo-kpi');
  await expect
    .poll(() => working.evaluate((el) => (el as Element & { kpi?: string; state?: { status: string } }).state?.status))
    .toBe('data');
  await expect(working.locator('[part="title"]')).toHaveText('Arbeidskapital');
  const workingValue = (await working.locator('[part="value"]').textContent()) ?? '';
  await dismissNotifications(page);
  await working.locator('[part~="value"] button').click();
  await expect(panel.getByTestId('drill-title')).toHaveText('Arbeidskapital');
  await expect(panel.getByTestId('drill-meta')).toContainText('kontoer 1400-1999, 2300-2999');
  await expect(panel.getByTestId('drill-opening-row')).toBeVisible();
  await expect(panel.getByTestId('posting-row').first()).toBeVisible();
  await expect(panel.getByTestId('drill-closing')).toHaveText(workingValue);
  // The sum and the closing balance under the first page of postings, in the shot.
  await panel.locator('.drawer__body').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await shoot(page, testInfo, 'kpi-drill-working-capital', false);
  await page.keyboard.press('Escape');

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
