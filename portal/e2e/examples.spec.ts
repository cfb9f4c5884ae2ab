import { type ChildProcess, spawn } from 'node:child_process';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './session';

/**
 * The partner site (examples/partner-site): a partner's own backend on another origin (another host
 * name and port than Saldo's) signs embed tokens with a key made for the demo board, and its pages
 * show Saldo's elements through them. No Saldo login happens on the partner's pages.
 */
const PARTNER = `http://localhost:${E2E.partnerPort}`;
let partner: ChildProcess | undefined;
let keyId = '';

/** Starts the partner's backend on its own origin, signing with one embed key; resolves once it answers. */
async function startPartner(board: string, key: { _id: string; secret: string }): Promise<void> {
  partner = spawn(process.execPath, ['examples/partner-site/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(E2E.partnerPort),
      SALDO_URL: E2E.saldoUrl,
      SALDO_BOARD_ID: board,
      SALDO_EMBED_KEY_ID: key._id,
      SALDO_EMBED_SECRET: key.secret,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${PARTNER}/saldo-config`).catch(() => null))?.status, { timeout: 15_000 })
    .toBe(200);
}

/** Stops the partner's backend and waits until its port is free again. */
async function stopPartner(): Promise<void> {
  const running = partner;
  partner = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill();
  await exited;
}

async function demoBoard(request: APIRequestContext): Promise<{ token: string; board: string }> {
  const login = await request.post('/api/auth/login', { data: DEMO });
  const { jwtToken } = (await login.json()) as { jwtToken: string };
  const boards = (await (
    await request.get('/api/group-account', { headers: { authorization: `Bearer ${jwtToken}` } })
  ).json()) as Array<{ _id: string; name: string }>;
  const board = boards.find((b) => b.name === 'Nordlys Energiteknikk AS') ?? boards[0]!;
  return { token: jwtToken, board: board._id };
}

test.beforeAll(async ({ request }) => {
  const { token, board } = await demoBoard(request);
  const res = await request.post(`/api/group-account/${board}/embed-keys`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Partner site (e2e)', origins: [PARTNER] },
  });
  expect(res.status()).toBe(201);
  const key = (await res.json()) as { _id: string; secret: string };
  keyId = key._id;
  await startPartner(board, key);
});

test.afterAll(async () => {
  await stopPartner();
});

// Whole units, a space (U+00A0 or U+0020) between thousands, ASCII minus: '1 234 567', '-12 500', '0'.
const WHOLE_UNITS = /^-?\d{1,3}([ \u00a0]\d{3})*$/;

/** Every text of `cells` is a whole amount, and at least one is large enough to carry a separator. */
async function expectWholeAmounts(cells: Locator): Promise<void> {
  const texts = (await cells.allTextContents()).map((t) => t.trim()).filter((t) => t !== '');
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toMatch(WHOLE_UNITS);
  expect(texts.some((t) => /[ \u00a0]/.test(t))).toBe(true);
}

/** Waits until the widgets and reports on the page show data, and checks how they format it. */
async function expectEmbeddedData(page: Page): Promise<void> {
  const customerRows = page.locator('saldo-top-customers [part~="row"]');
  await expect(customerRows).toHaveCount(10, { timeout: 20_000 });
  await expectWholeAmounts(page.locator('saldo-top-customers [part~="amount"]'));

  // The statement's Total column: one whole amount per row.
  const plRows = page.locator('saldo-profit-loss [part~="row"]');
  await expect(plRows.first()).toBeVisible({ timeout: 20_000 });
  await expectWholeAmounts(page.locator('saldo-profit-loss [part~="amount"][part~="total"]'));

  const balanceSheet = page.locator('saldo-balance-sheet');
  if ((await balanceSheet.count()) > 0) {
    await expect(balanceSheet.locator('[part~="row"]').first()).toBeVisible({ timeout: 20_000 });
  }
  // Nothing is left loading or failed (a widget may be legitimately empty for the demo company).
  await expect(page.locator('[part~="status"]:not([part~="empty"])')).toHaveCount(0, { timeout: 20_000 });
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** The SDK files the page loads from Saldo's origin, each with the CORS header it came with. */
function collectSdkFiles(page: Page): Array<{ url: string; cors: string | null }> {
  const files: Array<{ url: string; cors: string | null }> = [];
  page.on('response', (res) => {
    if (res.url().startsWith(`${E2E.saldoUrl}/sdk/`)) {
      files.push({
        url: res.url().slice(E2E.saldoUrl.length),
        cors: res.headers()['access-control-allow-origin'] ?? null,
      });
    }
  });
  return files;
}

test('the partner site on another origin shows several elements through a signed token, light and dark', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const saldoCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().startsWith(`${E2E.saldoUrl}/api/`)) saldoCalls.push(req.headers().authorization ?? '');
  });
  await page.goto(`${PARTNER}/`);
  await expect(page.locator('#status')).toContainText('Viser');
  await expectEmbeddedData(page);
  // Every data call carried the partner's embed token (a JWT naming the key), never a user's session.
  expect(saldoCalls.length).toBeGreaterThan(3);
  for (const authorization of saldoCalls) {
    const header = JSON.parse(Buffer.from(authorization.slice(7).split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', kid: keyId });
  }
  // The partner's styling reaches into the shadow root only through ::part and --saldo-* properties.
  await expect(page.locator('saldo-top-customers [part~="title"]')).toHaveCSS('color', 'rgb(43, 76, 63)');

  // Only tags this SDK defines are placed; the note names the ones left out (if any).
  const wanted = ['saldo-top-customers', 'saldo-top-suppliers', 'saldo-turnover', 'saldo-profit-loss'];
  wanted.push('saldo-balance-sheet');
  const defined = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), wanted);
  for (const tag of wanted) await expect(page.locator(tag)).toHaveCount(defined.includes(tag) ? 1 : 0);
  const missing = wanted.filter((t) => !defined.includes(t));
  if (missing.length > 0) await expect(page.locator('#note')).toContainText(`<${missing[0]}>`);
  else await expect(page.locator('#note')).toBeHidden();
  await expect(page.locator('#log')).toContainText('saldo-ready');
  await page.screenshot({ path: testInfo.outputPath('partner-site-light.png'), fullPage: true });

  // Dark: the partner's colours and the elements' own dark palette, still over the same figures.
  await page.locator('#theme').selectOption('dark');
  await expect(page.locator('saldo-top-customers')).toHaveAttribute('theme', 'dark');
  await expect(page.locator('saldo-top-customers')).toHaveCSS('background-color', 'rgb(22, 27, 34)');
  await expectEmbeddedData(page);
  await page.screenshot({ path: testInfo.outputPath('partner-site-dark.png'), fullPage: true });
  await page.locator('#theme').selectOption('light');

  // nor/en: the page's own texts and the widgets switch together.
  await page.locator('#lang').selectOption('en');
  await expect(page.locator('#status')).toContainText('Showing');
  await expect(page.locator('saldo-profit-loss [part~="title"]')).toHaveText(/Profit and loss/i);
  await expect(page.locator('saldo-top-customers')).toHaveAttribute('lang', 'en');

  // Another period re-fetches every element.
  await page.locator('#period').selectOption('lastYear');
  const year = new Date().getFullYear() - 1;
  await expect(page.locator('saldo-top-customers')).toHaveAttribute('from', `${year}-01-01`);
  await expectEmbeddedData(page);
  expect(errors).toEqual([]);
});

test('the plain HTML example leaves out tags an older SDK does not define, and says so', async ({ page }) => {
  // An older embed bundle: its defineElements() never registers <saldo-turnover>.
  await page.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    customElements.define = (name, ctor, options) => {
      if (name !== 'saldo-turnover') define(name, ctor, options);
    };
  });
  await page.goto(`${PARTNER}/`);
  await expect(page.locator('saldo-top-customers [part~="row"]')).toHaveCount(10);
  await expect(page.locator('saldo-turnover')).toHaveCount(0);
  await expect(page.locator('#note')).toBeVisible();
  await expect(page.locator('#note')).toContainText('<saldo-turnover>');
  await page.locator('#lang').selectOption('en');
  await expect(page.locator('#note')).toContainText('This version of the Saldo SDK has no <saldo-turnover>');
});

test('the one-script bundle fetches its chart code from beside itself, and a page without it keeps its figures', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const sdkFiles = collectSdkFiles(page);
  await page.goto(`${PARTNER}/`);
  await expectEmbeddedData(page);
  // The charts are drawn once the chart code has come, the profit and loss's and turnover's sparkline.
  await expect(page.locator('saldo-profit-loss [part="chart"][data-state="drawn"] canvas')).toBeVisible();
  await expect(page.locator('saldo-turnover [part="chart"][data-state="drawn"] canvas')).toBeVisible();
  // The bundle and its chart module (once, for every chart), both from Saldo's origin with CORS.
  expect(sdkFiles.map((f) => f.url).sort()).toEqual(['/sdk/saldo-embed-chart.js', '/sdk/saldo-embed.iife.js']);
  for (const file of sdkFiles) expect(file.cors, file.url).toBe('*');
  await page.screenshot({ path: testInfo.outputPath('partner-site-charts.png'), fullPage: true });

  // When the chart code cannot be fetched, every element still shows its figures and tables.
  await page.route(`${E2E.saldoUrl}/sdk/saldo-embed-chart.js`, (route) => route.abort());
  await page.reload();
  await expectEmbeddedData(page);
  await expect(page.locator('saldo-profit-loss [part="chart"]')).toHaveAttribute('data-state', 'none');
  await expect(page.locator('saldo-profit-loss [part="chart"]')).toBeHidden();
  await expect(page.locator('saldo-turnover [part="chart"]')).toHaveAttribute('data-state', 'none');
  await expect(page.locator('saldo-turnover [part~="value"]')).toBeVisible();
  await expect(page.locator('saldo-profit-loss [part~="chart-table"]')).toHaveCount(1);
  await expect(page.locator('canvas')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('partner-site-no-chart-code.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('a partner page imports one element as ES modules from Saldo’s origin and shows it with data', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const sdkFiles = collectSdkFiles(page);
  // The page of docs/embedding.md's "With ES modules": <script type="module"> importing
  // cdn/configure.js and cdn/define/saldo-top-customers.js from Saldo, which a browser fetches with CORS.
  await page.goto(`${PARTNER}/modules.html`);
  const year = new Date().getFullYear() - 1;
  await expect(page.locator('#status')).toHaveText(`Viser ${year}.`);
  await expect(page.locator('saldo-top-customers [part~="row"]')).toHaveCount(10, { timeout: 20_000 });
  await expectWholeAmounts(page.locator('saldo-top-customers [part~="amount"]'));
  await expect(page.locator('saldo-top-customers [part~="status"]')).toHaveCount(0);

  const paths = sdkFiles.map((f) => f.url);
  expect(paths).toContain('/sdk/cdn/configure.js');
  expect(paths).toContain('/sdk/cdn/define/saldo-top-customers.js');
  for (const file of sdkFiles) expect(file.cors, file.url).toBe('*');
  // Only the modules: not the one-script bundle, and no chart library for a list.
  expect(paths.filter((p) => !p.startsWith('/sdk/cdn/'))).toEqual([]);
  for (const path of paths) expect(path).not.toMatch(/uplot/i);
  await page.screenshot({ path: testInfo.outputPath('partner-site-modules.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('the React example on the partner origin renders the @saldo/sdk/react wrappers through the token', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await page.goto(`${PARTNER}/react/?theme=dark`);
  await expect(page.locator('#status')).toContainText('Viser');
  await expectEmbeddedData(page);
  await expect(page.locator('saldo-cash-flow [part~="row"]').first()).toBeVisible();
  await expect(page.locator('saldo-top-customers')).toHaveJSProperty('theme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('examples-react-dark.png'), fullPage: true });

  await page.getByRole('button', { name: 'I fjor' }).click();
  const year = new Date().getFullYear() - 1;
  await expect(page.locator('#status')).toContainText(`${year}/01/01 – ${year}/12/31`);
  await expect(page.locator('saldo-top-customers')).toHaveJSProperty('from', `${year}-01-01`);
  await expectEmbeddedData(page);

  await page.getByRole('combobox', { name: 'Språk' }).selectOption('en');
  await expect(page.locator('saldo-profit-loss [part~="title"]')).toHaveText(/Profit and loss/i);
  expect(errors).toEqual([]);
});

test('a key made in the portal feeds the partner site, and revoking it stops the site on its next load', async ({
  page,
  browser,
}, testInfo) => {
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/group');
  await page
    .getByTestId('boards-page-row')
    .filter({ hasText: 'Nordlys Energiteknikk AS' })
    .getByTestId('boards-page-embed')
    .click();
  await expect(page).toHaveURL(/\/group\/[^/]+\/embed$/);
  const board = new URL(page.url()).pathname.split('/')[2]!;
  // The board's id, which the partner's tokens name (issue 31), is shown with a button that copies it.
  await expect(page.getByTestId('embed-board-id')).toHaveText(board);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('embed-board-id-copy').click();
  await expect(page.getByTestId('embed-board-id-copy')).toHaveText('Kopiert');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(board);

  // A new key through the form: its secret is shown this once, beside the key id.
  const form = page.getByTestId('embed-key-form');
  await form.getByTestId('embed-key-name').fill('Partnerside (portal)');
  await form.getByTestId('embed-key-origins').fill(`${PARTNER}/`);
  await form.getByTestId('embed-key-create').click();
  const created = page.getByTestId('embed-key-created');
  await expect(created).toContainText('vises bare denne ene gangen');
  const key = {
    _id: (await created.getByTestId('embed-key-id').textContent())!.trim(),
    secret: (await created.getByTestId('embed-key-secret').textContent())!.trim(),
  };
  expect(key._id).toMatch(/^ek_/);
  expect(key.secret.length).toBeGreaterThanOrEqual(32);
  // Listed at once, with the origin as typed less its slash, and never used yet.
  const row = page.locator(`[data-testid="embed-key"][data-key-id="${key._id}"]`);
  await expect(row).toContainText('Partnerside (portal)');
  await expect(row).toContainText(PARTNER);
  await expect(row.locator('td').nth(3)).toHaveText('Aldri');
  await page.screenshot({ path: testInfo.outputPath('embed-key-created.png'), fullPage: true });
  await created.getByTestId('embed-key-done').click();
  await expect(created).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(key.secret)).toHaveCount(0);

  // The partner's backend now signs with this key, and a visitor's page shows the board through it.
  await stopPartner();
  await startPartner(board, key);
  const visitor = await browser.newContext();
  const partnerPage = await visitor.newPage();
  try {
    await partnerPage.goto(`${PARTNER}/`);
    await expect(partnerPage.locator('saldo-top-customers [part~="row"]')).toHaveCount(10, { timeout: 20_000 });
    await page.reload();
    await expect(row.locator('td').nth(3)).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
    await page.screenshot({ path: testInfo.outputPath('embed-keys.png'), fullPage: true });

    await row.getByTestId('embed-key-revoke').click();
    await page.getByTestId('confirm-ok').click();
    await expect(row).toHaveCount(0);

    // The next load: Saldo refuses the revoked key's tokens (the origin is still another key's, so the
    // browser lets the refusal through), and the element shows its error instead of any figure.
    await partnerPage.close();
    const next = await visitor.newPage();
    const answers: number[] = [];
    next.on('response', (res) => {
      if (res.url().startsWith(`${E2E.saldoUrl}/api/`) && res.request().method() === 'GET') answers.push(res.status());
    });
    await next.goto(`${PARTNER}/`);
    await expect(next.locator('saldo-top-customers [part~="status"][part~="error"]')).toBeVisible();
    await expect(next.locator('saldo-top-customers [part~="row"]')).toHaveCount(0);
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers)).toEqual(new Set([401]));
    await next.screenshot({ path: testInfo.outputPath('partner-site-revoked.png'), fullPage: true });
  } finally {
    await visitor.close();
  }
});
