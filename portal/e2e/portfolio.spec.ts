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

test('the portfolio is the first page with two boards, shows the P&L figures, searches, sorts and opens a board', async ({
  page,
  request,
}, testInfo) => {
  const { jwtToken } = await apiLogin(request, DEMO);
  const year = new Date().getFullYear();
  const pl = (await (
    await request.get(`/api/profit-loss?groupId=${boardId}&startDate=${year}-01-01&endDate=${year}-12-31`, {
      headers: { authorization: `Bearer ${jwtToken}` },
    })
  ).json()) as { total: { operatingIncome: number } };

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
