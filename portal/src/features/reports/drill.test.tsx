import type { PostingRow, PostingsPage } from '@saldo/contract';
import type { SaldoDrillDetail } from '@saldo/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders, settle } from '../../test/render';
import { type PostingsTarget, postingsTarget } from './drill';
import { DrillPanel } from './drill-panel';
import { postingsQuery } from './queries';

const february = { from: '2025-02-01', to: '2025-02-28' };

/** The text of the element with this test id, its no-break spaces as spaces. */
const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\u00a0/g, ' ');

/** The drill panel of board b1 for `detail`, once its postings are in. */
async function openDrill(detail: SaldoDrillDetail) {
  const view = renderWithProviders(<DrillPanel board="b1" detail={detail} onClose={() => {}} />);
  await settle();
  return view;
}

describe('postingsTarget', () => {
  it('takes the accounts, sign and period from the detail as they are', () => {
    const detail: SaldoDrillDetail = {
      kind: 'subtotal',
      origin: 'profit-loss',
      title: 'Driftsresultat',
      key: 'operatingResult',
      accounts: '3000-7999',
      sign: -1,
      ...february,
      column: '2025-02',
    };
    expect(postingsTarget(detail)).toEqual({
      account: '3000-7999',
      ...february,
      balance: false,
      sign: -1,
      measure: 'net',
    });
  });

  it('lists one account by its own ID, a party, a voucher, or a balance', () => {
    const base = { origin: 'x', title: 'x', ...february } as const;
    expect(
      postingsTarget({
        ...base,
        kind: 'account',
        accounts: '1920',
        accountId: '1920PKEY92783',
        sign: 1,
        balance: true,
      }),
    ).toMatchObject({ account: '1920', accountId: '1920PKEY92783', balance: true, sign: 1 });
    expect(
      postingsTarget({
        ...base,
        kind: 'customer',
        party: { kind: 'customer', id: '987654321' },
        accounts: '3000-3999',
        sign: -1,
      }),
    ).toMatchObject({ party: '987654321', partyKind: 'customer', account: '3000-3999' });
    expect(
      postingsTarget({
        ...base,
        kind: 'transaction',
        voucher: { apiAccountId: 's1', voucher: '2025-118' },
        sign: 1,
        measure: 'debit',
      }),
    ).toMatchObject({ apiAccountId: 's1', voucher: '2025-118', measure: 'debit' });
    // Nothing says which postings (a line a broken source cannot explain): nothing to list.
    expect(postingsTarget({ ...base, kind: 'line', sign: -1 })).toBeNull();
  });

  it("asks for a consolidation's eliminations or sum, and one month's MRR figure, as the detail says", () => {
    const base = { origin: 'x', title: 'x', ...february } as const;
    const eliminations = postingsTarget({
      ...base,
      kind: 'subtotal',
      accounts: '3000-3999',
      consolidated: 'eliminations',
      sign: 1,
    });
    expect(eliminations).toMatchObject({ account: '3000-3999', consolidated: 'eliminations', sign: 1 });
    const churn = postingsTarget({ ...base, kind: 'line', accounts: '3000-3999', mrr: 'churned', sign: -1 });
    expect(churn).toMatchObject({ account: '3000-3999', mrr: 'churned' });
    // The query's third key is the query the postings route is asked with.
    const asked = (target: PostingsTarget) => postingsQuery('b1', target, 1).queryKey[2];
    expect(asked(eliminations!)).toMatchObject({ consolidated: 'eliminations' });
    expect(asked(churn!)).toMatchObject({ mrr: 'churned' });
    expect(asked(churn!)).not.toHaveProperty('consolidated');
  });
});

const row = (over: Partial<PostingRow>): PostingRow => ({
  _id: 1,
  apiAccountId: 's1',
  date: '2025-02-10',
  period: '2025-02',
  voucher: '2025-41',
  accountNumber: 1920,
  accountId: '1920',
  accountName: 'Bank',
  amount: 10_000_00,
  description: 'Innbetaling',
  customer: null,
  supplier: null,
  voucherUrl: null,
  ...over,
});

describe('DrillPanel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('nor');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for exactly the clicked figure and shows a balance from its opening balance, running, to its closing balance', async () => {
    const page: PostingsPage = {
      items: [
        row({ _id: 1, amount: 10_000_00, balance: 110_000_00 }),
        row({
          _id: 2,
          date: '2025-02-20',
          amount: -4_000_00,
          balance: 106_000_00,
          voucherUrl: 'https://tripletex.no/execute/voucherMenu?voucherId=7',
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 25,
      sum: 6_000_00,
      debit: 10_000_00,
      openingBalance: 100_000_00,
    };
    const calls = stubFetch(() => json(200, page));
    await openDrill({
      kind: 'account',
      origin: 'balance-sheet',
      title: '1920 Bank',
      number: 1920,
      accountId: '1920',
      accounts: '1920',
      sign: 1,
      balance: true,
      ...february,
      column: '2025-02',
    });
    const url = new URL(calls[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      groupId: 'b1',
      from: '2025-02-01',
      to: '2025-02-28',
      page: '1',
      pageSize: '25',
      account: '1920',
      accountId: '1920',
      balance: 'true',
      order: 'asc',
    });
    expect(text('drill-title')).toBe('1920 Bank');
    expect(text('drill-meta')).toBe('2025/02/01 – 2025/02/28 · kontoer 1920');
    expect(document.querySelector('[data-testid="drill-opening-row"]')?.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Inngående saldo 2025/01/31100 000',
    );
    expect([...document.querySelectorAll('[data-testid="posting-balance"]')].map((c) => c.textContent)).toEqual([
      '110\u00a0000',
      '106\u00a0000',
    ]);
    expect(text('drill-sum')).toBe('6 000');
    expect(text('drill-closing')).toBe('106 000');
    // The voucher in Tripletex's web app, where the source has one.
    const link = document.querySelector<HTMLAnchorElement>('[data-testid="voucher-link"]');
    expect(link?.href).toBe('https://tripletex.no/execute/voucherMenu?voucherId=7');
    expect(link?.textContent).toBe('2025-41');
  });

  it('shows a P&L figure in report sign, and a voucher by its debit lines', async () => {
    const page: PostingsPage = {
      items: [row({ accountNumber: 3000, accountId: '3000', amount: -25_000_00 })],
      total: 1,
      page: 1,
      pageSize: 25,
      sum: -25_000_00,
      debit: 0,
    };
    stubFetch(() => json(200, page));
    const view = await openDrill({
      kind: 'line',
      origin: 'profit-loss',
      title: 'Salgsinntekt',
      accounts: '3000-3399',
      sign: -1,
      ...february,
    });
    expect(text('posting-amount')).toBe('25 000');
    expect(text('drill-sum')).toBe('25 000');
    expect(document.querySelector('[data-testid="drill-opening-row"]')).toBeNull();
    view.unmount();

    stubFetch(() =>
      json(200, {
        ...page,
        items: [row({ amount: 8_000_00 }), row({ _id: 2, amount: -8_000_00 })],
        total: 2,
        sum: 0,
        debit: 8_000_00,
      }),
    );
    await openDrill({
      kind: 'transaction',
      origin: 'largest-transactions',
      title: 'Bilag 2025-41',
      voucher: { apiAccountId: 's1', voucher: '2025-41' },
      sign: 1,
      measure: 'debit',
      ...february,
    });
    expect(text('drill-sum')).toBe('8 000');
  });

  it("says that a month of a file's opening balances lists the opening balance, not that month's postings", async () => {
    const page: PostingsPage = {
      items: [row({ accountNumber: 3000, accountId: '3000', amount: -317_500_00, voucher: 'IB' })],
      total: 1,
      page: 1,
      pageSize: 25,
      sum: -317_500_00,
      debit: 0,
      openingMonths: ['2025-10'],
    };
    stubFetch(() => json(200, page));
    const detail: SaldoDrillDetail = {
      kind: 'line',
      origin: 'profit-loss',
      title: 'Salgsinntekt',
      accounts: '3000-3399',
      sign: -1,
      from: '2025-10-01',
      to: '2025-10-31',
    };
    const view = await openDrill(detail);
    expect(document.querySelector('[data-testid="drill-opening-months"]')?.textContent).toBe(
      'okt 2025: fra filens inngående balanse (saldoer og resultat før filens første periode), ikke posteringer i måneden.',
    );
    view.unmount();
    // Without such a month, no note.
    stubFetch(() => json(200, { ...page, openingMonths: undefined }));
    await openDrill(detail);
    expect(document.querySelector('[data-testid="drill-opening-months"]')).toBeNull();
  });

  it("says when the list is only an MRR figure's customers or a consolidation's eliminations", async () => {
    const empty: PostingsPage = { items: [], total: 0, page: 1, pageSize: 25, sum: 0, debit: 0 };
    stubFetch(() => json(200, empty));
    const view = await openDrill({
      kind: 'line',
      origin: 'mrr',
      title: 'Ny feb 2025',
      accounts: '3000-3999',
      mrr: 'new',
      sign: -1,
      ...february,
    });
    expect(text('drill-meta')).toBe(
      '2025/02/01 – 2025/02/28 · kontoer 3000-3999 · bare kundene som er nye denne måneden',
    );
    view.unmount();
    await i18n.changeLanguage('en');
    await openDrill({
      kind: 'line',
      origin: 'consolidation',
      title: 'Eliminations',
      accounts: '3600',
      consolidated: 'eliminations',
      sign: -1,
      ...february,
    });
    expect(text('drill-meta')).toBe('2025/02/01 – 2025/02/28 · accounts 3600 · only the eliminations');
  });
});

describe('DrillPanel for a KPI', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('nor');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const page = (sum: number, openingBalance?: number): PostingsPage => ({
    items: [row({ amount: sum })],
    total: 1,
    page: 1,
    pageSize: 25,
    sum,
    debit: Math.max(sum, 0),
    ...(openingBalance !== undefined ? { openingBalance } : {}),
  });
  const kpi = { kind: 'kpi', origin: 'kpi', ...february, column: '2025-02' } as const;

  it('working capital: several ranges, debit positive, as a balance from its opening balance', async () => {
    const calls = stubFetch(() => json(200, page(-5_000_00, 60_000_00)));
    await openDrill({
      ...kpi,
      key: 'working-capital',
      term: 'value',
      title: 'Arbeidskapital',
      accounts: '1400-1999,2300-2999',
      sign: 1,
      balance: true,
      amount: 55_000_00,
    });
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('account')).toBe('1400-1999,2300-2999');
    expect(text('drill-meta')).toBe('2025/02/01 – 2025/02/28 · kontoer 1400-1999, 2300-2999');
    expect(text('drill-opening')).toBe('60 000');
    expect(text('drill-closing')).toBe('55 000');
    expect(document.querySelector('[data-testid="drill-parts"]')).toBeNull();
  });

  it('a ratio: its numerator and denominator with their amounts, each listed on its own', async () => {
    const calls = stubFetch((req) =>
      json(
        200,
        new URL(req.url, 'http://x').searchParams.get('account') === '3000-7999' ? page(-12_000_00) : page(-80_000_00),
      ),
    );
    const part = { ...kpi, key: 'operating-margin', sign: -1 } as const;
    await openDrill({
      ...kpi,
      key: 'operating-margin',
      term: 'ratio',
      title: 'Driftsmargin',
      sign: 1,
      parts: [
        {
          ...part,
          term: 'numerator',
          title: 'Driftsresultat (3000–7999)',
          accounts: '3000-7999',
          amount: 12_000_00,
        },
        {
          ...part,
          term: 'denominator',
          title: 'Sum driftsinntekter (3000–3999)',
          accounts: '3000-3999',
          amount: 80_000_00,
        },
      ],
    });
    const parts = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="drill-part"]')];
    expect(parts.map((p) => p.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'TellerDriftsresultat (3000–7999)12 000',
      'NevnerSum driftsinntekter (3000–3999)80 000',
    ]);
    expect(parts.map((p) => p.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(text('drill-title')).toBe('Driftsmargin');
    expect(text('drill-meta')).toBe('2025/02/01 – 2025/02/28 · kontoer 3000-7999');
    expect(text('drill-sum')).toBe('12 000');
    parts[1]!.click();
    await settle();
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('account')).toBe('3000-3999');
    expect(text('drill-meta')).toBe('2025/02/01 – 2025/02/28 · kontoer 3000-3999');
    expect(text('drill-sum')).toBe('80 000');
    expect(parts.map((p) => p.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
  });

  it('an average of month ends says so, beside the running balance', async () => {
    stubFetch(() => json(200, page(1_000_00, 20_000_00)));
    await openDrill({
      ...kpi,
      key: 'inventory-turnover',
      term: 'denominator',
      title: 'Varer (1400–1499), snitt ved månedsslutt',
      accounts: '1400-1499',
      sign: 1,
      balance: true,
      average: true,
      amount: 20_500_00,
    });
    expect(text('drill-average')).toBe(
      'Tallet er snittet av saldoene ved hver månedsslutt i perioden: 20 500. Den løpende saldoen viser hver av dem.',
    );
    expect(text('drill-closing')).toBe('21 000');
  });
});
