import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';

/**
 * Export (spec §1, §5, §9): the dashboard's widgets and the report pages as PDF, CSV, Excel and PNG,
 * downloaded by the browser and read back.
 */
const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };

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
  const { jwtToken } = await (await request.post('/api/auth/login', { data: DEMO })).json();
  const headers = { authorization: `Bearer ${jwtToken}` };
  const boards = (await (await request.get('/api/group-account', { headers })).json()) as Array<{
    _id: string;
    name: string;
  }>;
  const board = boards.find((b) => b.name === 'Nordlys Energiteknikk AS')!;
  // The dashboard shows this year to date, to the board's last booked month.
  const { lastBookedMonth } = (await (
    await request.get(`/api/group-account/${board._id}/periods`, { headers })
  ).json()) as { lastBookedMonth: string };
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

  await page.goto('/login');
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('board-dropdown-button').click();
  await page.getByTestId('board-option').filter({ hasText: board.name }).click();
  await expect(page.getByTestId('current-board-name')).toHaveText(board.name);
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

  const png = await exportAs(page, 'png');
  expect(png.name).toMatch(/\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.bytes.readUInt32BE(16);
  const height = png.bytes.readUInt32BE(20);
  expect(width).toBeGreaterThanOrEqual(1280);
  expect(height).toBeGreaterThan(400);
  await writeFile(test.info().outputPath('export.png'), png.bytes);
  await writeFile(test.info().outputPath('export.pdf'), pdf.bytes);
});
