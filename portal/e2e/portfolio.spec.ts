import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './csp';
import { addDemoCopyBoard, apiLogin, DEMO, DEMO_BOARD, deleteDemoBoard, loginThroughForm } from './session';

/**
 * Issue 29's portfolio: someone who sees more than one board lands on /portfolio after signing in; its
 * table shows each board's figures as the board's own P&L has them, searches, sorts, and opens a board.
 */
const BOARD = 'Porteføljetest AS';
let boardId = '';

test.beforeAll(async ({ request }) => {
  boardId = await addDemoCopyBoard(request, BOARD);
});
test.afterAll(({ request }) => deleteDemoBoard(request, boardId));

/** Whole kroner from øre, half away from zero, written as the table writes them (spaces between thousands). */
const kroner = (ore: number) => {
  const k = Math.sign(ore) * Math.round(Math.abs(ore) / 100);
  return `${k < 0 ? '-' : ''}${String(Math.abs(k)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`;
};

/** GET a report of the copied board over this year, as the demo user. */
async function thisYear<T>(request: APIRequestContext, path: string, query = ''): Promise<T> {
  const { jwtToken } = await apiLogin(request, DEMO);
  const year = new Date().getFullYear();
  const res = await request.get(`${path}?groupId=${boardId}&startDate=${year}-01-01&endDate=${year}-12-31${query}`, {
    headers: { authorization: `Bearer ${jwtToken}` },
  });
  return (await res.json()) as T;
}

test('the portfolio is the first page with two boards, shows the P&L figures, searches, sorts and opens a board', async ({
  page,
  request,
}, testInfo) => {
  const pl = await thisYear<{ total: { operatingIncome: number } }>(request, '/api/profit-loss');

  await loginThroughForm(page, DEMO, '/login', 'nor');
  await expect(page).toHaveURL(/\/portfolio$/);
  const rows = page.getByTestId('portfolio-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Portefølje' })).toBeVisible();

  const ours = page.locator(`[data-testid="portfolio-row"][data-board="${boardId}"]`);
  // The revenue column (the second) begins with the P&L's Sum driftsinntekter in whole kroner.
  await expect(ours.locator('td').nth(1)).toContainText(kroner(pl.total.operatingIncome));
  await page.screenshot({ path: testInfo.outputPath('portfolio.png'), fullPage: true });
  // The columns beyond the window: the sparklines, the last booked month, the sync and the data health.
  await ours.locator('td').last().scrollIntoViewIfNeeded();
  await expect(ours.locator('svg[role="img"]')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('portfolio-right.png'), fullPage: true });

  await page.getByTestId('portfolio-search').fill('porteføljetest');
  await expect(rows).toHaveCount(1);
  await page.getByTestId('portfolio-search').fill('finnes ikke');
  await expect(page.getByTestId('portfolio-no-match')).toBeVisible();
  await page.getByTestId('portfolio-search').fill('');
  await expect(rows).toHaveCount(2);

  await page.getByTestId('portfolio-sort-name').click();
  await expect(rows.first()).toContainText(BOARD);
  await page.getByTestId('portfolio-sort-name').click();
  await expect(rows.first()).toContainText(DEMO_BOARD);

  await ours.getByTestId('portfolio-open').click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('current-board-name')).toHaveText(BOARD);
});

test('adds a KPI of the library as a column, shows where each board stands, and keeps the choice', async ({
  page,
  request,
}, testInfo) => {
  const own = await thisYear<{ value: number | null }>(request, '/api/widgets/kpi', '&kpi=operating-margin');
  expect(own.value).not.toBeNull();
  // Ten-thousandths to a percent with one decimal, half away from zero, as the table writes it.
  const tenths = Math.sign(own.value!) * Math.round(Math.abs(own.value!) / 10);
  const percent = `${tenths < 0 ? '-' : ''}${Math.trunc(Math.abs(tenths) / 10)},${Math.abs(tenths) % 10}\u00a0%`;

  await loginThroughForm(page, DEMO, '/login', 'nor');
  await expect(page).toHaveURL(/\/portfolio$/);
  const picker = page.getByTestId('portfolio-kpi-picker');
  await picker.locator('summary').click();
  await page.getByTestId('portfolio-kpi-operating-margin').check();
  await picker.locator('summary').click();
  await expect(page.getByTestId('portfolio-sort-operating-margin')).toHaveText('Driftsmargin');
  const ours = page.locator(`[data-testid="portfolio-row"][data-board="${boardId}"]`);
  // The KPI column follows the seven fixed figures: the board's own KPI widget's value.
  await expect(ours.locator('td').nth(8)).toContainText(percent);
  // Two boards of the same ledger stand level: at the median, so the third quartile, said in words too.
  const marker = ours.locator('[data-testid="portfolio-marker"][data-column="operating-margin"]');
  await expect(marker).toContainText('Q3');
  await expect(marker.locator('.visually-hidden')).toContainText('På eller over medianen blant alle selskaper');
  const footer = page.getByTestId('portfolio-benchmark');
  await expect(footer).toContainText('Referanse (alle selskaper)');
  await expect(footer.locator('td').nth(7)).toContainText(`${percent} – ${percent} · n = 2`);
  await ours.locator('td').nth(8).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('portfolio-kpi-benchmark.png'), fullPage: true });

  // The choice is kept for this user: after a reload the column is still there; then taken away.
  await page.reload();
  await expect(page.getByTestId('portfolio-sort-operating-margin')).toBeVisible();
  await picker.locator('summary').click();
  await page.getByTestId('portfolio-kpi-operating-margin').uncheck();
  await expect(page.getByTestId('portfolio-sort-operating-margin')).toHaveCount(0);
});
