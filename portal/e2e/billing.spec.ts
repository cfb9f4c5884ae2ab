import { createClient } from '@libsql/client';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';

/**
 * Billing end to end on the built app, with payments on the Stripe stand-in the server starts itself
 * (no Stripe keys, a loopback address): a trial user picks a plan, pays on the stand-in's hosted
 * checkout page, comes back to an active subscription with an invoice in the order history (its PDF
 * served by the stand-in), cancels to the period's end and reactivates, and moves to the per-board plan,
 * whose count follows the boards made later. Then a user whose trial has ended sees the read-only
 * banner on every page and the way to subscribe.
 */

const PASSWORD = 'Billing-2026';
const YMD = /^\d{4}\/\d{2}\/\d{2}$/;

/** A new, verified account on its trial (through the API and the development outbox). */
async function trialUser(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.no`;
  const signup = await request.post('/api/auth/signup', {
    data: {
      firstName: name,
      lastName: 'Nordmann',
      email,
      password: PASSWORD,
      companyName: `${name} AS`,
      termsAccepted: true,
    },
  });
  expect(signup.status()).toBe(201);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string; links: string[] }>;
  const link = outbox.find((m) => m.to === email)?.links.find((l) => l.includes('/verify-account?token='));
  const token = new URL(link!).searchParams.get('token');
  expect((await request.patch('/api/auth/account/verify', { data: { token, password: PASSWORD } })).ok()).toBe(true);
  return email;
}

async function logIn(page: Page, email: string, lang: 'nor' | 'en' = 'nor') {
  await page.goto('/login');
  await page.getByTestId(`lang-${lang}`).click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // The first-visit welcome card sits over the page's corner: out of the way for the screenshots.
  await page.getByTestId('welcome-dismiss').click();
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });

test('a trial user subscribes through checkout, sees the plan and the invoice, cancels, reactivates, and moves to the per-board plan', async ({
  page,
  request,
}) => {
  const email = await trialUser(request, 'Kari');
  await logIn(page, email);

  // From the profile menu to billing: on trial, with the plans in NOK without and with VAT.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('billing-link').click();
  await expect(page).toHaveURL(/\/profile-settings\/billing$/);
  await expect(page.getByTestId('billing-state')).toHaveText('Prøveperiode');
  await expect(page.getByTestId('billing-trial')).toContainText('Prøveperioden varer til');
  await expect(page.getByTestId('billing-invoices-empty')).toBeVisible();
  const company = page.locator('[data-testid=billing-plan][data-plan=company]');
  await expect(company.getByTestId('billing-plan-excl')).toHaveText('480\u00a0kr per måned, ekskl. mva');
  await expect(company.getByTestId('billing-plan-incl')).toHaveText('600\u00a0kr inkl. 25 % mva');
  await expect(page.locator('[data-plan=accountant] [data-testid=billing-plan-excl]')).toContainText('160\u00a0kr');
  await shot(page, 'billing-1-trial.png');

  // Subscribe: off to the stand-in's hosted checkout page, a page of another origin.
  await company.getByTestId('billing-subscribe').click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/c/pay/cs_test_`));
  await expect(page.getByTestId('checkout-total')).toContainText('600,00');
  await expect(page.locator('#email')).toHaveValue(email);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12 / 34');
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('Kari Nordmann');
  await shot(page, 'billing-2-checkout.png');
  await page.locator('button[type=submit]').click();

  // Back in Saldo: active, the plan, and the first invoice in the order history.
  await expect(page).toHaveURL(/\/profile-settings\/billing\?checkout=success$/);
  await expect(page.getByTestId('billing-checkout-banner')).toContainText('abonnementet er aktivt');
  await expect(page.getByTestId('billing-state')).toHaveText('Aktiv');
  await expect(page.getByTestId('billing-current-plan')).toHaveText('Bedrift');
  await expect(page.getByTestId('billing-current-amount')).toHaveText(
    '480\u00a0kr ekskl. mva · 600\u00a0kr inkl. mva per måned',
  );
  const renews = (await page.getByTestId('billing-current-when').textContent())!.replace('Fornyes ', '');
  expect(renews).toMatch(YMD);
  const invoice = page.getByTestId('billing-invoice');
  await expect(invoice).toHaveCount(1);
  const cells = invoice.locator('td');
  await expect(cells.nth(0)).toHaveText(/^[A-Z0-9]+-0001$/);
  await expect(cells.nth(1)).toHaveText(YMD);
  await expect(cells.nth(2)).toHaveText('Bedrift');
  await expect(cells.nth(3)).toHaveText('600\u00a0kr');
  await expect(cells.nth(4)).toHaveText('Betalt');
  const pdfUrl = await invoice.getByTestId('billing-invoice-pdf').getAttribute('href');
  expect(pdfUrl!.startsWith(`${E2E.stripeUrl}/invoice/`)).toBe(true);
  const pdf = await request.get(pdfUrl!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.locator('[data-plan=company] .chip')).toHaveText('Nåværende plan');
  await shot(page, 'billing-3-active.png');

  // Cancel: confirmed, with the end date; active until then.
  await page.getByTestId('billing-cancel').click();
  await expect(page.getByTestId('billing-cancel-dialog')).toContainText(`aktivt til ${renews}`);
  await page.getByTestId('billing-cancel-dialog').getByTestId('confirm-ok').click();
  await expect(page.getByTestId('billing-state')).toHaveText('Oppsagt');
  await expect(page.getByTestId('billing-current-when')).toHaveText(`Aktivt til ${renews}, avsluttes da`);
  await expect(page.getByTestId('billing-reactivate')).toBeVisible();
  await shot(page, 'billing-4-cancelled.png');

  // Reactivate before the end: active again, renewing on the same day; still one invoice.
  await page.getByTestId('billing-reactivate').click();
  await expect(page.getByTestId('billing-state')).toHaveText('Aktiv');
  await expect(page.getByTestId('billing-current-when')).toHaveText(`Fornyes ${renews}`);
  await page.reload();
  await expect(page.getByTestId('billing-state')).toHaveText('Aktiv');
  await expect(page.getByTestId('billing-invoice')).toHaveCount(1);
  await shot(page, 'billing-5-reactivated.png');

  // The accountant plan bills each board the account owns (none yet: one is billed).
  await page.locator('[data-plan=accountant]').getByTestId('billing-change').click();
  await page.getByTestId('billing-change-dialog').getByTestId('confirm-ok').click();
  await expect(page.getByTestId('billing-current-plan')).toHaveText('Regnskapsfører');
  const units = page.getByTestId('billing-current-units');
  await expect(units).toHaveText('1 tavle × 160\u00a0kr · ');
  // Two boards made later: the subscription in Stripe (the stand-in's process) follows the count.
  for (const name of ['Klient AS', 'Kunde AS']) {
    await page.goto('/group');
    await page.getByTestId('boards-page-add').click();
    await page.locator('input[name="boardName"]').fill(name);
    await page.getByTestId('board-form-submit').click();
    await expect(page.getByTestId('notification').filter({ hasText: 'Ny tavle opprettet' }).first()).toBeVisible();
  }
  await page.goto('/profile-settings/billing');
  // The count reaches Stripe beside the requests that made the boards: the page is read again until it shows.
  await expect(async () => {
    await page.reload();
    await expect(units).toHaveText('2 tavler × 160\u00a0kr · ', { timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('billing-current-amount')).toContainText(
    '320\u00a0kr ekskl. mva · 400\u00a0kr inkl. mva',
  );
  await expect(page.getByTestId('billing-current-per-board')).toBeVisible();
  await shot(page, 'billing-6-per-board.png');
});

test('a user whose trial has ended sees the read-only banner everywhere, and keeps reading', async ({
  page,
  request,
}) => {
  const email = await trialUser(request, 'Ola');
  // No API ends a trial early: the data folder's database says the trial ended yesterday.
  const db = createClient({ url: `file:${E2E.dataDir}/saldo.db` });
  try {
    await db.execute({
      sql: 'UPDATE user SET trial_ends_at = ? WHERE email = ?',
      args: [Date.now() - 24 * 60 * 60 * 1000, email],
    });
  } finally {
    db.close();
  }
  await logIn(page, email, 'en');
  const banner = page.getByTestId('billing-banner');
  await expect(banner).toHaveAttribute('data-kind', 'trialEnded');
  await expect(banner).toContainText('Nothing has been deleted');
  await page.goto('/group');
  await expect(page.getByTestId('boards-page')).toBeVisible();
  await expect(banner).toBeVisible();
  await shot(page, 'billing-7-trial-ended-banner.png');
  // A change is refused, saying why and where to subscribe; nothing is made.
  await page.getByTestId('boards-page-add').click();
  await page.locator('input[name="boardName"]').fill('Ola AS');
  await page.getByTestId('board-form-submit').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Read-only' })).toHaveText(
    /the trial or subscription of this board's owner has ended\. Subscribe under Profile → Billing/,
  );
  await shot(page, 'billing-8-write-refused.png');
  await page.getByTestId('board-form').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('boards-page-empty')).toBeVisible();

  await banner.getByRole('link').click();
  await expect(page).toHaveURL(/\/profile-settings\/billing$/);
  await expect(page.getByTestId('billing-read-only')).toContainText('read-only');
  await expect(page.getByTestId('billing-state')).toHaveText('Trial ended');
  await expect(page.getByTestId('billing-subscribe')).toHaveCount(2);
  await expect(banner).toHaveCount(0);
  await shot(page, 'billing-9-trial-ended-page.png');
});
