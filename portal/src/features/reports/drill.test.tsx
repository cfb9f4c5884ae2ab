import type { PostingRow, PostingsPage } from '@saldo/contract';
import type { SaldoDrillDetail } from '@saldo/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders, settle } from '../../test/render';
import { postingsTarget } from './drill';
import { DrillPanel } from './drill-panel';

const february = { from: '2025-02-01', to: '2025-02-28' };

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
    renderWithProviders(
      <DrillPanel
        board="b1"
        detail={{
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
        }}
        onClose={() => {}}
      />,
    );
    await settle();
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
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\u00a0/g, ' ');
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
    const view = renderWithProviders(
      <DrillPanel
        board="b1"
        detail={{
          kind: 'line',
          origin: 'profit-loss',
          title: 'Salgsinntekt',
          accounts: '3000-3399',
          sign: -1,
          ...february,
        }}
        onClose={() => {}}
      />,
    );
    await settle();
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\u00a0/g, ' ');
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
    renderWithProviders(
      <DrillPanel
        board="b1"
        detail={{
          kind: 'transaction',
          origin: 'largest-transactions',
          title: 'Bilag 2025-41',
          voucher: { apiAccountId: 's1', voucher: '2025-41' },
          sign: 1,
          measure: 'debit',
          ...february,
        }}
        onClose={() => {}}
      />,
    );
    await settle();
    expect(text('drill-sum')).toBe('8 000');
  });
});
