import type { BillingInvoice, BillingPlan, BillingStatus } from '@saldo/contract';
import { act, fireEvent } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { freshScreen, renderRoutes, settle } from '../../test/render';
import { BillingBanner } from './billing-banner';
import { BillingPage } from './billing-page';
import { bannerOf, checkoutReturn, monthlyPrice, planAction } from './billing-rules';

const PLANS: BillingPlan[] = [
  {
    id: 'company',
    name: { en: 'Company', no: 'Bedrift' },
    description: { en: 'One company', no: 'Ett selskap' },
    unit: 'company',
    currency: 'NOK',
    interval: 'month',
    vatPercent: 25,
    priceExclVat: 48000,
    priceInclVat: 60000,
  },
  {
    id: 'accountant',
    name: { en: 'Accountant', no: 'Regnskapsfører' },
    description: { en: 'Per board', no: 'Per tavle' },
    unit: 'board',
    currency: 'NOK',
    interval: 'month',
    vatPercent: 25,
    priceExclVat: 16000,
    priceInclVat: 20000,
  },
];

const status = (over: Partial<BillingStatus>): BillingStatus => ({
  state: 'trial',
  readOnly: false,
  trialEndsAt: '2026-12-08T12:00:00.000Z',
  enabled: true,
  subscription: null,
  boards: 3,
  payUrl: null,
  payer: 'self',
  owners: [],
  ...over,
});
const ACTIVE = status({
  state: 'active',
  subscription: {
    planId: 'company',
    quantity: 1,
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-12-24T12:00:00.000Z',
    endedAt: null,
    amountExclVat: 48000,
    amountInclVat: 60000,
  },
});
const INVOICE: BillingInvoice = {
  invoiceNumber: 'ABC123-0001',
  date: '2026-11-24',
  plan: 'company',
  planName: { en: 'Company', no: 'Bedrift' },
  amount: 60000,
  amountExclVat: 48000,
  vat: 12000,
  status: 'paid',
  pdfUrl: 'http://127.0.0.1:12111/invoice/in_1/pdf',
};

function json(code: number, body: unknown) {
  return new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
}
type Call = { url: string; method: string };
function stubApi(answers: { status: () => Response; invoices?: () => Response; post?: (url: string) => Response }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), method: init?.method ?? 'GET' };
      calls.push(call);
      if (call.method === 'POST' && answers.post) return answers.post(call.url);
      if (call.url.endsWith('/api/billing/plans')) return json(200, PLANS);
      if (call.url.endsWith('/api/billing/subscription')) return answers.status();
      if (call.url.endsWith('/api/billing/invoices')) return answers.invoices?.() ?? json(200, []);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

/** The page (or banner) at `path` inside the portal's providers (test/render.tsx), its first answers in. */
async function render(path: string, node: ReactNode, pattern = '/profile-settings/billing') {
  const result = renderRoutes([{ path: pattern, element: node }], path);
  await settle(6);
  return result;
}
const $ = (selector: string) => document.body.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...document.body.querySelectorAll<HTMLElement>(selector)];
const text = (selector: string) => ($(selector)?.textContent ?? '').replace(/\u00a0/g, ' ');
async function click(el: HTMLElement | null) {
  if (!el) throw new Error('click: no element');
  fireEvent.click(el);
  await settle(6);
}

freshScreen('nor');

describe('the billing rules', () => {
  it('prices a month for the account, VAT on the total rounded half away from zero', () => {
    expect(monthlyPrice(PLANS[0]!, 3)).toEqual({ units: 1, exclVat: 48000, inclVat: 60000 });
    expect(monthlyPrice(PLANS[1]!, 3)).toEqual({ units: 3, exclVat: 48000, inclVat: 60000 });
    expect(monthlyPrice(PLANS[1]!, 0).units).toBe(1);
    // 2 øre × 25 % = 0.5 øre of VAT: rounded up to 1.
    expect(monthlyPrice({ ...PLANS[0]!, priceExclVat: 2 }, 1).inclVat).toBe(3);
  });

  it('offers subscribe without a running subscription, change with one, and nothing on free use', () => {
    expect(planAction(status({}), 'company')).toBe('subscribe');
    expect(planAction(status({ state: 'trialEnded' }), 'company')).toBe('subscribe');
    expect(planAction(ACTIVE, 'company')).toBe('current');
    expect(planAction(ACTIVE, 'accountant')).toBe('change');
    expect(planAction(status({ state: 'free' }), 'company')).toBe('none');
    expect(planAction(status({ enabled: false }), 'company')).toBe('none');
    expect(bannerOf(status({ state: 'trialEnded' }))).toBe('trialEnded');
    expect(bannerOf(ACTIVE)).toBeNull();
    expect(checkoutReturn('?checkout=success')).toBe('success');
    expect(checkoutReturn('?checkout=nonsense')).toBeNull();
  });
});

describe('BillingPage', () => {
  it('shows a trial: loading first, then the plans without and with VAT, and an empty order history', async () => {
    let answer: (value: Response) => void = () => {};
    stubApi({ status: () => json(200, status({})), invoices: () => json(200, []) });
    const slow = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/subscription') ? slow() : fetch(input, init),
    );
    await render('/profile-settings/billing', <BillingPage />);
    expect($('[data-testid=billing-loading]')).not.toBeNull();
    await act(async () => answer(json(200, status({}))));
    await settle(6);

    expect(text('[data-testid=billing-state]')).toBe('Prøveperiode');
    expect(text('[data-testid=billing-trial]')).toContain('2026/12/08');
    const company = $('[data-plan=company]')!;
    expect(company.querySelector('[data-testid=billing-plan-excl]')!.textContent).toMatch(/^480\u00a0kr per måned/);
    expect(company.querySelector('[data-testid=billing-plan-incl]')!.textContent).toBe('600\u00a0kr inkl. 25 % mva');
    expect(text('[data-plan=accountant] [data-testid=billing-plan-for-you]')).toBe(
      'For dine 3 tavler: 480 kr ekskl. mva, 600 kr inkl. mva per måned',
    );
    expect($$('[data-testid=billing-subscribe]')).toHaveLength(2);
    expect($('[data-testid=billing-invoices-empty]')).not.toBeNull();
    expect($('[data-testid=billing-cancel]')).toBeNull();
  });

  it('says an ended trial is read-only with nothing deleted, and the shell banner points here', async () => {
    stubApi({ status: () => json(200, status({ state: 'trialEnded', readOnly: true })) });
    const page = await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-read-only]')).toContain('Ingenting er slettet');
    expect($('[data-testid=billing-banner]')).toBeNull();
    page.unmount();
    await render('/dashboard', <BillingBanner />, '/dashboard');
    expect($('[data-testid=billing-banner]')!.dataset.kind).toBe('trialEnded');
    expect($('[data-testid=billing-banner] a')!.getAttribute('href')).toBe('/profile-settings/billing');
  });

  it('shows the plan, the order history with PDFs, and cancels and reactivates with the end date', async () => {
    let current = ACTIVE;
    const calls = stubApi({
      status: () => json(200, current),
      invoices: () => json(200, [INVOICE]),
      post: (url) => {
        const cancel = url.endsWith('/cancel');
        current = {
          ...current,
          state: cancel ? 'cancelled' : 'active',
          subscription: { ...current.subscription!, cancelAtPeriodEnd: cancel },
        };
        return json(200, current);
      },
    });
    await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-current-plan]')).toBe('Bedrift');
    expect(text('[data-testid=billing-current-amount]')).toBe('480 kr ekskl. mva · 600 kr inkl. mva per måned');
    expect(text('[data-testid=billing-current-when]')).toBe('Fornyes 2026/12/24');
    expect($('[data-plan=company] .chip')!.textContent).toBe('Nåværende plan');
    expect($('[data-plan=accountant] [data-testid=billing-change]')).not.toBeNull();
    const row = $('[data-testid=billing-invoice]')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'ABC123-0001',
      '2026/11/24',
      'Bedrift',
      '600 kr',
      'Betalt',
      'PDF',
    ]);
    expect(row.querySelector('a')!.getAttribute('href')).toBe(INVOICE.pdfUrl);

    await click($('[data-testid=billing-cancel]'));
    expect(text('[data-testid=billing-cancel-dialog]')).toContain('aktivt til 2026/12/24');
    await click($('[data-testid=billing-cancel-dialog] [data-testid=confirm-ok]'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/billing/cancel']);
    expect(text('[data-testid=billing-state]')).toBe('Oppsagt');
    expect(text('[data-testid=billing-current-when]')).toBe('Aktivt til 2026/12/24, avsluttes da');

    await click($('[data-testid=billing-reactivate]'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/billing/cancel',
      '/api/billing/reactivate',
    ]);
    expect(text('[data-testid=billing-state]')).toBe('Aktiv');
  });

  it('shows how many boards a per-board plan bills, at what price, and that it follows the boards', async () => {
    const accountant = (quantity: number): BillingStatus => ({
      ...ACTIVE,
      boards: quantity,
      subscription: {
        ...ACTIVE.subscription!,
        planId: 'accountant',
        quantity,
        amountExclVat: 16000 * quantity,
        amountInclVat: 20000 * quantity,
      },
    });
    stubApi({ status: () => json(200, accountant(3)) });
    const page = await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-current-plan]')).toBe('Regnskapsfører');
    expect(text('[data-testid=billing-current-amount]')).toBe(
      '3 tavler × 160 kr · 480 kr ekskl. mva · 600 kr inkl. mva per måned',
    );
    expect(text('[data-testid=billing-current-per-board]')).toContain('en ny tavle legges til med en gang');

    page.unmount();
    await i18n.changeLanguage('en');
    stubApi({ status: () => json(200, accountant(1)) });
    await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-current-units]')).toBe('1 board × NOK 160 · ');
  });

  it('shows a failed payment with the way to pay the open invoice, in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi({ status: () => json(200, { ...ACTIVE, state: 'pastDue', payUrl: 'http://127.0.0.1:12111/i/in_2' }) });
    await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-past-due]')).toContain('A payment failed');
    expect($('[data-testid=billing-pay-now]')!.getAttribute('href')).toBe('http://127.0.0.1:12111/i/in_2');
    expect(text('[data-plan=company] [data-testid=billing-plan-excl]')).toMatch(/^NOK 480 per month/);
    expect(text('h1')).toBe('Billing');
  });

  it('says so when billing cannot be read, and when the order history cannot', async () => {
    stubApi({ status: () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }) });
    const page = await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-error]')).toContain('Kunne ikke hente faktureringen');

    page.unmount();
    stubApi({
      status: () => json(200, ACTIVE),
      invoices: () => json(502, { code: 'BILLING_UNAVAILABLE', message: 'x' }),
    });
    await render('/profile-settings/billing', <BillingPage />);
    expect(text('[data-testid=billing-invoices-error]')).toContain('Fikk ikke kontakt med betalingstjenesten');
  });
});
