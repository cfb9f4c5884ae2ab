/** @jsxImportSource preact */
import type { TopRow } from '@saldo/contract';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../core/api-client';
import { widgetPath } from '../../core/registry';
import { elements } from '../../elements';
import '../../register';
import { draw, mountElement, NBSP } from '../../testing/dom';
import { largestTransactions, settle, topFiveExpenses } from '../../testing/fixtures';
import { type SaldoTopList, topFiveRows, topLists } from './top-list';
import { TopListView, type TopListViewProps } from './top-list-view';

beforeEach(() => resetConfig());
afterEach(() => {
  document.body.innerHTML = '';
});

/** A list's view over `data`, without bars unless asked. */
const listView = (type: keyof typeof topLists, data: TopRow[], more: Partial<TopListViewProps> = {}) => (
  <TopListView
    spec={topLists[type]}
    state={{ status: 'data', data }}
    lang="nor"
    showBars={false}
    onDrill={() => {}}
    {...more}
  />
);

const mount = (tag: string, body: unknown, attributes: Record<string, string> = {}) =>
  mountElement<SaldoTopList<unknown>>(tag, body, { board: 'b1', from: '2026-01-01', to: '2026-03-31', ...attributes });

describe('SaldoTopList', () => {
  it('maps every top-list tag to its endpoint, title and one shared view', async () => {
    const lists = Object.keys(elements).filter((tag) => tag.replace(/^saldo-/, '') in topLists);
    expect(lists.sort()).toEqual(
      Object.keys(topLists)
        .map((type) => `saldo-${type}`)
        .sort(),
    );
    for (const tag of lists) {
      const spec = topLists[tag.replace(/^saldo-/, '') as keyof typeof topLists];
      const { el, requested } = await mount(tag, []);
      expect(requested).toEqual([`${widgetPath(spec.type)}?groupId=b1&startDate=2026-01-01&endDate=2026-03-31`]);
      expect(el.state.status).toBe('empty');
      el.remove();
    }
  });

  it('drills with what each list’s row sums: a party’s revenue or costs, a cost account, a voucher', async () => {
    const clickFirst = async (tag: string, rows: unknown[]) => {
      const { el, drills } = await mount(tag, rows);
      el.shadowRoot?.querySelector<HTMLButtonElement>('[part="row"] button')?.click();
      el.remove();
      return drills;
    };
    const period = { from: '2026-01-01', to: '2026-03-31' };
    const row = (id: string, name: string) => ({ id, name, title: name, ...period });
    expect(await clickFirst('saldo-top-customers', [{ _id: '987654321', name: 'Fjord AS', amount: 100 }])).toEqual([
      {
        ...row('987654321', 'Fjord AS'),
        kind: 'customer',
        origin: 'top-customers',
        party: { kind: 'customer', id: '987654321' },
        accounts: '3000-3999',
        sign: -1,
      },
    ]);
    expect(await clickFirst('saldo-top-suppliers', [{ _id: 's1:7', name: 'Rema AS', amount: 100 }])).toEqual([
      {
        ...row('s1:7', 'Rema AS'),
        kind: 'supplier',
        origin: 'top-suppliers',
        party: { kind: 'supplier', id: 's1:7' },
        accounts: '4000-7999',
        sign: 1,
      },
    ]);
    expect(await clickFirst('saldo-top-products', [{ _id: 's1:p9', name: 'Varmepumpe', amount: 100 }])).toEqual([
      {
        ...row('s1:p9', 'Varmepumpe'),
        kind: 'product',
        origin: 'top-products',
        party: { kind: 'product', id: 's1:p9' },
        accounts: '3000-3999',
        sign: -1,
      },
    ]);
    expect(
      await clickFirst('saldo-top-expenses', [{ _id: '6300', number: 6300, name: 'Leie lokale', amount: 100 }]),
    ).toEqual([
      {
        ...row('6300', 'Leie lokale'),
        kind: 'expense',
        origin: 'top-expenses',
        accountId: '6300',
        number: 6300,
        accounts: '6300',
        sign: 1,
      },
    ]);
    expect(
      await clickFirst('saldo-largest-transactions', [{ _id: 'src-1:2026-118', name: 'Husleie', amount: 100 }]),
    ).toEqual([
      {
        ...row('src-1:2026-118', 'Husleie'),
        kind: 'transaction',
        origin: 'largest-transactions',
        voucher: { apiAccountId: 'src-1', voucher: '2026-118' },
        sign: 1,
        measure: 'debit',
      },
    ]);
  });

  it('turns the top five costs into rows, reports them as the API sent them and drills to the account', async () => {
    expect(topFiveRows(topFiveExpenses)[1]).toEqual({
      _id: '6300',
      name: '6300 Leie lokale',
      amount: 45_000_00,
      number: 6300,
    });
    const ready: unknown[] = [];
    document.addEventListener('saldo-ready', (e) => ready.push((e as CustomEvent).detail), { once: true });
    const { el, drills } = await mount('saldo-top-five-expenses', topFiveExpenses);
    expect(ready).toEqual([topFiveExpenses]);
    el.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part="row"] button')[0]?.click();
    expect(drills).toEqual([
      {
        kind: 'account',
        origin: 'top-five-expenses',
        id: '5000',
        name: '5000 Lønn til ansatte',
        title: '5000 Lønn til ansatte',
        from: '2026-01-01',
        to: '2026-03-31',
        accountId: '5000',
        number: 5000,
        accounts: '5000',
        group: 'costs',
        sign: 1,
      },
    ]);
  });
});

describe('the comparison view of a top list', () => {
  const compared: TopRow[] = [
    { _id: 'c1', name: 'Fjord Bygg AS', amount: 250_000_00, compareAmount: 200_000_00 },
    { _id: 'c2', name: 'Ny Kunde AS', amount: 80_000_49, compareAmount: 0 },
    { _id: 'c3', name: 'Tapt AS', amount: 10_000_00, compareAmount: 40_000_00 },
  ];
  const cells = (el: Element) =>
    [...(el.shadowRoot ?? el).querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent));

  it('asks for the period before, or last year, only in the comparison view, and fetches again only when that changes', async () => {
    const { el, requested } = await mount('saldo-top-customers', compared, { view: 'comparison' });
    expect(requested).toEqual([
      `${widgetPath('top-customers')}?groupId=b1&startDate=2026-01-01&endDate=2026-03-31&compare=previous`,
    ]);
    expect(cells(el)).toEqual([
      ['Nr.', 'Kunde', 'Beløp', 'Forrige periode', 'Endring', 'Endring %'],
      ['1', 'Fjord Bygg AS', `250${NBSP}000`, `200${NBSP}000`, `50${NBSP}000`, `+25,0${NBSP}%`],
      // Nothing the period before: no percentage to give.
      ['2', 'Ny Kunde AS', `80${NBSP}000`, '0', `80${NBSP}000`, '–'],
      ['3', 'Tapt AS', `10${NBSP}000`, `40${NBSP}000`, `-30${NBSP}000`, `-75,0${NBSP}%`],
    ]);
    const change = el.shadowRoot?.querySelectorAll('[part~="change"]');
    expect([...(change ?? [])].map((td) => td.className)).toEqual([
      'amount positive',
      'amount positive',
      'amount negative',
    ]);

    el.setAttribute('compare', 'lastYear');
    await el.updateComplete;
    await settle();
    expect(requested.at(-1)).toContain('&compare=lastYear');
    expect(el.shadowRoot?.querySelector('[part="comparison-header"]')?.textContent).toBe('I fjor');

    // Bars or a plain table is the same data: nothing fetched. Leaving the comparison view fetches without it.
    const before = requested.length;
    el.setAttribute('view', 'comparison');
    await el.updateComplete;
    expect(requested).toHaveLength(before);
    el.setAttribute('view', 'table');
    await el.updateComplete;
    await settle();
    expect(requested.at(-1)).toBe(`${widgetPath('top-customers')}?groupId=b1&startDate=2026-01-01&endDate=2026-03-31`);
    el.setAttribute('view', 'bars');
    await el.updateComplete;
    await settle();
    expect(requested.at(-1)).toBe(`${widgetPath('top-customers')}?groupId=b1&startDate=2026-01-01&endDate=2026-03-31`);
    expect(el.shadowRoot?.querySelector('[part="comparison-header"]')).toBeNull();
  });

  it('over a comparison period without a booked month: no figure, no change, no % on any row, and says why', async () => {
    const unbooked = compared.map((r) => ({ ...r, compareAmount: 0, compareBookedMonths: 0 }));
    const { el } = await mount('saldo-top-customers', unbooked, { view: 'comparison' });
    expect(cells(el)).toEqual([
      ['Nr.', 'Kunde', 'Beløp', 'Forrige periode', 'Endring', 'Endring %'],
      ['1', 'Fjord Bygg AS', `250${NBSP}000`, '–', '–', '–'],
      ['2', 'Ny Kunde AS', `80${NBSP}000`, '–', '–', '–'],
      ['3', 'Tapt AS', `10${NBSP}000`, '–', '–', '–'],
    ]);
    expect(el.shadowRoot?.querySelector('[part="comparison-header"]')?.getAttribute('title')).toBe(
      'Ingen bokførte måneder å sammenligne med',
    );
    // Booked months there: figures as before.
    const { el: booked } = await mount(
      'saldo-top-customers',
      compared.map((r) => ({ ...r, compareBookedMonths: 3 })),
      { view: 'comparison' },
    );
    expect(cells(booked)[1]).toEqual([
      '1',
      'Fjord Bygg AS',
      `250${NBSP}000`,
      `200${NBSP}000`,
      `50${NBSP}000`,
      `+25,0${NBSP}%`,
    ]);
  });

  it("marks a cost account whose amount holds a file's opening balances and names the month under the list", async () => {
    const rows: TopRow[] = [
      { _id: '6300', name: 'Leie lokale', amount: 172_000_00, number: 6300, openingMonths: ['2025-10'] },
      { _id: '6700', name: 'Revisjon', amount: 4_500_00, number: 6700 },
    ];
    const { el } = await mount('saldo-top-expenses', rows);
    const marks = el.shadowRoot?.querySelectorAll('[part="opening-mark"]');
    expect(marks).toHaveLength(1);
    expect(marks?.[0]?.closest('tr')?.querySelector('[part="name"]')?.textContent).toBe('Leie lokale*');
    expect(marks?.[0]?.getAttribute('title')).toBe('Fra filens inngående balanse');
    expect(el.shadowRoot?.querySelector('[part="opening-note"]')?.textContent).toBe(
      '* okt 2025: fra filens inngående balanse (saldoer og resultat før filens første periode), ikke posteringer i måneden.',
    );
    const { el: plain } = await mount('saldo-top-expenses', [rows[1]!]);
    expect(plain.shadowRoot?.querySelector('[part="opening-note"], [part="opening-mark"]')).toBeNull();
  });

  it('a cost account compares as the P&L shows it in both periods; lists without a comparison view ask for none', async () => {
    const leie = {
      _id: '6300',
      name: 'Leie',
      amount: 1_200_302_50,
      shown: 1_200_302,
      compareAmount: 1_000_000_50,
      compareShown: 1_000_000,
    };
    const root = draw(listView('top-expenses', [leie], { lang: 'en', comparison: 'lastYear' }));
    expect(cells(root)).toEqual([
      ['No.', 'Account', 'Amount', 'Last year', 'Change', 'Change %'],
      // 1 000 000.50 kr alone would round to 1 000 001: the comparison period's P&L shows 1 000 000.
      ['1', 'Leie', `1${NBSP}200${NBSP}302`, `1${NBSP}000${NBSP}000`, `200${NBSP}302`, `+20,0${NBSP}%`],
    ]);
    const { requested } = await mount('saldo-largest-transactions', [], { view: 'comparison', compare: 'lastYear' });
    expect(requested.every((url) => !url.includes('compare'))).toBe(true);
  });
});

describe('TopListView', () => {
  it('shows the date column for transactions and caps the rows at the list’s limit', () => {
    const root = draw(listView('largest-transactions', largestTransactions, { lang: 'en' }));
    const cells = [...root.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(cells).toEqual([
      ['No.', 'Transaction', 'Date', 'Amount'],
      ['1', 'Bilag 1042 Leie lokale', '2026/03/01', `45${NBSP}000`],
      // -12 500.50 kr: half away from zero, as +12 500.50 would read 12 501.
      ['2', 'Bilag 1107 Kreditnota', '', `-12${NBSP}501`],
    ]);
    const many: TopRow[] = Array.from({ length: 8 }, (_, i) => ({ _id: `a${i}`, name: `A${i}`, amount: 100 - i }));
    render(listView('top-five-expenses', many, { showBars: true }), root);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Topp 5 kostnader');
  });

  it("shows a cost account as the footed P&L shows it where the server says, else the amount's own rounding", () => {
    // 1 200 302.50 kr rounds to 1 200 303 alone; the P&L's footing shows it as 1 200 302.
    const rows = topFiveRows([
      { closingBalance: 1_200_302_50, shown: 1_200_302, account: { number: 6300, name: 'Leie lokale' } },
      { closingBalance: 50, account: { number: 6340, name: 'Gebyr' } },
    ]);
    expect(rows[0]).toMatchObject({ amount: 1_200_302_50, shown: 1_200_302 });
    const root = draw(listView('top-five-expenses', rows));
    expect([...root.querySelectorAll('[part="amount"]')].map((td) => td.textContent)).toEqual([
      `1${NBSP}200${NBSP}302`,
      '1',
    ]);
  });
});
