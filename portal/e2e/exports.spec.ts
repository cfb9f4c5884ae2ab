import { readFile, writeFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, test } from './csp';
import { authHeaders, chooseBoard, DEMO, demoBoard, loginThroughForm } from './session';

/**
 * Export (spec §1, §5, §9): the dashboard's widgets and the report pages as PDF, CSV, Excel and PNG,
 * downloaded by the browser and read back.
 */

/** The demo user's API headers, the demo board and its last booked month. */
async function demoBoardPeriods(request: APIRequestContext) {
  const headers = await authHeaders(request);
  const board = await demoBoard(request, headers);
  const { lastBookedMonth } = (await (
    await request.get(`/api/group-account/${board._id}/periods`, { headers })
  ).json()) as { lastBookedMonth: string };
  return { headers, board, lastBookedMonth };
}

async function exportAs(page: Page, format: 'pdf' | 'csv' | 'xlsx' | 'png'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('export-button').click();
  const dialog = page.getByTestId('export-modal');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('export-page-profitloss').check();
  await dialog.getByTestId(`export-format-${format}`).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-submit').click()]);
  await expect(dialog).toHaveCount(0);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('export the dashboard as PDF, CSV, Excel and PNG', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The figure to find in every file: the board's largest customer this year to date, in whole units.
  const { headers, board, lastBookedMonth } = await demoBoardPeriods(request);
  // The dashboard shows this year to date, to the board's last booked month.
  const year = Number(lastBookedMonth.slice(0, 4));
  const [y, m] = lastBookedMonth.split('-').map(Number) as [number, number];
  const end = `${lastBookedMonth}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const top = (await (
    await request.get(`/api/widgets/top-ten/customers?groupId=${board._id}&startDate=${year}-01-01&endDate=${end}`, {
      headers,
    })
  ).json()) as Array<{ name: string; amount: number }>;
  const first = top[0]!;
  const wholeUnits = Math.round(first.amount / 100);

  await loginThroughForm(page, DEMO);
  await chooseBoard(page, board.name);
  await expect(page.getByTestId('grid-widget').first()).toBeVisible();

  // Nothing chosen: the spec's rule, and no request.
  await page.getByTestId('export-button').click();
  const dialog = page.getByTestId('export-modal');
  for (const box of await dialog.getByTestId('export-widget').all()) await box.uncheck();
  await page.getByTestId('export-submit').click();
  await expect(dialog.getByTestId('export-error')).toHaveText(/At least one widget must be selected|Minst én widget/);
  await page.screenshot({ path: test.info().outputPath('export-dialog.png') });
  await dialog.getByRole('button', { name: /Avbryt|Cancel/ }).click();

  const csv = await exportAs(page, 'csv');
  expect(csv.name).toMatch(new RegExp(`^nordlys-energiteknikk-as-${year}-01-01-${end}\\.csv$`));
  const text = csv.bytes.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(first.name);
  expect(text).toContain(`;${wholeUnits}`);

  const xlsx = await exportAs(page, 'xlsx');
  expect(xlsx.name.endsWith('.xlsx')).toBe(true);
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  const pdf = await exportAs(page, 'pdf');
  expect(pdf.name.endsWith('.pdf')).toBe(true);
  expect(pdf.bytes.subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.[3-7]$/);
  expect(pdf.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');

  // The PNG export: the PDF's pages, each an A4 landscape image, zipped.
  const png = await exportAs(page, 'png');
  expect(png.name).toMatch(/-png\.zip$/);
  const pages = Object.entries(unzipSync(png.bytes));
  expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const [name, bytes] of pages) {
    expect(name).toMatch(/-\d{2}\.png$/);
    const image = Buffer.from(bytes);
    expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([1684, 1191]);
  }
  await writeFile(test.info().outputPath('export-png.zip'), png.bytes);
  await writeFile(test.info().outputPath('export.pdf'), pdf.bytes);
});

test("the P&L exported with the period control's budget comparison: Budsjett, Avvik, Avvik %", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { headers, board, lastBookedMonth } = await demoBoardPeriods(request);
  const year = Number(lastBookedMonth.slice(0, 4));
  const booked = Number(lastBookedMonth.slice(5, 7));
  // A budget of this year whose result is known here: sales 100 000,50 and payroll 40 000 a month. The
  // year's own rows (another journey's) are put back afterwards.
  const path = `/api/budgets/${board._id}`;
  const before = (await (await request.get(`${path}?year=${year}`, { headers })).json()) as {
    rows: Array<{ target: string; months: number[] }>;
  };
  const every = (ore: number) => Array.from({ length: 12 }, () => ore);
  // Logged in anew each time: the browser's sign-in below ends this session's token.
  const put = async (rows: Array<{ target: string; months: number[] }>) => {
    const login = await (await request.post('/api/auth/login', { data: DEMO })).json();
    const res = await request.put(path, {
      headers: { authorization: `Bearer ${login.jwtToken}` },
      data: { year, rows },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await put([
    { target: '3000', months: every(100_000_50) },
    { target: '5000', months: every(-40_000_00) },
  ]);
  try {
    // The result is the P&L's root figure: the whole kroner of the booked months' budget, half away from zero.
    const budgetResult = Math.floor((booked * 60_000_50 + 50) / 100);

    await loginThroughForm(page, DEMO);
    await chooseBoard(page, board.name);
    await expect(page.getByTestId('grid-widget').first()).toBeVisible();
    // The dashboard's period control offers the board's budget, as the reports' does.
    await page.getByTestId('compare-select').selectOption('budget');
    await expect(page).toHaveURL(/compare=budget/);

    await page.getByTestId('export-button').click();
    const dialog = page.getByTestId('export-modal');
    for (const box of await dialog.getByTestId('export-widget').all()) await box.uncheck();
    await dialog.getByTestId('export-page-profitloss').check();
    await dialog.getByTestId('export-format-csv').check();
    await expect(dialog.getByTestId('export-period')).toContainText(/Budsjett/i);
    await page.screenshot({ path: test.info().outputPath('export-budget-dialog.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-submit').click()]);
    await expect(dialog).toHaveCount(0);
    const text = (await readFile(await download.path())).toString('utf8');
    const lines = text.split('\r\n').map((l) => l.split(';'));
    const header = lines.find((l) => l[0] === 'Linje')!;
    expect(header.slice(-3)).toEqual(['Budsjett', 'Avvik', 'Avvik %']);
    const result = lines.find((l) => l[0] === 'Årsresultat')!;
    const at = header.indexOf('Budsjett');
    expect(result[at]).toBe(String(budgetResult));
    expect(Number(result[at + 1])).toBe(Number(result[at - 1]) - budgetResult);
    await writeFile(test.info().outputPath('export-budget.csv'), text);
  } finally {
    await put(before.rows.map(({ target, months }) => ({ target, months })));
  }
});
