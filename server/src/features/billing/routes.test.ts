import type { BillingInvoice, BillingPlan, BillingStatus } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingInvoice, subscription } from '../../db/schema/index.ts';
import { type BillingTestApp, DAY_SECONDS, loggedInBillingApp } from '../../test/billing-harness.ts';
import { createTestApp } from '../../test/create-test-app.ts';
import { pageText, readBack } from '../exports/pdf/read-back.ts';

/**
 * Billing over HTTP against the Stripe stand-in: the real `stripe` client, real Checkout pages, signed
 * webhooks delivered to the app. The stand-in's clock moves time on (renewals, retries, period ends).
 */

let t: BillingTestApp;
let token: string;

beforeEach(async () => {
  ({ t, token } = await loggedInBillingApp());
});
afterEach(() => t.close());

const get = async <T>(path: string): Promise<T> => {
  const res = await t.request(path, { token });
  expect(res.status, path).toBe(200);
  return res.json();
};
const post = (path: string, body?: unknown) =>
  t.request(path, { method: 'POST', token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const status = () => get<BillingStatus>('/api/billing/subscription');

/** Checkout as a user does it: the app's checkout URL, the card typed on the stand-in's page, back to Saldo. */
async function subscribe(planId = 'company', card?: string) {
  const res = await post('/api/billing/checkout', { planId });
  expect(res.status).toBe(200);
  const { url } = await res.json();
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const paid = await t.pay(url, card);
  return { url, page: await page.text(), paid };
}

describe('plans', () => {
  it('lists the configured plans, monthly in NOK øre, without and with 25 % VAT, to anyone', async () => {
    const res = await t.request('/api/billing/plans');
    expect(res.status).toBe(200);
    const plans: BillingPlan[] = await res.json();
    expect(plans).toEqual([
      expect.objectContaining({ id: 'company', unit: 'company', priceExclVat: 48000, priceInclVat: 60000 }),
      expect.objectContaining({ id: 'accountant', unit: 'board', priceExclVat: 16000, priceInclVat: 20000 }),
    ]);
    expect(plans.every((p) => p.vatPercent === 25 && p.currency === 'NOK' && p.interval === 'month')).toBe(true);
  });
});

describe('checkout to active', () => {
  it('takes a trial account through Stripe Checkout to an active subscription with a paid invoice', async () => {
    const before = await status();
    expect(before).toMatchObject({ state: 'trial', readOnly: false, enabled: true, subscription: null, boards: 1 });

    const { url, page, paid } = await subscribe('company');
    expect(page).toContain('600,00');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:3000/profile-settings/billing?checkout=success');

    // The webhooks arrived before the browser came back.
    const after = await status();
    expect(after.state).toBe('active');
    expect(after.subscription).toMatchObject({
      planId: 'company',
      quantity: 1,
      status: 'active',
      cancelAtPeriodEnd: false,
      amountExclVat: 48000,
      amountInclVat: 60000,
    });
    const periodEnd = Date.parse(after.subscription!.currentPeriodEnd);
    expect(periodEnd - t.now()).toBeGreaterThanOrEqual(28 * DAY_SECONDS * 1000);
    expect(periodEnd - t.now()).toBeLessThanOrEqual(31 * DAY_SECONDS * 1000);

    const invoices = await get<BillingInvoice[]>('/api/billing/invoices');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      plan: 'company',
      planName: { en: 'Company', no: 'Bedrift' },
      amount: 60000,
      amountExclVat: 48000,
      vat: 12000,
      status: 'paid',
      date: new Date(t.now()).toISOString().slice(0, 10),
    });
    expect(invoices[0]!.invoiceNumber).toMatch(/^[A-Z0-9]{8}-0001$/);
    const pdf = await fetch(invoices[0]!.pdfUrl!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pageText(await readBack(new Uint8Array(await pdf.arrayBuffer())), 1);
    expect(text).toContain(invoices[0]!.invoiceNumber);

    // What Stripe holds agrees: one customer for the account, its subscription, the page used up.
    const [sub] = await t.deps.db.select().from(subscription);
    const remote = await t.stripe.subscriptions.retrieve(sub!.id);
    expect(remote.status).toBe('active');
    expect(remote.metadata).toEqual({ userId: t.userId, planId: 'company' });
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(303);

    // A second checkout is refused: the plan is changed instead.
    const again = await post('/api/billing/checkout', { planId: 'accountant' });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('SUBSCRIPTION_EXISTS');
  });

  it('bills the accountant plan for each board the account owns', async () => {
    for (const name of ['Klient AS', 'Kunde AS'])
      expect((await post('/api/group-account', { name, apis: [] })).status).toBe(201);
    const { page } = await subscribe('accountant');
    expect(page).toContain('600,00'); // 3 boards × 200 kr
    expect((await status()).subscription).toMatchObject({ planId: 'accountant', quantity: 3, amountInclVat: 60000 });
    expect((await get<BillingInvoice[]>('/api/billing/invoices'))[0]).toMatchObject({ amount: 60000, vat: 12000 });
  });

  it('changes the plan from the next period, at the boards the account owns', async () => {
    await subscribe('company');
    expect((await post('/api/group-account', { name: 'Klient AS', apis: [] })).status).toBe(201);
    const res = await post('/api/billing/change-plan', { planId: 'accountant' });
    expect(res.status).toBe(200);
    expect((await res.json()).subscription).toMatchObject({ planId: 'accountant', quantity: 2, amountInclVat: 40000 });
    await t.advance(32 * DAY_SECONDS);
    const invoices = await get<BillingInvoice[]>('/api/billing/invoices');
    expect(invoices.map((i) => [i.plan, i.amount])).toEqual([
      ['accountant', 40000],
      ['company', 60000],
    ]);
  });

  it('refuses an unknown plan, a declined card, and checkout without payments set up', async () => {
    const unknown = await post('/api/billing/checkout', { planId: 'enterprise' });
    expect([unknown.status, (await unknown.json()).code]).toEqual([400, 'PLAN_NOT_FOUND']);
    const invalid = await post('/api/billing/checkout', { planId: 7 });
    expect(invalid.status).toBe(400);

    const { paid } = await subscribe('company', '4000 0000 0000 0002');
    expect(paid.status).toBe(402);
    expect(await paid.text()).toContain('Your card was declined.');
    expect((await status()).state).toBe('trial');

    const off = await createTestApp();
    const offToken = (await off.login()).jwtToken;
    const res = await off.request('/api/billing/checkout', {
      method: 'POST',
      token: offToken,
      body: JSON.stringify({ planId: 'company' }),
    });
    expect([res.status, (await res.json()).code]).toEqual([503, 'BILLING_NOT_CONFIGURED']);
    const offStatus = await off.request('/api/billing/subscription', { token: offToken });
    expect((await offStatus.json()).enabled).toBe(false);
  });
});

describe('cancel and reactivate', () => {
  it('cancels to the end of the period, and reactivates before it: active again, renewed as usual', async () => {
    await subscribe();
    const cancelled = await post('/api/billing/cancel');
    expect(cancelled.status).toBe(200);
    const body: BillingStatus = await cancelled.json();
    expect(body).toMatchObject({ state: 'cancelled', readOnly: false, subscription: { cancelAtPeriodEnd: true } });
    const end = body.subscription!.currentPeriodEnd;

    await t.advance(10 * DAY_SECONDS);
    expect(await status()).toMatchObject({ state: 'cancelled', subscription: { currentPeriodEnd: end } });
    expect((await post('/api/group-account', { name: 'Fortsatt AS', apis: [] })).status).toBe(201);

    const back = await post('/api/billing/reactivate');
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ state: 'active', subscription: { cancelAtPeriodEnd: false } });

    await t.advance(25 * DAY_SECONDS);
    expect(await status()).toMatchObject({ state: 'active', readOnly: false });
    const invoices = await get<BillingInvoice[]>('/api/billing/invoices');
    expect(invoices.map((i) => [i.invoiceNumber.slice(-4), i.status])).toEqual([
      ['0002', 'paid'],
      ['0001', 'paid'],
    ]);
  });

  it('lets the period end after a cancellation: read-only, nothing deleted, and a new subscription opens it again', async () => {
    await subscribe();
    const boards = await get<unknown[]>('/api/group-account');
    await post('/api/billing/cancel');
    await t.advance(32 * DAY_SECONDS);

    expect(await status()).toMatchObject({ state: 'ended', readOnly: true, subscription: { status: 'canceled' } });
    const refused = await post('/api/group-account', { name: 'Ny AS', apis: [] });
    expect([refused.status, (await refused.json()).code]).toEqual([402, 'PLAN_READ_ONLY']);
    expect(await get<unknown[]>('/api/group-account')).toEqual(boards);
    const reactivate = await post('/api/billing/reactivate');
    expect([reactivate.status, (await reactivate.json()).code]).toEqual([409, 'SUBSCRIPTION_ENDED']);
    expect((await get<BillingInvoice[]>('/api/billing/invoices')).length).toBe(1);

    await subscribe('company');
    expect(await status()).toMatchObject({ state: 'active', readOnly: false });
    expect((await post('/api/group-account', { name: 'Ny AS', apis: [] })).status).toBe(201);
    expect(await t.deps.db.$count(subscription)).toBe(2);
  });

  it('answers cancel and reactivate without a subscription with NO_SUBSCRIPTION', async () => {
    for (const path of ['/api/billing/cancel', '/api/billing/reactivate', '/api/billing/change-plan']) {
      const res = await post(path, path.endsWith('change-plan') ? { planId: 'company' } : undefined);
      expect([res.status, (await res.json()).code], path).toEqual([404, 'NO_SUBSCRIPTION']);
    }
  });
});

describe('a failed payment', () => {
  /** The customer's card now fails every charge, as Stripe's pm_card_chargeCustomerFail does. */
  async function cardStartsFailing() {
    const [sub] = await t.deps.db.select().from(subscription);
    const pm = await t.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: sub!.customerId });
    await t.stripe.customers.update(sub!.customerId, { invoice_settings: { default_payment_method: pm.id } });
  }

  it('is past due at the renewal, keeps the boards writable while Stripe retries, and is active once paid', async () => {
    await subscribe();
    await cardStartsFailing();
    await t.advance(31 * DAY_SECONDS);

    const due = await status();
    expect(due).toMatchObject({ state: 'pastDue', readOnly: false, subscription: { status: 'past_due' } });
    expect(due.payUrl).toMatch(new RegExp(`^${t.standin.url}/i/in_`));
    const [open] = await get<BillingInvoice[]>('/api/billing/invoices');
    expect(open).toMatchObject({ status: 'open', amount: 60000 });
    expect((await post('/api/group-account', { name: 'Under purring AS', apis: [] })).status).toBe(201);

    // Stripe's first retry, three days on, fails too.
    await t.advance(3 * DAY_SECONDS + 60);
    const [row] = await t.deps.db.select().from(billingInvoice).where(eq(billingInvoice.status, 'open'));
    expect(row!.attemptCount).toBe(2);
    expect((await status()).state).toBe('pastDue');

    // The customer pays on the invoice's page with another card.
    const paid = await fetch(due.payUrl!, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }),
    });
    expect(paid.status).toBe(200);
    expect(await status()).toMatchObject({ state: 'active', payUrl: null });
    expect((await get<BillingInvoice[]>('/api/billing/invoices'))[0]!.status).toBe('paid');
  });

  it('ends the subscription when every retry fails: read-only', async () => {
    await subscribe();
    await cardStartsFailing();
    await t.advance(31 * DAY_SECONDS + 16 * DAY_SECONDS);
    expect(await status()).toMatchObject({ state: 'ended', readOnly: true, subscription: { status: 'canceled' } });
    const [row] = await t.deps.db.select().from(billingInvoice).where(eq(billingInvoice.status, 'open'));
    expect(row!.attemptCount).toBe(4);
    const refused = await post(`/api/dashboard-folders/${t.boardId}`, { name: 'Ny' });
    expect([refused.status, (await refused.json()).code]).toEqual([402, 'PLAN_READ_ONLY']);
  });
});

describe('trial end', () => {
  it('makes the boards read-only when the trial ends, loses nothing, and opens them again on subscribing', async () => {
    expect((await post(`/api/dashboard-folders/${t.boardId}`, { name: 'Ledelse' })).status).toBe(201);
    const reads = [
      '/api/group-account',
      `/api/dashboard-folders/${t.boardId}`,
      '/api/api-account',
      `/api/profit-loss?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-06-30`,
    ];
    const snapshot = await Promise.all(reads.map((path) => get(path)));

    const { trialEndsAt } = await status();
    await t.advance(Math.ceil((Date.parse(trialEndsAt!) - t.now()) / 1000) + 1);
    expect(await status()).toMatchObject({ state: 'trialEnded', readOnly: true, subscription: null });

    for (const [method, path, body] of [
      ['POST', `/api/dashboard-folders/${t.boardId}`, { name: 'Ny' }],
      ['PUT', `/api/group-account/${t.boardId}`, { name: 'Nytt navn' }],
      ['POST', '/api/sync-board', { groupId: t.boardId }],
      ['DELETE', `/api/group-account/${t.boardId}`, undefined],
    ] as const) {
      const res = await t.request(path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect([res.status, (await res.json()).code], `${method} ${path}`).toEqual([402, 'PLAN_READ_ONLY']);
    }
    expect(await Promise.all(reads.map((path) => get(path)))).toEqual(snapshot);
    // The account itself stays the user's: the profile can change, and billing is open.
    const profile = await t.request('/api/profile/me', {
      method: 'PATCH',
      token,
      body: JSON.stringify({ firstName: 'Kari' }),
    });
    expect(profile.status).toBe(200);

    await subscribe('company');
    expect(await status()).toMatchObject({ state: 'active', readOnly: false });
    expect((await post(`/api/dashboard-folders/${t.boardId}`, { name: 'Ny' })).status).toBe(201);
    const folders = await get<Array<{ name: string }>>(`/api/dashboard-folders/${t.boardId}`);
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining(['Ledelse', 'Ny']));
  });
});
