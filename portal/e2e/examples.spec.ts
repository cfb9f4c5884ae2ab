import { type ChildProcess, spawn } from 'node:child_process';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';

/**
 * The partner site (examples/partner-site): a partner's own backend on another origin (another host
 * name and port than Saldo's) signs embed tokens with a key made for the demo board, and its pages
 * show Saldo's elements through them. No Saldo login happens on the partner's pages.
 */
const PARTNER = `http://localhost:${E2E.partnerPort}`;
const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
let partner: ChildProcess | undefined;
let keyId = '';

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
});

test.afterAll(() => {
  partner?.kill();
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

  // Dark: the partner's colours and the elements' own dark palette.
  await page.locator('#theme').selectOption('dark');
  await expect(page.locator('saldo-top-customers')).toHaveAttribute('theme', 'dark');
  await expect(page.locator('saldo-top-customers')).toHaveCSS('background-color', 'rgb(22, 27, 34)');
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

test('revoking the key in the portal stops the partner site on its next load', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/group');
  await page
    .getByTestId('boards-page-row')
    .filter({ hasText: 'Nordlys Energiteknikk AS' })
    .getByTestId('boards-page-embed')
    .click();
  const row = page.locator(`[data-testid="embed-key"][data-key-id="${keyId}"]`);
  await expect(row).toContainText(PARTNER);
  // It was used by the journeys above.
  await expect(row.locator('td').nth(3)).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
  await page.screenshot({ path: testInfo.outputPath('embed-keys.png'), fullPage: true });
  await row.getByTestId('embed-key-revoke').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toHaveCount(0);

  const visitor = await page.context().browser()!.newContext();
  const partnerPage = await visitor.newPage();
  try {
    await partnerPage.goto(`${PARTNER}/`);
    // With no key naming its origin, Saldo sends the page no CORS headers: the browser stops the calls
    // before any figure (or the reason) reaches the page, and the element shows its network error.
    const status = partnerPage.locator('saldo-top-customers [part~="status"][part~="error"]');
    await expect(status).toBeVisible();
    await expect(partnerPage.locator('saldo-top-customers [part~="row"]')).toHaveCount(0);
    await partnerPage.screenshot({ path: testInfo.outputPath('partner-site-revoked.png'), fullPage: true });
  } finally {
    await visitor.close();
  }
});
