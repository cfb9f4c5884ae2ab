import type { Locator, Page, TestInfo } from '@playwright/test';
import type ExcelJS from 'exceljs';
import { downloadTemplate } from './budget-template';
import { expect, test } from './csp';

// The one period control: the reports and the dashboard over the demo company, which is booked from
// January two years back to last month. Figures on screen are held against the API's.

const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
const WHOLE_UNITS = /^-?\d{1,3}(?:[ \u00a0]\d{3})*$/;
const units = (text: string | null) => Number((text ?? '').trim().replace(/[\s\u00a0]/g, ''));
const whole = (ore: number) => Math.round(ore / 100);

async function login(page: Page, path: string) {
  await page.goto(path);
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(path.replace('?', '\\?')));
  // The first visit's welcome card would cover the tables in the screenshots.
  await expect(page.getByTestId('period-control')).toBeVisible();
  const welcome = page.getByTestId('welcome-dismiss');
  if (await welcome.isVisible()) await welcome.click();
}

async function api(page: Page, path: string) {
  const { jwtToken } = await (await page.request.post('/api/auth/login', { data: DEMO })).json();
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${jwtToken}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** A PUT of the API as the demo user. */
async function apiPut(page: Page, path: string, data: unknown) {
  const { jwtToken } = await (await page.request.post('/api/auth/login', { data: DEMO })).json();
  const res = await page.request.put(path, { data, headers: { authorization: `Bearer ${jwtToken}` } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function shoot(page: Page, testInfo: TestInfo, name: string, target?: Locator) {
  await page.waitForTimeout(250); // the chart's first paint
  const path = testInfo.outputPath(`${name}.png`);
  await (target ?? page).screenshot({ path, ...(target ? {} : { fullPage: true }) });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const slash = (iso: string) => iso.replaceAll('-', '/');

test('the period control on the reports: Q2, then year to date, then compared with last year', async ({
  page,
}, testInfo) => {
  await login(page, '/profit');
  const [board] = await api(page, '/api/group-account');
  const periods = await api(page, `/api/group-account/${board._id}/periods`);
  const last: string = periods.lastBookedMonth;
  const year = Number(last.slice(0, 4));

  // The default: this year to date, up to the last booked month, not to today; nothing in the address.
  await expect(page.getByTestId('period-name')).toHaveText('Hittil i år');
  await expect(page.getByTestId('date-range')).toHaveText(`${year}/01/01 – ${slash(lastDay(last))}`);
  await expect(page).toHaveURL(/\/profit$/);
  const monthHeaders = page.locator('saldo-profit-loss thead th[scope="col"].amount:not([part])');
  const ytdMonths = Number(last.slice(5, 7));
  await expect(monthHeaders).toHaveCount(ytdMonths);

  // Q2 of last year (always booked), by keyboard: open, to the quarters, a year back, the second quarter.
  const button = page.getByTestId('period-button');
  await button.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('period-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('period-kind-month')).toBeFocused();
  await picker.getByTestId('period-kind-quarter').click();
  await picker.getByTestId('period-year-previous').click();
  await expect(picker.getByTestId('period-year')).toHaveText(String(year - 1));
  await picker.getByTestId('period-quarter-q1').focus();
  await page.keyboard.press('ArrowRight');
  await expect(picker.getByTestId('period-quarter-q2')).toBeFocused();
  await shoot(page, testInfo, 'period-picker-quarter');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(button).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`from=${year - 1}-04&to=${year - 1}-06`));
  await expect(page.getByTestId('period-name')).toHaveText(`2. kvartal ${year - 1}`);
  await expect(page.getByTestId('date-range')).toHaveText(`${year - 1}/04/01 – ${year - 1}/06/30`);
  // Three month columns and the total.
  await expect(monthHeaders).toHaveCount(3);
  await expect(monthHeaders).toHaveText([`apr ${year - 1}`, `mai ${year - 1}`, `jun ${year - 1}`]);
  const q2 = await api(
    page,
    `/api/profit-loss?groupId=${board._id}&startDate=${year - 1}-04-01&endDate=${year - 1}-06-30`,
  );
  const result = page.locator('saldo-profit-loss [part~="result-row"][data-line="result"]');
  await expect(result.locator('[part~="total"]')).toHaveText(WHOLE_UNITS);
  expect(units(await result.locator('[part~="total"]').textContent())).toBe(whole(q2.total.result));
  await shoot(page, testInfo, 'period-q2');

  // Year to date again: the months run from January to the last booked month.
  await page.getByTestId('range-ytd').click();
  await expect(page).toHaveURL(/\/profit$/);
  await expect(monthHeaders).toHaveCount(ytdMonths);
  await expect(page.getByTestId('date-range')).toHaveText(`${year}/01/01 – ${slash(lastDay(last))}`);

  // The Total column stays in view at the right edge while the months scroll (a narrow window).
  await page.setViewportSize({ width: 1000, height: 900 });
  const totalHeader = page.locator('saldo-profit-loss [part~="total-header"]');
  expect(await totalHeader.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  const scroller = page.locator('saldo-profit-loss .scroll');
  const scrolls = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
  if (scrolls) {
    await scroller.evaluate((el) => {
      el.scrollLeft = 0;
    });
    const frame = (await scroller.boundingBox())!;
    const total = (await totalHeader.boundingBox())!;
    expect(total.x + total.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(total.x).toBeGreaterThan(frame.x);
  }
  await shoot(page, testInfo, 'period-ytd-sticky-total', page.getByTestId('report-card'));
  await page.setViewportSize({ width: 1440, height: 900 });

  // Compared with the same period last year: like for like, the same booked months a year earlier.
  await page.getByTestId('compare-select').selectOption('lastYear');
  await expect(page).toHaveURL(/compare=lastYear/);
  const compared = await api(
    page,
    `/api/profit-loss?groupId=${board._id}&startDate=${year}-01-01&endDate=${lastDay(last)}&compare=lastYear`,
  );
  expect(compared.comparison.startDate).toBe(`${year - 1}-01-01`);
  expect(compared.comparison.endDate).toBe(lastDay(`${year - 1}-${last.slice(5, 7)}`));
  await expect(result.locator('[part~="comparison"]')).toHaveText(WHOLE_UNITS);
  expect(units(await result.locator('[part~="comparison"]').textContent())).toBe(
    whole(compared.comparison.total.result),
  );
  await shoot(page, testInfo, 'period-ytd-last-year');

  // The period and the comparison survive a reload, and go with the page to the balance sheet.
  await page.reload();
  await expect(page.getByTestId('compare-select')).toHaveValue('lastYear');
  await page.goto(`/balance-sheet?from=${year - 1}-04&to=${year - 1}-06`);
  await expect(page.getByTestId('period-name')).toHaveText(`2. kvartal ${year - 1}`);

  // In English the control reads in English, and dates are still yyyy/mm/dd.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-en').click();
  await expect(page.getByTestId('period-name')).toHaveText(`Q2 ${year - 1}`);
  await expect(page.getByTestId('range-ytd')).toHaveText('Year to date');
  await page.getByTestId('period-button').click();
  await page.getByTestId('period-kind-custom').click();
  await expect(page.getByTestId('period-from').locator('input')).toHaveValue(`${year - 1}/04/01`);
  await page.getByTestId('period-to-calendar').click();
  await expect(page.getByTestId('calendar-caption')).toHaveText(`June ${year - 1}`);
  await shoot(page, testInfo, 'period-custom-en');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('period-to-calendar')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('period-picker')).toBeHidden();
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-nor').click();
});

test('the comparison view of the top customers shows last year and the change per row', async ({ page }, testInfo) => {
  await login(page, '/dashboard');
  const [board] = await api(page, '/api/group-account');
  const periods = await api(page, `/api/group-account/${board._id}/periods`);
  const last: string = periods.lastBookedMonth;
  const year = Number(last.slice(0, 4));
  await expect(page.getByTestId('date-range')).toHaveText(`${year}/01/01 – ${slash(lastDay(last))}`);

  const card = page.locator('[data-testid="grid-widget"][data-widget="top-customers"]');
  await page.getByTestId('compare-select').selectOption('lastYear');
  await card.getByTestId('widget-view').selectOption('comparison');
  const list = card.locator('saldo-top-customers');
  await expect(list.locator('[part="comparison-header"]')).toHaveText('I fjor');
  const rows = await api(
    page,
    `/api/widgets/top-ten/customers?groupId=${board._id}&startDate=${year}-01-01&endDate=${lastDay(last)}&compare=lastYear`,
  );
  const shown = list.locator('tbody tr');
  await expect(shown).toHaveCount(rows.length);
  for (const [i, row] of rows.slice(0, 3).entries()) {
    const cells = shown.nth(i);
    await expect(cells.locator('[part~="comparison"]')).toHaveText(WHOLE_UNITS);
    expect(units(await cells.locator('[part~="comparison"]').textContent())).toBe(whole(row.compareAmount));
    expect(units(await cells.locator('[part~="change"]').textContent())).toBe(
      whole(row.amount) - whole(row.compareAmount),
    );
  }
  await shoot(page, testInfo, 'period-top-customers-comparison', card);
  await shoot(page, testInfo, 'period-dashboard');

  // The export dialog exports the period on screen and says what the comparison view compares with.
  await page.getByTestId('export-button').click();
  await expect(page.getByTestId('export-period')).toContainText(
    `Hittil i år · ${year}/01/01 – ${slash(lastDay(last))}`,
  );
  await expect(page.getByTestId('export-period')).toContainText('samme periode i fjor');
  await page.keyboard.press('Escape');

  // Back to the single view, as the board was.
  await card.getByTestId('widget-view').selectOption('single');
  await expect(list.locator('[part="comparison-header"]')).toHaveCount(0);
});

test('the profit and loss of last year against the year before, then against a budget imported from Excel', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const year = new Date().getFullYear() - 1; // last year: always booked in full
  await login(page, '/profit');
  const [board] = await api(page, '/api/group-account');
  // No budget on the board, whatever ran before: each year's rows cleared.
  const { years } = await api(page, `/api/budgets/${board._id}`);
  for (const y of years) await apiPut(page, `/api/budgets/${board._id}`, { year: y, rows: [] });
  await page.reload();

  const select = page.getByTestId('compare-select');
  const options = () => select.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  await page.getByTestId('range-lastYear').click();
  await expect(page.getByTestId('date-range')).toHaveText(`${year}/01/01 – ${year}/12/31`);
  // Without a budget there is none to compare with.
  expect(await options()).toEqual(['', 'previous', 'lastYear', 'yearEnd']);

  // Last year against the year before it.
  await select.selectOption('lastYear');
  await expect(page).toHaveURL(new RegExp(`from=${year}-01&to=${year}-12&compare=lastYear`));
  const pl = page.locator('saldo-profit-loss');
  const result = pl.locator('[part~="result-row"][data-line="result"]');
  const before = await api(
    page,
    `/api/profit-loss?groupId=${board._id}&startDate=${year}-01-01&endDate=${year}-12-31&compare=lastYear`,
  );
  expect(before.comparison.startDate).toBe(`${year - 1}-01-01`);
  await expect(pl.locator('[part~="change-header"]')).toHaveText('Endring');
  await expect(result.locator('[part~="comparison"]')).toHaveText(WHOLE_UNITS);
  expect(units(await result.locator('[part~="comparison"]').textContent())).toBe(whole(before.comparison.total.result));
  await shoot(page, testInfo, 'period-last-year-against-year-before');

  // A budget for that year, from the budget page's template filled in as in Excel.
  await page.getByTestId('budget-link').click();
  await expect(page.getByTestId('budget-page')).toBeVisible();
  await page.getByTestId('budget-year').selectOption(String(year));
  await expect(page.getByTestId('budget-empty')).toBeVisible();
  const { workbook, sheet } = await downloadTemplate(page, testInfo, year);
  const rowOf = (account: number) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (String(row.getCell(1).value) === String(account)) found = row;
    });
    if (!found) throw new Error(`the template has no row ${account}`);
    return found;
  };
  // Columns C to N are January to December; kroner, costs negative.
  for (let column = 3; column <= 14; column++) {
    rowOf(3000).getCell(column).value = 2_000_000;
    rowOf(5000).getCell(column).value = -500_000;
  }
  const file = testInfo.outputPath(`budsjett-${year}.xlsx`);
  await workbook.xlsx.writeFile(file);
  await page.getByTestId('budget-file').setInputFiles(file);
  await expect(page.getByTestId('notification').filter({ hasText: 'Budsjettet er importert' })).toBeVisible();

  // Back to the profit and loss of that year, now against its budget: the control offers it.
  await page.getByTestId('budget-compare-link').click();
  await expect(page).toHaveURL(new RegExp(`/profit\\?from=${year}-01&to=${year}-12&compare=budget$`));
  await expect(page.getByTestId('period-name')).toHaveText(String(year));
  await expect(select).toHaveValue('budget');
  await expect(select.locator('option[value="budget"]')).toHaveText('Budsjett');
  await expect(pl.locator('[part~="comparison-header"]')).toHaveText('Budsjett');
  await expect(pl.locator('[part~="change-header"]')).toHaveText('Avvik');
  await expect(pl.locator('[part~="change-percent-header"]')).toHaveText('Avvik %');
  const sales = pl.locator('[data-group="salesRevenue"]');
  expect(units(await sales.locator('[part~="comparison"]').textContent())).toBe(12 * 2_000_000);
  const budgeted = await api(
    page,
    `/api/profit-loss?groupId=${board._id}&startDate=${year}-01-01&endDate=${year}-12-31&compare=budget`,
  );
  expect(units(await result.locator('[part~="comparison"]').textContent())).toBe(
    whole(budgeted.comparison.total.result),
  );
  expect(units(await result.locator('[part~="change"]').textContent())).toBe(
    units(await result.locator('[part~="total"]').textContent()) - whole(budgeted.comparison.total.result),
  );
  await shoot(page, testInfo, 'period-last-year-against-budget');

  // Back to the year before and again to the budget, by the control alone.
  await select.selectOption('lastYear');
  await expect(pl.locator('[part~="change-header"]')).toHaveText('Endring');
  await select.selectOption('budget');
  await expect(pl.locator('[part~="change-header"]')).toHaveText('Avvik');

  // The balance sheet compares with the budget too (every statement does), its columns as the P&L's.
  await page.goto(`/balance-sheet?from=${year}-01&to=${year}-12&compare=budget`);
  await expect(page.getByTestId('report-card')).toBeVisible();
  await expect(select).toHaveValue('budget');
  expect(await options()).toEqual(['', 'previous', 'lastYear', 'yearEnd', 'budget']);
  await expect(page.locator('saldo-balance-sheet [part~="change-header"]')).toHaveText('Avvik');

  // In English the choice reads "Budget".
  await page.goto(`/profit?from=${year}-01&to=${year}-12&compare=budget`);
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-en').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-menu-button')).toHaveAttribute('aria-expanded', 'false');
  await expect(select.locator('option[value="budget"]')).toHaveText('Budget');
  await expect(pl.locator('[part~="change-header"]')).toHaveText('Variance');
  await shoot(page, testInfo, 'period-budget-en', page.getByTestId('report-controls'));
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-nor').click();
});
