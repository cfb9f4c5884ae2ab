import { expect, test } from './csp';
import { addDemoCopyBoard, apiLogin, DEMO, deleteDemoBoard, loginThroughForm } from './session';

/**
 * Issue 29's alerts: a rule made on the alerts page, the board flagged in the portfolio with the reason
 * after its next sync, and the flag opening the board's alert history.
 */
const BOARD = 'Varseltest AS';
const RULE = 'Resultat under grensen';
let boardId = '';

const headersOf = async (request: Parameters<typeof apiLogin>[0]) => ({
  authorization: `Bearer ${(await apiLogin(request, DEMO)).jwtToken}`,
});

test.beforeAll(async ({ request }) => {
  boardId = await addDemoCopyBoard(request, BOARD);
});

test.afterAll(async ({ request }) => {
  const headers = await headersOf(request);
  const rules = (await (await request.get('/api/alerts', { headers })).json()) as Array<{ _id: string; name: string }>;
  for (const r of rules.filter((r) => r.name === RULE)) await request.delete(`/api/alerts/${r._id}`, { headers });
  await deleteDemoBoard(request, boardId, true);
});

test('a rule made on the alerts page flags its board in the portfolio after a sync, and the flag opens its history', async ({
  page,
  request,
}, testInfo) => {
  // A sync of the demo company runs in the middle of it.
  test.setTimeout(180_000);
  await loginThroughForm(page, DEMO, '/login', 'nor');
  await expect(page).toHaveURL(/\/portfolio$/);
  await page.getByTestId('portfolio-alerts-link').click();
  await expect(page.getByRole('heading', { name: 'Varsler', exact: true })).toBeVisible();
  await page.getByTestId('alerts-new').click();
  await page.getByTestId('alert-name').fill(RULE);
  await page.getByTestId('alert-metric').selectOption('result');
  await page.getByTestId('alert-comparison').selectOption('below');
  // Far above any result: met by the demo company's ledger whatever the month.
  await page.getByTestId('alert-threshold').fill('1000000000');
  await page.getByTestId('alert-scope').selectOption('board');
  await page.getByTestId('alert-board').selectOption(boardId);
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-board-state')).toContainText(`${BOARD}:`);
  await page.screenshot({ path: testInfo.outputPath('alerts-rule.png'), fullPage: true });

  // The rule is judged after the board's next sync.
  const headers = await headersOf(request);
  expect((await request.post('/api/sync-board', { headers, data: { groupId: boardId } })).status()).toBe(202);
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/alerts/events?groupId=${boardId}&state=open`, { headers })
          ).json()) as unknown[]
        ).length,
      { timeout: 90_000 },
    )
    .toBe(1);

  await page.goto('/portfolio');
  const row = page.locator(`[data-testid="portfolio-row"][data-board="${boardId}"]`);
  const flag = row.getByTestId('portfolio-alert');
  await flag.scrollIntoViewIfNeeded();
  await expect(flag).toContainText(RULE);
  await expect(flag).toContainText('Årsresultat under');
  await page.screenshot({ path: testInfo.outputPath('alerts-portfolio.png'), fullPage: true });

  await flag.click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?groupId=${boardId}`));
  await expect(page.getByTestId('alerts-events')).toContainText(RULE);
  await expect(page.getByTestId('alerts-events')).toContainText('åpent');
  await page.screenshot({ path: testInfo.outputPath('alerts-history.png'), fullPage: true });
});
