import { createHash } from 'node:crypto';
import { createClient } from '@libsql/client';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './session';

const WHOLE_UNITS = /^-?\d{1,3}(?:[ \u00a0]\d{3})*$/;

// Every journey here starts as the demo user, on the dashboard.
test.beforeEach(async ({ page }) => {
  await loginThroughForm(page, DEMO);
  await expect(page.getByTestId('dashboard')).toBeVisible();
});

/** The id the owner's list gives a link: the SHA-256 of the secret at the end of its address. */
const linkId = (link: string) => createHash('sha256').update(link.split('/').at(-1)!).digest('hex');

test('share board: generate a public link, e-mail it, and open it without a login', async ({
  page,
  browser,
}, testInfo) => {
  // The dropdown: nothing chosen is refused with the spec's message.
  const shareButton = page.getByTestId('share-button');
  await expect(shareButton).toBeEnabled();
  await shareButton.click();
  const panel = page.getByTestId('share-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('share-generate').click();
  await expect(panel.getByTestId('share-error')).toHaveText('Alle felt må fylles ut');

  // One widget (top customers) and the profit and loss page, in English.
  await panel.getByTestId('share-widget-top-customers').check();
  await panel.getByTestId('share-page-profitloss').check();
  await panel.getByTestId('share-lang-en').check();
  await panel.getByTestId('share-generate').click();
  const linkField = panel.getByTestId('share-link');
  await expect(linkField).toHaveValue(/\/public\/board\/[^/]+$/);
  const link = await linkField.inputValue();
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true);

  // E-mail: no recipients, then a bad address, then two good ones.
  await panel.getByTestId('share-send').click();
  await expect(panel.getByTestId('share-recipient-error')).toHaveText('Alle felt må fylles ut');
  const recipient = panel.getByTestId('share-recipient-input');
  await recipient.fill('not-an-email');
  await recipient.press('Enter');
  await expect(panel.getByTestId('share-recipient-error')).toHaveText('Skriv inn en gyldig e-postadresse');
  await recipient.fill('kari@example.no');
  await recipient.press('Enter');
  await recipient.fill('ola@example.com');
  await recipient.press('Enter');
  await expect(panel.getByTestId('share-recipient')).toHaveCount(2);
  await panel.getByTestId('share-send').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Lenken er sendt' })).toBeVisible();

  // Closing the dropdown clears the generated link (spec §4).
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await shareButton.click();
  await expect(page.getByTestId('share-link')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A visitor: a new browser context with no storage at all.
  const visitor = await browser.newContext({ storageState: undefined });
  const guest = await visitor.newPage();
  try {
    await guest.goto(link);
    await expect(guest).toHaveURL(link);
    await expect(guest.getByTestId('public-view')).toBeVisible();
    await expect(guest.getByTestId('public-board-name')).not.toBeEmpty();
    // Shared in English: the nav lists Dashboard and only the shared page.
    await expect(guest.getByTestId('public-nav-board')).toHaveText('Dashboard');
    await expect(guest.getByTestId('public-nav-profitloss')).toHaveText('Profit & loss');
    await expect(guest.getByTestId('public-nav-balancesheet')).toHaveCount(0);
    await expect(guest.getByTestId('public-nav-cashflow')).toHaveCount(0);

    // The shared widget reads data with the public board id; last year always has demo data.
    const lastYear = String(new Date().getFullYear() - 1);
    // The dashboard's period control, over the board's booked months: year to date first, then last year.
    await expect(guest.getByTestId('period-control')).toBeVisible();
    await guest.getByTestId('range-lastYear').click();
    await expect(guest.getByTestId('date-range')).toHaveText(`${lastYear}/01/01 – ${lastYear}/12/31`);
    await expect(guest.getByTestId('public-widget')).toHaveCount(1);
    const rows = guest.locator('saldo-top-customers [part~="row"]');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().locator('[part~="amount"]')).toHaveText(WHOLE_UNITS);
    await guest.waitForTimeout(250);
    const shot = testInfo.outputPath('public-board.png');
    await guest.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('public-board', { path: shot, contentType: 'image/png' });

    // The shared profit and loss page shows numbers.
    await guest.getByTestId('public-nav-profitloss').click();
    await expect(guest).toHaveURL(/\/public\/profitloss\//);
    // The period chosen on the dashboard goes along.
    await expect(guest.getByTestId('date-range')).toHaveText(`${lastYear}/01/01 – ${lastYear}/12/31`);
    const result = guest.locator('saldo-profit-loss [part~="result-row"][data-line="result"] [part~="total"]');
    await expect(result).toHaveText(WHOLE_UNITS);
    const pl = testInfo.outputPath('public-profit-loss.png');
    await guest.screenshot({ path: pl, fullPage: true });
    await testInfo.attach('public-profit-loss', { path: pl, contentType: 'image/png' });

    // The balance sheet was not shared: opened directly it says so, and no report loads.
    await guest.goto(link.replace('/public/board/', '/public/balancesheet/'));
    await expect(guest.getByTestId('public-not-shared')).toBeVisible();
    await expect(guest.locator('saldo-balance-sheet')).toHaveCount(0);

    // An unknown id, in the visitor's own language (Norwegian by default).
    await guest.goto('/public/board/does-not-exist');
    await expect(guest.getByTestId('public-not-found')).toContainText('Den delte tavlen finnes ikke');
  } finally {
    await visitor.close();
  }

  // A logged-in user opening the link sees the public view as well, not a redirect to /login.
  await page.goto(link);
  await expect(page.getByTestId('public-view')).toBeVisible();
  await expect(page.locator('saldo-top-customers')).toHaveCount(1);
  await expect(page).toHaveURL(link);
});

test('the owner lists, revokes and times out public links; an expired one shows the expired page', async ({
  page,
  browser,
}, testInfo) => {
  const lastYear = new Date().getFullYear() - 1;
  const generate = async (): Promise<string> => {
    await page.getByTestId('share-button').click();
    const panel = page.getByTestId('share-panel');
    // "Select all" per group, then held to last year and working for 7 days.
    await panel.getByTestId('share-widgets-all').click();
    await panel.getByTestId('share-page-all').click();
    for (const box of await panel.locator('input[type="checkbox"]').all()) await expect(box).toBeChecked();
    await panel.getByTestId('share-expiry').selectOption('7');
    await panel.getByTestId('share-period').selectOption(String(lastYear));
    await panel.getByTestId('share-generate').click();
    const link = await panel.getByTestId('share-link').inputValue();
    expect(link).toMatch(/\/public\/board\/[A-Za-z0-9_-]{24}$/);
    return link;
  };

  const link = await generate();
  const panel = page.getByTestId('share-panel');
  // A link's row in the owner's list, found by its id (other journeys' links are listed too).
  const listed = (l: string) => `[data-testid="share-link-item"][data-link-id="${linkId(l)}"]`;
  const item = panel.getByTestId('share-links-live').locator(listed(link));
  await expect(item).toContainText(`${lastYear}/01/01–${lastYear}/12/31`);
  await expect(item).toContainText(/utløper \d{4}\/\d{2}\/\d{2}/);
  await expect(item).toContainText('0 visninger');
  const shot = testInfo.outputPath('share-links.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('share-links', { path: shot, contentType: 'image/png' });
  await page.keyboard.press('Escape');

  const visitor = await browser.newContext({ storageState: undefined });
  const guest = await visitor.newPage();
  try {
    // The link shows its one period, with no period to choose.
    await guest.goto(link);
    await expect(guest.getByTestId('public-locked-period')).toHaveText(`${lastYear}/01/01 – ${lastYear}/12/31`);
    await expect(guest.getByTestId('period-control')).toHaveCount(0);
    await expect(guest.locator('saldo-top-customers [part~="row"]').first()).toBeVisible();

    // The owner sees the view, and revokes the link: the visitor's next load finds nothing.
    await page.getByTestId('share-button').click();
    const viewed = page.getByTestId('share-panel').locator(listed(link));
    await expect(viewed).toContainText('1 visning');
    await viewed.getByTestId('share-link-revoke').click();
    await expect(page.getByTestId('notification').filter({ hasText: 'Lenken er trukket tilbake' })).toBeVisible();
    await expect(page.locator(listed(link))).toHaveCount(0);
    await page.keyboard.press('Escape');
    await guest.reload();
    await expect(guest.getByTestId('public-not-found')).toBeVisible();
    await expect(guest.locator('saldo-top-customers')).toHaveCount(0);
    const stopped = testInfo.outputPath('public-revoked.png');
    await guest.screenshot({ path: stopped, fullPage: true });
    await testInfo.attach('public-revoked', { path: stopped, contentType: 'image/png' });

    // A link whose expiry has passed (set in the database: no request can make one) shows the expired page.
    const expiring = await generate();
    await page.keyboard.press('Escape');
    const db = createClient({ url: `file:${E2E.dataDir}/saldo.db` });
    try {
      await db.execute({
        sql: 'update public_share set expires_at = ? where id = ?',
        args: [Date.now() - 60_000, linkId(expiring)],
      });
    } finally {
      db.close();
    }
    await guest.goto(expiring);
    await expect(guest.getByTestId('public-expired')).toContainText('Denne lenken er utløpt');
    await expect(guest.locator('saldo-top-customers')).toHaveCount(0);
    const expired = testInfo.outputPath('public-expired.png');
    await guest.screenshot({ path: expired, fullPage: true });
    await testInfo.attach('public-expired', { path: expired, contentType: 'image/png' });

    // The owner's list keeps it apart from the live links, marked, until it is deleted.
    await page.getByTestId('share-button').click();
    const links = page.getByTestId('share-links');
    await expect(links.getByTestId('share-links-expired').locator(listed(expiring))).toContainText(
      /utløpt \d{4}\/\d{2}\/\d{2}/,
    );
    await expect(links.getByTestId('share-links-live').locator(listed(expiring))).toHaveCount(0);
    const expiredList = testInfo.outputPath('share-links-expired.png');
    await page.screenshot({ path: expiredList });
    await testInfo.attach('share-links-expired', { path: expiredList, contentType: 'image/png' });
    await links.getByTestId('share-links-expired').locator(listed(expiring)).getByTestId('share-link-revoke').click();
    await expect(page.getByTestId('notification').filter({ hasText: 'Lenken er slettet' })).toBeVisible();
    await expect(page.locator(listed(expiring))).toHaveCount(0);
    await page.keyboard.press('Escape');
  } finally {
    await visitor.close();
  }
});

test('a widget shared without its page renders on the link: the P&L widget, and nothing more (issue 25)', async ({
  page,
  browser,
}, testInfo) => {
  // Only the board's Resultatregnskap widget: no page, held to last year.
  const lastYear = new Date().getFullYear() - 1;
  await page.getByTestId('share-button').click();
  const panel = page.getByTestId('share-panel');
  await panel.getByTestId('share-widget-profit-loss').check();
  await panel.getByTestId('share-period').selectOption(String(lastYear));
  await panel.getByTestId('share-generate').click();
  const link = await panel.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/public\/board\/[A-Za-z0-9_-]{24}$/);
  await page.keyboard.press('Escape');

  const visitor = await browser.newContext({ storageState: undefined });
  const guest = await visitor.newPage();
  try {
    const refused: string[] = [];
    guest.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
    });
    await guest.goto(link);
    await expect(guest.getByTestId('public-locked-period')).toHaveText(`${lastYear}/01/01 – ${lastYear}/12/31`);
    // The one shared widget, with its figures: not "Denne delen av tavlen er ikke delt".
    await expect(guest.getByTestId('public-widget')).toHaveCount(1);
    const widget = guest.locator('[data-testid="public-widget"][data-widget="profit-loss"]');
    const result = widget.locator('saldo-profit-loss [part~="result-row"][data-line="result"] [part~="total"]');
    await expect(result).toHaveText(WHOLE_UNITS);
    await expect(widget).not.toContainText('ikke delt');
    // The page itself was not ticked: no link to it, and opened directly it says so.
    await expect(guest.getByTestId('public-nav-profitloss')).toHaveCount(0);
    await guest.waitForTimeout(250);
    const shot = testInfo.outputPath('public-profit-loss-widget.png');
    await guest.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('public-profit-loss-widget', { path: shot, contentType: 'image/png' });
    expect(refused).toEqual([]);
    await guest.goto(link.replace('/public/board/', '/public/profitloss/'));
    await expect(guest.getByTestId('public-not-shared')).toBeVisible();
  } finally {
    await visitor.close();
  }
});
