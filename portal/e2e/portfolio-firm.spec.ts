import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { FILE_888, FILE_999 } from '../../server/test-tools/saft-mutations/mutate.ts';
import { expect, test } from './csp';
import { apiLogin, type Login, loginThroughForm, verifiedUser } from './session';

/**
 * Issue 29's firm: a new accountant with 40 client boards. The portfolio sorted by result (the order held
 * against the API's numbers), filtered by a tag (exactly the tagged boards stay), exported to Excel (the
 * file read back: the same rows in the same order, the result in whole kroner), and a figure opening its
 * board's statement at its line with the drill-down, by the keyboard. The boards stand over two SAF-T
 * files moved to last year (each board one, the other, both, or none), so the results differ; the
 * journey deletes its boards and sources at the end.
 */

const BOARDS = 40;
const TAG = 'bygg';
const YEAR = new Date().getFullYear() - 1;

/** A SAF-T example file with every date and period year moved so its last year is `to`. */
function movedTo(path: string, to: number): Buffer {
  const xml = readFileSync(path, 'utf8');
  const last = Math.max(...[...xml.matchAll(/<n1:TransactionDate>(\d{4})/g)].map((m) => Number(m[1])));
  const shift = to - last;
  return Buffer.from(
    xml
      .replace(
        /\b(19\d\d|20\d\d)-(\d\d)-(\d\d)\b/g,
        (_m, y: string, mo: string, d: string) => `${Number(y) + shift}-${mo}-${d}`,
      )
      .replace(
        /<(n1:(?:PeriodYear|PeriodStartYear|PeriodEndYear))>(\d{4})</g,
        (_m, tag: string, y: string) => `<${tag}>${Number(y) + shift}<`,
      ),
  );
}

/** Whole kroner from øre, half away from zero (written here, not taken from the product). */
const kroner = (ore: number) => Math.sign(ore) * Math.floor((Math.abs(ore) + 50) / 100);
/** As the table writes them: spaces between thousands, '–' for none. */
const kronerText = (ore: number | null) => {
  if (ore === null) return '–';
  const k = kroner(ore);
  return `${k < 0 ? '-' : ''}${String(Math.abs(k)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`;
};

interface Row {
  groupId: string;
  name: string;
  tags: string[];
  figures: Record<string, { value: number | null }>;
}

let user: Login;
/** The user's authorization, logged in anew when the last login is a few seconds old (the journeys' tokens live 4 s). */
let login = { headers: {} as Record<string, string>, at: 0 };
async function auth(request: APIRequestContext): Promise<Record<string, string>> {
  if (Date.now() - login.at > 2_000)
    login = {
      headers: { authorization: `Bearer ${(await apiLogin(request, user)).jwtToken}` },
      at: Date.now(),
    };
  return login.headers;
}
const sources: string[] = [];
const boards: string[] = [];
const tagged = new Set<string>();

async function upload(request: APIRequestContext, name: string, file: Buffer): Promise<string> {
  const res = await request.post('/api/api-account/saft', {
    headers: await auth(request),
    multipart: { file: { name: `${name}.xml`, mimeType: 'application/xml', buffer: file }, name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  user = await verifiedUser(request, 'portfolio-firm');
  sources.push(await upload(request, 'Eksempel 888', movedTo(FILE_888, YEAR)));
  sources.push(await upload(request, 'Eksempel 999', movedTo(FILE_999, YEAR)));
  const [a, b] = sources as [string, string];
  const sets = [[a], [b], [a, b], []];
  for (let i = 0; i < BOARDS; i++) {
    const made = await request.post('/api/group-account', {
      headers: await auth(request),
      data: { name: `Klient ${String(i + 1).padStart(2, '0')} AS`, apis: sets[i % sets.length] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const id = ((await made.json()) as { _id: string })._id;
    boards.push(id);
    // Every third board is a builder's; a few others trade.
    const tags = i % 3 === 0 ? [TAG] : i % 5 === 0 ? ['handel'] : [];
    if (tags.length === 0) continue;
    const res = await request.put(`/api/group-account/${id}/assignment`, {
      headers: await auth(request),
      data: { tags },
    });
    expect(res.status(), await res.text()).toBe(200);
    if (tags.includes(TAG)) tagged.add(id);
  }
  // Both files imported: their boards have last year's months booked.
  for (const id of boards.slice(0, 3))
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/group-account/${id}/periods`, { headers: await auth(request) });
          return ((await res.json()) as { lastBookedMonth: string | null }).lastBookedMonth?.slice(0, 4) ?? null;
        },
        { timeout: 60_000 },
      )
      .toBe(String(YEAR));
});

test.afterAll(async ({ request }) => {
  for (const id of boards) {
    const res = await request.delete(`/api/group-account/${id}?forced=forced`, { headers: await auth(request) });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const id of sources)
    expect((await request.delete(`/api/api-account/${id}`, { headers: await auth(request) })).status()).toBe(200);
  const left = (await (await request.get('/api/group-account', { headers: await auth(request) })).json()) as unknown[];
  expect(left).toEqual([]);
});

test('40 boards: sorted by result, filtered by a tag, exported to Excel, and a figure opening its drill-down', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const api = (await (
    await request.get(`/api/portfolio?startDate=${YEAR}-01-01&endDate=${YEAR}-12-31&compare=lastYear`, {
      headers: await auth(request),
    })
  ).json()) as { rows: Row[] };
  expect(api.rows).toHaveLength(BOARDS);
  const byId = new Map(api.rows.map((r) => [r.groupId, r]));
  const result = (id: string) => byId.get(id)!.figures.result!.value;
  // The files make different results: the sort has something to order.
  expect(new Set(api.rows.map((r) => r.figures.result!.value)).size).toBeGreaterThanOrEqual(4);

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginThroughForm(page, user, '/login', 'nor');
  await expect(page).toHaveURL(/\/portfolio$/);
  await page.getByLabel('År', { exact: true }).selectOption(String(YEAR));
  const rows = page.getByTestId('portfolio-row');
  await expect(rows).toHaveCount(BOARDS);

  // --- sorted by result, highest first; a board without figures last ---
  await page.getByTestId('portfolio-sort-result').click();
  await expect(page.getByTestId('portfolio-sort-result')).toHaveAttribute('data-sorted', 'descending');
  const order = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.board!));
  expect(order).toHaveLength(BOARDS);
  const values = order.map(result);
  const withFigure = values.filter((v): v is number => v !== null);
  expect(values.slice(0, withFigure.length)).toEqual(withFigure);
  expect(values.slice(withFigure.length).every((v) => v === null)).toBe(true);
  for (let i = 1; i < withFigure.length; i++) expect(withFigure[i - 1]!).toBeGreaterThanOrEqual(withFigure[i]!);
  for (const [i, id] of order.slice(0, 8).entries())
    await expect(rows.nth(i).getByTestId('portfolio-figure-result')).toHaveText(kronerText(result(id)));
  await page.screenshot({ path: testInfo.outputPath('portfolio-40-sorted.png') });

  // --- filtered by the tag: exactly the tagged boards, still by result ---
  await page.getByLabel('Stikkord', { exact: true }).selectOption(TAG);
  await expect(rows).toHaveCount(tagged.size);
  const shown = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.board!));
  expect([...shown].sort()).toEqual([...tagged].sort());
  expect(shown).toEqual(order.filter((id) => tagged.has(id)));
  await page.screenshot({ path: testInfo.outputPath('portfolio-40-tagged.png'), fullPage: true });

  // --- the Excel file: the same rows in the same order, the result in whole kroner, the headings in Norwegian ---
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('portfolio-xlsx').click()]);
  expect(download.suggestedFilename()).toBe(`portefolje-${YEAR}-01-01-${YEAR}-12-31.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Selskap');
  // Company, organisation number, tags, then each figure's value, comparison and change: the result is the fourth figure.
  const resultColumn = 4 + 3 * 3;
  expect(sheet.getRow(1).getCell(resultColumn).value).toBe(`Årsresultat ${YEAR}`);
  shown.forEach((id, i) => {
    const cells = sheet.getRow(i + 2);
    expect(cells.getCell(1).value).toBe(byId.get(id)!.name);
    const value = result(id);
    expect(cells.getCell(resultColumn).value ?? null).toBe(value === null ? null : kroner(value));
  });
  expect(sheet.getRow(shown.length + 2).getCell(1).value ?? null).toBeNull();
  expect(String(sheet.getRow(shown.length + 3).getCell(1).value)).toContain(`«${TAG}»`);

  // --- a figure opens its board's P&L at the line, with the drill-down, from the keyboard ---
  const first = byId.get(shown[0]!)!;
  const figure = rows.first().getByRole('button', { name: new RegExp(`^Årsresultat for ${first.name}: `) });
  await figure.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/profit\\?from=${YEAR}-01&to=${YEAR}-12&compare=lastYear&line=result$`));
  await expect(page.getByTestId('current-board-name')).toHaveText(first.name);
  const panel = page.getByTestId('drill-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('drill-title')).toHaveText('Årsresultat');
  await expect(page.getByTestId('drill-meta')).toContainText(`${YEAR}/01/01 – ${YEAR}/12/31`);
  await expect(panel.getByTestId('postings')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('portfolio-drill-result.png') });

  // --- and a balance, the bank, opens the balance sheet at its line ---
  await page.keyboard.press('Escape');
  await page.goBack();
  await expect(rows.first()).toBeVisible();
  await page.getByLabel('År', { exact: true }).selectOption(String(YEAR));
  await rows.filter({ hasText: first.name }).getByTestId('portfolio-figure-cashAndBank').click();
  await expect(page).toHaveURL(/\/balance-sheet\?.*line=cashAndBank$/);
  await expect(page.getByTestId('drill-panel')).toBeVisible();
  await expect(page.getByTestId('drill-title')).toHaveText('Bankinnskudd, kontanter o.l.');
  await expect(page.getByTestId('drill-meta')).toContainText('1900-1999');
  // The postings run from the opening balance to the row's cash at the period end.
  await expect(page.getByTestId('drill-panel')).toContainText(kronerText(first.figures.cashAndBank!.value));
  await page.screenshot({ path: testInfo.outputPath('portfolio-drill-cash.png') });
});
