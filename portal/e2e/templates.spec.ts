import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './csp';
import { authHeaders, chooseBoard, DEMO, demoBoard, dismissWelcome, loginThroughForm } from './session';

/**
 * Issue 29's templates: a board's dashboard saved as a template from its toolbar, applied from the
 * templates page to five boards at once (replace), one board's dashboard then showing the template's
 * widgets, and the apply undone on two boards: from the results list and from a board's dashboard.
 */

const RUN = `${Date.now() % 100_000}`;
const SOURCE = `Malkilde ${RUN}`;
const TARGETS = [1, 2, 3, 4, 5].map((i) => `Klient ${RUN}-${i}`);
const TEMPLATE = `Standard ${RUN}`;
const LAYOUT = [
  { id: 'kpi:ebitda-margin', widget: 'kpi', name: '', x: 0, y: 0, width: 4, height: 5 },
  { id: 'kpi:current-ratio', widget: 'kpi', name: '', x: 4, y: 0, width: 4, height: 5 },
  { id: 'turnover', widget: 'turnover', name: '', x: 8, y: 0, width: 4, height: 5 },
];

let headers: Record<string, string>;
const made: string[] = [];

async function newBoard(request: APIRequestContext, name: string, apis: string[]): Promise<string> {
  const res = await request.post('/api/group-account', { headers, data: { name, apis } });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { _id: string })._id;
  made.push(id);
  return id;
}

test.beforeAll(async ({ request }) => {
  headers = await authHeaders(request);
  const demo = (await (
    await request.get(`/api/group-account/${(await demoBoard(request, headers))._id}`, { headers })
  ).json()) as {
    apis: string[];
  };
  const source = await newBoard(request, SOURCE, demo.apis);
  const saved = await request.patch(`/api/widgets/board-preference/${source}/update`, {
    headers,
    data: { widgets: LAYOUT },
  });
  expect(saved.status()).toBe(200);
  for (const name of TARGETS) await newBoard(request, name, demo.apis);
});

test.afterAll(async ({ request }) => {
  // A login through the form ends the setup's session: sign in again to tidy up.
  headers = await authHeaders(request);
  for (const id of made) await request.delete(`/api/group-account/${id}?forced=forced`, { headers });
  const res = await request.get('/api/templates', { headers });
  expect(res.status(), await res.text()).toBe(200);
  const templates = (await res.json()) as Array<{ _id: string; name: string }>;
  for (const t of templates.filter((t) => t.name === TEMPLATE))
    await request.delete(`/api/templates/${t._id}`, { headers });
});

test('a template saved from a board, applied to five boards, shown on one and undone on another', async ({
  page,
}, info) => {
  await loginThroughForm(page, DEMO);
  // With the five client boards the demo user has more than one board: the portfolio is their first page.
  await expect(page.getByTestId('portfolio-page')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('board-grid')).toBeVisible();
  await dismissWelcome(page);
  await chooseBoard(page, SOURCE);
  await expect(page.getByTestId('grid-widget')).toHaveCount(LAYOUT.length);

  await page.getByTestId('save-template-button').click();
  await page.getByTestId('template-name').fill(TEMPLATE);
  await page.getByTestId('save-template-confirm').click();
  await expect(page.getByTestId('save-template-dialog')).toBeHidden();

  await page.goto('/group');
  await page.getByTestId('boards-page-templates').click();
  await expect(page.getByTestId('templates-page')).toBeVisible();
  const row = page.getByTestId('template-row').filter({ hasText: TEMPLATE });
  await expect(row).toContainText('2 nøkkeltall');
  await row.getByTestId('template-apply').click();

  const dialog = page.getByTestId('apply-template-dialog');
  await dialog.getByTestId('apply-search').fill(`Klient ${RUN}`);
  await expect(dialog.getByRole('checkbox')).toHaveCount(5);
  await dialog.getByTestId('apply-all').click();
  await dialog.getByTestId('apply-mode-replace').check();
  await page.screenshot({ path: info.outputPath('templates-choose-boards.png'), fullPage: true });
  await dialog.getByTestId('apply-confirm').click();

  const results = dialog.getByTestId('apply-result');
  await expect(results).toHaveCount(5);
  await expect(dialog.locator('[data-testid="apply-result"][data-ok="true"]')).toHaveCount(5);
  await page.screenshot({ path: info.outputPath('templates-applied-to-five.png'), fullPage: true });

  // Undo on the first board: it goes back to an empty board's default pair.
  await results.filter({ hasText: TARGETS[0]! }).getByTestId('apply-result-undo').click();
  await expect(results.filter({ hasText: TARGETS[0]! }).getByTestId('apply-result-undone')).toBeVisible();
  await page.screenshot({ path: info.outputPath('templates-one-undone.png'), fullPage: true });
  await dialog.getByTestId('apply-done').click();

  await page.goto('/dashboard');
  await chooseBoard(page, TARGETS[1]!);
  await expect(page.getByTestId('grid-widget')).toHaveCount(LAYOUT.length);
  await expect(page.locator('[data-testid="grid-widget"][data-widget="kpi"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="grid-widget"][data-widget="turnover"]')).toHaveCount(1);
  await expect(page.getByTestId('undo-template-button')).toBeVisible();
  await page.screenshot({ path: info.outputPath('templates-board-dashboard.png'), fullPage: true });

  // Undo from the board's own dashboard: it goes back to the default pair an untouched board shows.
  await page.getByTestId('undo-template-button').click();
  await page.getByTestId('undo-template-dialog').getByRole('button', { name: 'Angre' }).click();
  await expect(page.locator('[data-testid="grid-widget"][data-widget="kpi"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="grid-widget"][data-widget="profit-loss"]')).toHaveCount(1);
  await expect(page.getByTestId('undo-template-button')).toBeHidden();

  await chooseBoard(page, TARGETS[0]!);
  await expect(page.locator('[data-testid="grid-widget"][data-widget="kpi"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="grid-widget"][data-widget="profit-loss"]')).toHaveCount(1);
});
