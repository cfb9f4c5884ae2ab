import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { FILE_888 } from '../../server/test-tools/saft-mutations/mutate.ts';
import { expect, test } from './csp';
import { apiLogin, chooseBoard, DEMO, deleteDemoBoard, dismissWelcome, loginThroughForm } from './session';

/**
 * Issue 27, finding 7: budgets for an older company. A board over a SAF-T file of 2020 (the example
 * file 888888888 moved three years on) offers 2020 and 2021 (not the years around today) and opens on
 * 2020; its template lists the P&L accounts with postings; "fill from the actuals + 2,35 %" fills the
 * grid, and each figure is held against the file's own lines summed and rounded here; saved, the P&L
 * shows it as the comparison (its chart legend a filled square per series, no "Inntekter:"); a CSV
 * for 2020 imported while the page shows 2021 reopens it on 2020. Then a resync of the source: the
 * dialog promises no duration, and the bar at 100 % is full.
 */

const BOARD = 'Lekefabrikken 2020 AS';
const NAME = 'Lekefabrikken 2020';
const YEARS = 3;

/** The example file, three years on: every date and period year of 2017 (and before) moved to 2020. */
function file2020(): string {
  return readFileSync(FILE_888, 'utf8')
    .replace(
      /\b(19\d\d|20[01]\d)-(\d\d)-(\d\d)\b/g,
      (_m, y: string, mo: string, d: string) => `${Number(y) + YEARS}-${mo}-${d}`,
    )
    .replace(
      /<(n1:(?:PeriodYear|PeriodStartYear|PeriodEndYear))>(\d{4})</g,
      (_m, tag: string, y: string) => `<${tag}>${Number(y) + YEARS}<`,
    );
}

/** Each P&L account's months (yyyy-mm → øre, debit positive) read off the file's lines with plain regular expressions. */
function fileMovements(xml: string): Map<number, Map<string, number>> {
  const ore = (s: string | undefined) => {
    if (!s) return 0;
    const [whole, part = ''] = s.trim().split('.');
    return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
  };
  const tag = (block: string, name: string) => new RegExp(`<n1:${name}>([^<]*)</n1:${name}>`).exec(block)?.[1];
  const out = new Map<number, Map<string, number>>();
  for (const [, tx] of xml.matchAll(/<n1:Transaction>([\s\S]*?)<\/n1:Transaction>/g)) {
    const month = tag(tx!, 'TransactionDate')!.slice(0, 7);
    for (const [, line] of tx!.matchAll(/<n1:Line>([\s\S]*?)<\/n1:Line>/g)) {
      const account = Number(tag(line!, 'AccountID'));
      if (!((account >= 3000 && account <= 8199) || (account >= 8300 && account <= 8399))) continue;
      const debit = /<n1:DebitAmount>[\s\S]*?<n1:Amount>([^<]*)</.exec(line!)?.[1];
      const credit = /<n1:CreditAmount>[\s\S]*?<n1:Amount>([^<]*)</.exec(line!)?.[1];
      const months = out.get(account) ?? new Map<string, number>();
      months.set(month, (months.get(month) ?? 0) + ore(debit) - ore(credit));
      out.set(account, months);
    }
  }
  return out;
}

/** øre × 1.0235 in the statement's sign (credit positive), half away from zero, in BigInt. */
function plusPercent(debitPositive: number): number {
  const product = BigInt(-debitPositive) * 10_235n;
  const abs = product < 0n ? -product : product;
  const q = abs / 10_000n + ((abs % 10_000n) * 2n >= 10_000n ? 1n : 0n);
  return Number(product < 0n ? -q : q);
}

/** A grid cell's kroner text ('-1 234 567,89', '1 000') as øre. */
function cellOre(text: string): number {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^[−–]/, '-');
  const negative = clean.startsWith('-');
  const [whole, part = ''] = clean.replace(/^-/, '').split(',');
  const ore = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return negative ? -ore : ore;
}

async function auth(request: APIRequestContext) {
  return { authorization: `Bearer ${(await apiLogin(request, DEMO)).jwtToken}` };
}

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.waitForTimeout(300);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const xml = file2020();
let boardId = '';
let sourceId = '';

test.beforeAll(async ({ request }) => {
  const upload = await request.post('/api/api-account/saft', {
    headers: await auth(request),
    multipart: {
      file: { name: 'lekefabrikken-2020.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) },
      name: NAME,
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  sourceId = ((await upload.json()) as { _id: string })._id;
  const made = await request.post('/api/group-account', {
    headers: await auth(request),
    data: { name: BOARD, apis: [sourceId] },
  });
  expect(made.status()).toBe(201);
  boardId = ((await made.json()) as { _id: string })._id;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/group-account/${boardId}/periods`, { headers: await auth(request) });
        return ((await res.json()) as { lastBookedMonth: string | null }).lastBookedMonth;
      },
      { timeout: 30_000 },
    )
    .toBe('2020-04');
});

test.afterAll(async ({ request }) => {
  await deleteDemoBoard(request, boardId, true);
  expect((await request.delete(`/api/api-account/${sourceId}`, { headers: await auth(request) })).status()).toBe(200);
});

test('a 2020 budget filled from the actuals, the P&L against it, a 2020 CSV reopening on 2020, and a resync', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await dismissWelcome(page);
  await chooseBoard(page, BOARD);

  // --- the budget page opens on the board's year and offers its years with books and the next ---
  await page.getByTestId('nav-ProfitLoss').click();
  await page.getByTestId('budget-link').click();
  await expect(page).toHaveURL(/\/profit\/budget$/);
  const yearSelect = page.getByTestId('budget-year');
  await expect(yearSelect).toHaveValue('2020');
  await expect(yearSelect.locator('option')).toHaveText(['2020', '2021']);
  await expect(page.getByTestId('budget-empty')).toBeVisible();

  // The template: the P&L accounts with postings, not the whole chart.
  const movements = fileMovements(xml);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('budget-template-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe('budsjett-2020.csv');
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const templateAccounts = csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => Number(line.split(';')[0]));
  expect(templateAccounts).toEqual([...movements.keys()].sort((a, b) => a - b));

  // --- fill from the actuals + 2,35 % (2019 has no books, so 2020's own) ---
  const fill = page.getByTestId('budget-fill');
  await expect(fill.getByTestId('budget-fill-from')).toHaveValue('2020');
  await fill.getByTestId('budget-fill-percent').fill('2,35');
  await fill.getByTestId('budget-fill-button').click();
  await expect(page.getByTestId('budget-filled')).toContainText('Fylt ut fra regnskapet for 2020 + 2,35 %');
  const rows = page.getByTestId('budget-row');
  const expected = [...movements]
    .map(([account, months]) => ({
      account,
      months: Array.from({ length: 12 }, (_, m) =>
        plusPercent(months.get(`2020-${String(m + 1).padStart(2, '0')}`) ?? 0),
      ),
    }))
    .filter((row) => row.months.some((ore) => ore !== 0))
    .sort((a, b) => a.account - b.account);
  await expect(rows).toHaveCount(expected.length);
  for (const row of expected) {
    const cells = page.locator(`[data-testid="budget-row"][data-target="${row.account}"] input[data-month]`);
    const shown = (await cells.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).map(cellOre);
    expect(shown, `account ${row.account}`).toEqual(row.months);
  }
  // Figures needed rounding: the file's øre times 1.0235 is not always whole.
  expect([...movements.values()].flatMap((m) => [...m.values()]).some((ore) => (ore * 10_235) % 10_000 !== 0)).toBe(
    true,
  );
  await shoot(page, testInfo, 'budget-2020-filled');

  await page.getByTestId('budget-save').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Budsjettet er lagret' })).toBeVisible();
  await expect(page.getByTestId('budget-filled')).toHaveCount(0);
  await expect(page.getByTestId('budget-save')).toBeDisabled();
  await shoot(page, testInfo, 'budget-2020-saved');

  // --- the P&L of 2020 against it: the chart's legend names each series beside a filled square ---
  await page.getByTestId('budget-compare-link').click();
  await expect(page).toHaveURL(/\/profit\?from=2020-01&to=2020-12&compare=budget$/);
  await expect(page.locator('saldo-profit-loss [part~="result-row"]').first()).toBeVisible();
  await shoot(page, testInfo, 'profit-loss-2020-against-budget');
  // By month, the chart above the statement.
  await page.goto('/profit?from=2020-01&to=2020-12');
  const legend = page.locator('saldo-profit-loss .u-legend');
  await expect(legend).toBeVisible();
  await expect(legend).not.toContainText(':');
  // Every series named, the first (Inntekter) too.
  await expect(legend.locator('.u-series:visible')).toHaveText(['Inntekter', 'Kostnader', 'Driftsresultat']);
  const markers = await legend
    .locator('.u-series .u-marker')
    .evaluateAll((list) => list.map((m) => getComputedStyle(m).backgroundColor));
  expect(markers.length).toBeGreaterThan(0);
  for (const colour of markers) expect(colour).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  await shoot(page, testInfo, 'profit-loss-2020-chart', false);

  // --- a CSV for 2020 imported while the page shows 2021 reopens on 2020 ---
  await page.goto('/profit/budget');
  await yearSelect.selectOption('2021');
  await expect(page.getByTestId('budget-empty')).toBeVisible();
  const months = Array.from({ length: 12 }, (_, m) => `2020-${String(m + 1).padStart(2, '0')}`);
  const imported = [
    `Konto;Navn;${months.join(';')}`,
    `3000;Salg;${months.map(() => '250000').join(';')}`,
    `4000;Varekjøp;${months.map(() => '-100000,50').join(';')}`,
  ].join('\r\n');
  await page.getByTestId('budget-file').setInputFiles({
    name: 'budsjett-2020.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${imported}\r\n`),
  });
  await expect(page.getByTestId('notification').filter({ hasText: 'Budsjettet er importert' })).toBeVisible();
  await expect(yearSelect).toHaveValue('2020');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="budget-row"][data-target="4000"] input[data-month="2020-12"]')).toHaveValue(
    '-100\u00a0000,50',
  );
  await shoot(page, testInfo, 'budget-2020-imported');

  // --- a resync of the source: no promised duration, and a full bar at 100 % ---
  await page.getByTestId('sync-button').click();
  const confirm = page.getByTestId('sync-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Rapportene oppdateres når den er ferdig.');
  await expect(confirm).not.toContainText('minutter');
  await confirm.getByTestId('confirm-ok').click();
  const popover = page.getByTestId('sync-popover');
  await expect(popover.getByTestId('sync-done')).toBeVisible({ timeout: 20_000 });
  await expect(popover.getByTestId('sync-percentage')).toHaveText('100 %');
  const [track, bar] = await popover
    .locator('.progress, .progress__fill')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
  expect(bar).toBeCloseTo(track!, 0);
  await popover.screenshot({ path: testInfo.outputPath('sync-done.png') });
  await testInfo.attach('sync-done', { path: testInfo.outputPath('sync-done.png'), contentType: 'image/png' });
});
