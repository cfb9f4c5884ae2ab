import type { Locator, Page } from '@playwright/test';
import { PROFIT_LOSS_HEADINGS_EN } from '../../sdk/src/testing/expected.ts';
import { expect, test } from './csp';
import { chooseBoard, DEMO, dismissWelcome, loginThroughForm } from './session';

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

async function shoot(page: Page, testInfo: import('@playwright/test').TestInfo, name: string, fullPage = true) {
  await page.waitForTimeout(250); // the chart's first paint
  const path = testInfo.outputPath(`${name}.png`);
  // A drawer is fixed to the window: a full-page shot would cut it off.
  await page.screenshot({ path, fullPage });
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
  await account.locator('th button').click();
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

/** The labels of a statement's rows as shown (headings, lines and sums). */
const rowLabels = (page: Page, element: string) =>
  page
    .locator(`${element} [part="table"] tbody tr th`)
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));

/** Every posting of the open drill panel, page by page: its period, date and shown amount. */
async function allPostings(page: Page) {
  const panel = page.getByTestId('drill-panel');
  await expect(panel.getByTestId('posting-row').first()).toBeVisible();
  const rows: Array<{ period: string; date: string }> = [];
  for (;;) {
    rows.push(
      ...(await panel.getByTestId('posting-row').evaluateAll((trs) =>
        trs.map((tr) => ({
          period: tr.querySelector('[data-testid="posting-period"]')?.textContent ?? '',
          date: tr.querySelector('[data-testid="posting-date"]')?.textContent ?? '',
        })),
      )),
    );
    const next = panel.getByTestId('drill-next');
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = await panel.getByTestId('drill-page').textContent();
    await next.click();
    await expect(panel.getByTestId('drill-page')).not.toHaveText(before ?? '');
  }
  return rows;
}

test('the statement layout in Norwegian and English; drill-down from a subtotal, a February cell and a balance', async ({
  page,
}, testInfo) => {
  await loginThroughForm(page, DEMO, '/login', 'nor');
  await expect(page).toHaveURL(/\/$|\/dashboard/);
  const year = new Date().getFullYear() - 1;
  // The first visit's welcome card would cover the tables in the screenshots.
  const welcome = page.getByTestId('welcome-dismiss');
  if (await welcome.isVisible()) await welcome.click();

  // regnskapsloven § 6-1, with each line's share of the operating income.
  await page.goto(`/profit?from=${year}-01&to=${year}-12`);
  const pl = 'saldo-profit-loss';
  await expect(page.locator(`${pl} [data-line="result"] [part~="total"]`)).toHaveText(WHOLE_UNITS);
  const order = (labels: string[], wanted: readonly string[]) => wanted.map((w) => labels.indexOf(w));
  const plNames = [
    'Driftsinntekter og driftskostnader',
    'Salgsinntekt',
    'Sum driftsinntekter',
    'Varekostnad',
    'Bruttofortjeneste',
    'Lønnskostnad',
    'Sum driftskostnader',
    'Driftsresultat',
    'Finansinntekter og finanskostnader',
    'Netto finansposter',
    'Ordinært resultat før skattekostnad',
    'Skattekostnad',
    'Årsresultat',
  ];
  const plIndexes = order(await rowLabels(page, pl), plNames);
  expect(plIndexes.every((i) => i >= 0)).toBe(true);
  expect(plIndexes).toEqual([...plIndexes].sort((a, b) => a - b));
  await page.getByTestId('share-toggle').check();
  await expect(page).toHaveURL(/share=1/);
  await expect(page.locator(`${pl} [part~="share-header"]`)).toHaveText('% av driftsinntekter');
  await expect(page.locator(`${pl} [data-line="operatingIncome"] [part~="share"]`)).toHaveText('100,0\u00a0%');
  // The share column sits after the months and the total: scrolled into view for the screenshot.
  await page.locator(`${pl} .scroll`).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await shoot(page, testInfo, 'layout-profit-loss-nor');

  // Drill from a subtotal: Driftsresultat for the year is every posting on 3000–7999, and they add up to it.
  const operating = page.locator(`${pl} [data-line="operatingResult"] [data-column="total"]`);
  const operatingShown = units(await operating.textContent());
  await operating.locator('button').click();
  const panel = page.getByTestId('drill-panel');
  await expect(panel.getByTestId('drill-title')).toHaveText('Driftsresultat');
  await expect(panel.getByTestId('drill-meta')).toHaveText(`${year}/01/01 – ${year}/12/31 · kontoer 3000-7999`);
  await expect(panel.getByTestId('drill-sum')).toHaveText(WHOLE_UNITS);
  expect(units(await panel.getByTestId('drill-sum').textContent())).toBe(operatingShown);
  await shoot(page, testInfo, 'drill-operating-result', false);
  await page.keyboard.press('Escape');

  // A February cell lists February's postings only, and they add up to the cell.
  const february = page.locator(`${pl} [data-group="salesRevenue"] [data-column="${year}-02"]`);
  const februaryShown = units(await february.textContent());
  await february.locator('button').click();
  await expect(panel.getByTestId('drill-meta')).toHaveText(`${year}/02/01 – ${year}/02/28 · kontoer 3000-3399`);
  expect(units(await panel.getByTestId('drill-sum').textContent())).toBe(februaryShown);
  await shoot(page, testInfo, 'drill-february', false);
  const postings = await allPostings(page);
  expect(postings.length).toBeGreaterThan(1);
  for (const p of postings) {
    expect(p.period).toBe(`feb ${year}`);
    expect(p.date).toMatch(new RegExp(`^${year}/02/\\d{2}$`));
  }
  await page.keyboard.press('Escape');

  // regnskapsloven § 6-2: the parts of each side and their sums.
  await page.goto(`/balance-sheet?from=${year}-01&to=${year}-12`);
  const bs = 'saldo-balance-sheet';
  await expect(page.locator(`${bs} [data-line="totalAssets"] [part~="amount"]`).last()).toHaveText(WHOLE_UNITS);
  const bsIndexes = order(await rowLabels(page, bs), [
    'Eiendeler',
    'Anleggsmidler',
    'Sum anleggsmidler',
    'Omløpsmidler',
    'Bankinnskudd, kontanter o.l.',
    'Sum omløpsmidler',
    'Sum eiendeler',
    'Egenkapital og gjeld',
    'Egenkapital',
    'Innskutt egenkapital',
    'Opptjent egenkapital',
    'Sum egenkapital',
    'Gjeld',
    'Sum gjeld',
    'Sum egenkapital og gjeld',
  ]);
  expect(bsIndexes.every((i) => i >= 0)).toBe(true);
  expect(bsIndexes).toEqual([...bsIndexes].sort((a, b) => a - b));
  await shoot(page, testInfo, 'layout-balance-sheet-nor');

  // A bank account's February balance: the balance at 1 February, February's postings with a running balance, and the cell.
  await page.locator(`${bs} [data-group="cashAndBank"] button.toggle`).click();
  const bank = page.locator(`${bs} [data-account="1920"] [data-column="${year}-02"]`);
  const bankShown = units(await bank.textContent());
  await bank.locator('button').click();
  await expect(panel.getByTestId('drill-opening')).toHaveText(WHOLE_UNITS);
  expect(units(await panel.getByTestId('drill-closing').textContent())).toBe(bankShown);
  const opening = units(await panel.getByTestId('drill-opening').textContent());
  const sum = units(await panel.getByTestId('drill-sum').textContent());
  expect(Math.abs(opening + sum - bankShown)).toBeLessThanOrEqual(1);
  await expect(panel.getByTestId('posting-balance').first()).toHaveText(WHOLE_UNITS);
  await shoot(page, testInfo, 'drill-bank-february', false);
  await page.keyboard.press('Escape');

  // The cash flow's three sections, each with its net.
  await page.goto(`/cashflow?from=${year}-01&to=${year}-12`);
  const cf = 'saldo-cash-flow';
  await expect(page.locator(`${cf} [data-line="closingBalance"] [part~="total"]`)).toHaveText(WHOLE_UNITS);
  const cfIndexes = order(await rowLabels(page, cf), [
    'Kontantstrømmer fra operasjonelle aktiviteter',
    'Netto kontantstrøm fra operasjonelle aktiviteter',
    'Kontantstrømmer fra investeringsaktiviteter',
    'Netto kontantstrøm fra investeringsaktiviteter',
    'Kontantstrømmer fra finansieringsaktiviteter',
    'Netto kontantstrøm fra finansieringsaktiviteter',
    'Netto endring i likvider',
    'Likvider ved periodens start',
    'Likvider ved periodens slutt',
  ]);
  expect(cfIndexes.every((i) => i >= 0)).toBe(true);
  expect(cfIndexes).toEqual([...cfIndexes].sort((a, b) => a - b));
  const net = async (line: string) =>
    units(await page.locator(`${cf} [data-line="${line}"] [part~="total"]`).textContent());
  expect((await net('netOperating')) + (await net('netInvesting')) + (await net('netFinancing'))).toBe(
    await net('netChange'),
  );
  await shoot(page, testInfo, 'layout-cash-flow-nor');

  // In English, the same layout.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-en').click();
  await expect(page.locator(`${cf} [data-line="netInvesting"] th`)).toHaveText(
    'Net cash flow from investing activities',
  );
  await shoot(page, testInfo, 'layout-cash-flow-en');
  await page.goto(`/profit?from=${year}-01&to=${year}-12&share=1`);
  await expect(page.locator(`${pl} [data-line="grossProfit"] th`)).toHaveText('Gross profit');
  const enIndexes = order(await rowLabels(page, pl), PROFIT_LOSS_HEADINGS_EN);
  expect(enIndexes.every((i) => i >= 0)).toBe(true);
  expect(enIndexes).toEqual([...enIndexes].sort((a, b) => a - b));
  await shoot(page, testInfo, 'layout-profit-loss-en');
  await page.goto(`/balance-sheet?from=${year}-01&to=${year}-12`);
  await expect(page.locator(`${bs} [data-line="totalFixedAssets"] th`)).toHaveText('Total fixed assets');
  await expect(page.locator(`${bs} [data-line="totalLiabilities"] th`)).toHaveText('Total liabilities');
  await shoot(page, testInfo, 'layout-balance-sheet-en');

  // Back to Norwegian, so the other journeys start from the default.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-dropdown').getByTestId('lang-nor').click();
  await expect(page.locator(`${bs} [data-line="totalFixedAssets"] th`)).toHaveText('Sum anleggsmidler');
});

test('dashboard: a top customer opens its postings in the period, adding up to its row', async ({ page }, testInfo) => {
  await loginThroughForm(page, DEMO);
  await expect(page).toHaveURL(/\/$|\/dashboard/);
  const row = page.locator('saldo-top-customers [part~="row"]').first();
  await expect(row).toBeVisible();
  // The login's notice would sit over the panel's title in the screenshot.
  for (const notice of await page.getByTestId('notification').all()) await notice.locator('button').click();
  const name = (await row.locator('[part~="name"]').textContent())?.trim() ?? '';
  const amount = units(await row.locator('[part~="amount"]').textContent());
  await row.click();
  const panel = page.getByTestId('drill-panel');
  await expect(panel.getByTestId('drill-title')).toHaveText(name);
  await expect(panel.getByTestId('drill-sum')).toHaveText(WHOLE_UNITS);
  expect(units(await panel.getByTestId('drill-sum').textContent())).toBe(amount);
  await shoot(page, testInfo, 'drill-top-customer', false);
});

// What a journey made that the journeys after it must not find (a second company, a board): removed
// after the test whether it passed or not, so one failure does not become the next journey's failure.
let leftBehind: Array<(page: Page) => Promise<void>> = [];
test.afterEach(async ({ page }) => {
  for (const remove of leftBehind.reverse()) await remove(page);
  leftBehind = [];
});

test('dashboard: a consolidation’s eliminations and sum, and a turnover bar, open exactly their postings', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // A board of two demo companies consolidated with 3600 (rent between them) deducted, and two widgets on it.
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  const headers = { authorization: `Bearer ${(await login.json()).jwtToken}` };
  const accounts = (await (await page.request.get('/api/api-account', { headers })).json()) as Array<{
    _id: string;
    provider: string;
  }>;
  const demo = accounts.find((a) => a.provider === 'demo')!;
  const made = await page.request.post('/api/api-account', {
    headers,
    data: { provider: 'demo', name: 'Drill Datter AS' },
  });
  expect(made.status()).toBe(201);
  const second = (await made.json())._id as string;
  leftBehind.push(async (p) => {
    expect((await p.request.delete(`/api/api-account/${second}`, { headers: await fresh(p) })).status()).toBe(200);
  });
  const name = 'Drill-konsern';
  const created = await page.request.post('/api/group-account', { headers, data: { name, apis: [demo._id, second] } });
  expect(created.status()).toBe(201);
  const boardId = (await created.json())._id as string;
  leftBehind.push(async (p) => {
    expect((await p.request.delete(`/api/group-account/${boardId}`, { headers: await fresh(p) })).status()).toBe(200);
  });
  const group = await page.request.post(`/api/consolidation/${boardId}`, {
    headers,
    data: { name: 'Konsern', apis: [demo._id, second], deductAccounts: [3600] },
  });
  expect(group.status()).toBe(201);
  const layout = await page.request.patch(`/api/widgets/board-preference/${boardId}/update`, {
    headers,
    data: {
      groupId: boardId,
      widgets: [
        { id: 'c1', widget: 'consolidation', x: 0, y: 0, width: 6, height: 5, view: 'single' },
        { id: 't1', widget: 'turnover', x: 6, y: 0, width: 6, height: 5, view: 'single' },
      ],
    },
  });
  expect(layout.status(), await layout.text()).toBe(200);
  const year = new Date().getFullYear();
  const range = `groupId=${boardId}&startDate=${year}-01-01&endDate=${year}-12-31`;
  // The second company is synced in the background: wait until it has revenue.
  type Consolidation = import('@saldo/contract').ConsolidationWidgetData;
  let data: Consolidation | undefined;
  await expect
    .poll(async () => {
      data = await apiGet(page, `/api/widgets/consolidation?${range}`);
      return data!.apis.filter((a) => a.revenue > 0).length;
    })
    .toBe(2);

  await loginThroughForm(page, DEMO);
  // With the consolidation's board the demo user has two boards: the portfolio is their first page (waiting
  // for the index's address instead raced its redirect).
  await expect(page.getByTestId('portfolio-page')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('board-grid')).toBeVisible();
  await dismissWelcome(page);
  await chooseBoard(page, name);
  for (const notice of await page.getByTestId('notification').all()) await notice.locator('button').click();
  const panel = page.getByTestId('drill-panel');

  // The dashboard's period, as the elements have it.
  const consolidation = page.locator('saldo-consolidation');
  await expect
    .poll(() => consolidation.evaluate((el) => (el as Element & { state?: { status: string } }).state?.status))
    .toBe('data');
  const from = (await consolidation.evaluate((el) => (el as Element & { from?: string }).from)) ?? '';
  const to = (await consolidation.evaluate((el) => (el as Element & { to?: string }).to)) ?? '';
  const shownRange = `groupId=${boardId}&startDate=${from}&endDate=${to}`;
  data = await apiGet(page, `/api/widgets/consolidation?${shownRange}`);
  const meta = `${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')} · kontoer 3000-3999`;

  const card = testInfo.outputPath('consolidation-card.png');
  await consolidation.screenshot({ path: card });
  await testInfo.attach('consolidation-card', { path: card, contentType: 'image/png' });

  // The eliminations' revenue: the deducted account's postings of both companies, shown subtracted.
  const eliminations = consolidation.locator('tfoot tr').first().locator('[part~="revenue"]');
  await expect(eliminations).toHaveText(WHOLE_UNITS);
  const eliminated = units(await eliminations.textContent());
  expect(eliminated).toBe(-whole(data!.deducted.revenue));
  await eliminations.locator('button').click();
  await expect(panel.getByTestId('drill-title')).toHaveText('Elimineringer – Inntekter');
  await expect(panel.getByTestId('drill-meta')).toHaveText(`${meta} · bare elimineringene`);
  await expect(panel.getByTestId('posting-row').first()).toBeVisible();
  expect(units(await panel.getByTestId('drill-sum').textContent())).toBe(eliminated);
  await shoot(page, testInfo, 'drill-consolidation-eliminations', false);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // The consolidated revenue: both companies without what is deducted.
  const consolidated = consolidation.locator('tfoot tr').last().locator('[part~="revenue"]');
  await consolidated.locator('button').click();
  await expect(panel.getByTestId('drill-title')).toHaveText('Konsolidert – Inntekter');
  expect(units(await panel.getByTestId('drill-sum').textContent())).toBe(whole(data!.consolidated.revenue));
  await page.keyboard.press('Escape');

  // A bar of the turnover chart: the mouse path to what January's row drills into.
  const turnover = page.locator('saldo-turnover');
  const months = (await apiGet(page, `/api/widgets/turnover?${shownRange}`)).months as Array<{
    month: string;
    amount: number;
  }>;
  const over = turnover.locator('[part="chart"] .u-over');
  await expect(over).toBeVisible();
  const box = (await over.boundingBox())!;
  await over.click({ position: { x: box.width / months.length / 2, y: box.height / 2 } });
  await expect(panel.getByTestId('drill-title')).toHaveText('Omsetning');
  const [y, m] = months[0]!.month.split('-').map(Number) as [number, number];
  const first = months[0]!.month.replace('-', '/');
  const last = `${first}/${new Date(Date.UTC(y, m, 0)).getUTCDate()}`;
  await expect(panel.getByTestId('drill-meta')).toHaveText(`${first}/01 – ${last} · kontoer 3000-3999`);
  expect(units(await panel.getByTestId('drill-sum').textContent())).toBe(whole(months[0]!.amount));
  await shoot(page, testInfo, 'drill-turnover-bar', false);
  await page.keyboard.press('Escape');
});

async function fresh(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  return { authorization: `Bearer ${(await login.json()).jwtToken}` };
}
