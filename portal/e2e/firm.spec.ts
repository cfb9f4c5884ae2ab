import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { authHeaders, loginThroughForm, verifiedUser } from './session';

/**
 * Issue 30, the firm: a new accountant fills in the firm's profile (its own checks first, in Norwegian),
 * uploads a PNG logo with a preview, and a visitor of one of the firm's public links sees the firm's
 * name and logo where Saldo's would be. A firm of its own, so no other journey meets its profile.
 */

/** A real PNG logo, drawn by the browser: the firm's initials on its colour. */
async function drawnLogo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 96;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0b6e4f';
    g.fillRect(0, 0, 240, 96);
    g.fillStyle = '#f4d35e';
    g.fillRect(0, 80, 240, 16);
    g.fillStyle = '#ffffff';
    g.font = 'bold 56px sans-serif';
    g.fillText('AF', 80, 62);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('firm profile: fill it in, upload a PNG logo, and see it on a public link', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const accountant = await verifiedUser(request, 'firma');
  // One client board of the firm, and a public link of it (made through the API: the sharing UI has its own journey).
  const headers = await authHeaders(request, accountant);
  const made = await request.post('/api/group-account', { headers, data: { name: 'Kunde Nord AS', apis: [] } });
  expect(made.status()).toBe(201);
  const boardId = ((await made.json()) as { _id: string })._id;
  const shared = await request.post(`/api/group-account/${boardId}/public/share-board`, {
    headers,
    data: { pages: [{ name: 'profitloss' }], lang: 'nor' },
  });
  expect(shared.status()).toBe(201);
  const link = `/public/profitloss/${((await shared.json()) as { boardId: string }).boardId}`;

  await loginThroughForm(page, accountant);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/profile-settings');
  await page.getByTestId('firm-tab').click();
  const firmPage = page.getByTestId('firm-page');
  await expect(firmPage).toBeVisible();
  // Before a profile is saved: the firm's name from the account, Saldo's colours, and no logo to upload yet.
  await expect(page.getByTestId('firm-name')).toHaveValue('Regnskap AS');
  await expect(page.getByTestId('firm-primaryColor')).toHaveValue('#1d4ed8');
  await expect(page.getByTestId('firm-logo-input')).toBeDisabled();

  // The form's own checks, in Norwegian: a number that fails modulus 11, a colour and an address that are none.
  await page.getByTestId('firm-name').fill('Accountflow AS');
  await page.getByTestId('firm-orgNumber').fill('918 874 225');
  await page.getByTestId('firm-primaryColor').fill('grønn');
  await page.getByTestId('firm-replyTo').fill('post(at)accountflow.no');
  await page.getByTestId('firm-save').click();
  await expect(page.getByTestId('firm-orgNumber-error')).toHaveText(
    'Organisasjonsnummeret må være ni siffer som består Brønnøysundregistrenes kontroll',
  );
  await expect(page.getByTestId('firm-primaryColor-error')).toHaveText(
    'Skriv fargen som en heksadesimal kode, for eksempel #1d4ed8',
  );
  await expect(page.getByTestId('firm-replyTo-error')).toHaveText('Skriv inn en gyldig e-postadresse');

  await page.getByTestId('firm-orgNumber').fill('918 874 224');
  await page.getByTestId('firm-primaryColor').fill('#0b6e4f');
  await page.getByTestId('firm-secondaryColor').fill('#f4d35e');
  await page.getByTestId('firm-senderName').fill('Accountflow Regnskap');
  await page.getByTestId('firm-replyTo').fill('post@accountflow.no');
  await expect(page.getByTestId('firm-orgNumber-error')).toHaveCount(0);
  await page.getByTestId('firm-save').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Firmaprofilen er lagret' })).toBeVisible();
  await expect(page.getByTestId('firm-orgNumber')).toHaveValue('918874224');

  // A file that is no picture is refused before it is sent; a PNG shows its preview, then is saved.
  const input = page.getByTestId('firm-logo-input');
  await expect(input).toBeEnabled();
  await input.setInputFiles({ name: 'notater.txt', mimeType: 'text/plain', buffer: Buffer.from('ikke et bilde') });
  await expect(page.getByTestId('firm-logo-error')).toHaveText('Logoen må være et PNG- eller SVG-bilde');
  const logo = await drawnLogo(page);
  await input.setInputFiles({ name: 'accountflow.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByTestId('firm-logo-error')).toHaveCount(0);
  await expect(page.getByTestId('firm-logo-preview')).toHaveAttribute('src', /^blob:/);
  await page.getByTestId('firm-logo-upload').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Logoen er lagret' })).toBeVisible();
  // The stored logo, read back from the server, is shown.
  const stored = page.getByTestId('firm-logo-preview');
  await expect(stored).toBeVisible();
  await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await page.screenshot({ path: testInfo.outputPath('firm-page.png'), fullPage: true });

  // A visitor of the firm's public link: the firm's name and logo instead of Saldo's.
  const visitor = await browser.newContext({ storageState: undefined });
  const guest = await visitor.newPage();
  try {
    await guest.goto(link);
    await expect(guest.getByTestId('public-view')).toBeVisible();
    await expect(guest.getByTestId('public-firm-name')).toHaveText('Accountflow AS');
    const publicLogo = guest.getByTestId('public-firm-logo');
    await expect(publicLogo).toHaveAttribute('alt', 'Logoen til Accountflow AS');
    await expect.poll(() => publicLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await expect(guest.getByTestId('public-sidebar').locator('.brand')).toHaveCount(0);
    await guest.screenshot({ path: testInfo.outputPath('firm-public-link.png'), fullPage: true });
  } finally {
    await visitor.close();
  }
});
