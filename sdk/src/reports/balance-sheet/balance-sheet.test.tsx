/** @jsxImportSource preact */
import type { BalanceSheetReport } from '@saldo/contract';
import { errors } from '@saldo/contract/errors/errors';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import { cellTexts, draw as drawView, kr } from '../../testing/dom';
import {
  balanceSheet,
  balanceSheetWithComparison,
  emptyBalanceSheet,
  settle,
  unbalancedBalanceSheet,
} from '../../testing/fixtures';
import { balanceSheetLines, isBalanceSheetEmpty } from './balance-sheet-model';
import { BalanceSheetView, type BalanceSheetViewProps } from './balance-sheet-view';

const draw = (state: WidgetState<BalanceSheetReport>, props: Partial<BalanceSheetViewProps> = {}) =>
  drawView(<BalanceSheetView state={state} lang="nor" totalOnly={false} onDrill={() => {}} {...props} />);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('balance sheet model', () => {
  it('lists assets, then equity and liabilities, each ending in its sum', () => {
    const lines = balanceSheetLines(balanceSheet, 'en');
    // regnskapsloven § 6-2: each side in its parts, each part's lines and sum, then the side's sum.
    expect(lines.map((l) => l.id)).toEqual([
      's:assets',
      's:fixedAssets',
      'g:intangibleAssets',
      'g:tangibleAssets',
      'g:financialAssets',
      'r:totalFixedAssets',
      's:currentAssets',
      'g:inventory',
      'g:receivables',
      'g:investments',
      'g:cashAndBank',
      'r:totalCurrentAssets',
      'r:totalAssets',
      's:equityAndLiabilities',
      's:equity',
      'g:paidInEquity',
      'g:retainedEarnings',
      'r:totalEquity',
      's:liabilities',
      'g:provisions',
      'g:longTermDebt',
      'g:shortTermDebt',
      'r:totalLiabilities',
      'r:totalEquityAndLiabilities',
    ]);
    expect(lines.filter((l) => l.kind !== 'group').map((l) => l.label)).toEqual([
      'Assets',
      'Fixed assets',
      'Total fixed assets',
      'Current assets',
      'Total current assets',
      'Total assets',
      'Equity and liabilities',
      'Equity',
      'Total equity',
      'Liabilities',
      'Total liabilities',
      'Total equity and liabilities',
    ]);
    const total = (id: string) => lines.find((l) => l.id === id)?.values;
    // The engine's invariant, as the element shows it: assets = equity + liabilities every month end.
    expect(total('r:totalAssets')).toEqual([558_000_00, 604_000_00]);
    expect(total('r:totalEquityAndLiabilities')).toEqual(total('r:totalAssets'));
  });

  it('is empty when nothing has a balance', () => {
    expect(isBalanceSheetEmpty(balanceSheet)).toBe(false);
    expect(isBalanceSheetEmpty(emptyBalanceSheet)).toBe(true);
    expect(isBalanceSheetEmpty({ ...balanceSheet, months: [] })).toBe(true);
  });
});

describe('BalanceSheetView', () => {
  it('shows a column per month end and leaves out groups without balances', () => {
    const root = draw({ status: 'data', data: balanceSheet });
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Balanse');
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Linje', '2026/01/31', '2026/02/28']);
    expect(cellTexts(root.querySelector('[data-line="totalAssets"]'))).toEqual([
      'Sum eiendeler',
      kr('558 000'),
      kr('604 000'),
    ]);
    expect(cellTexts(root.querySelector('[data-line="totalEquityAndLiabilities"]'))).toEqual([
      'Sum egenkapital og gjeld',
      kr('558 000'),
      kr('604 000'),
    ]);
    expect(root.querySelector('[data-group="intangibleAssets"]')).toBeNull();
    // Receivables were paid in February but had a balance in January: the row stays.
    expect(cellTexts(root.querySelector('[data-group="receivables"]'))).toEqual(['Fordringer', kr('25 000'), '0']);
    // The two sides and their four parts, named as regnskapsloven § 6-2 names them.
    expect([...root.querySelectorAll('[part~="section-row"]')].map((r) => r.textContent)).toEqual([
      'Eiendeler',
      'Anleggsmidler',
      'Omløpsmidler',
      'Egenkapital og gjeld',
      'Egenkapital',
      'Gjeld',
    ]);
    expect(root.querySelectorAll('[part~="subsection-row"]')).toHaveLength(4);
    for (const [line, label] of [
      ['totalCurrentAssets', 'Sum omløpsmidler'],
      ['totalEquity', 'Sum egenkapital'],
      ['totalLiabilities', 'Sum gjeld'],
    ])
      expect(root.querySelector(`[data-line="${line}"] th`)?.textContent).toBe(label);
    expect(root.querySelector('[part~="warning"]')).toBeNull();
    expect(root.querySelector('[data-line="difference"]')).toBeNull();
  });

  it('shows only the last month end with view="total"', () => {
    const root = draw({ status: 'data', data: balanceSheet }, { totalOnly: true, lang: 'en' });
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Line', '2026/02/28']);
    expect(cellTexts(root.querySelector('[data-line="totalAssets"]'))).toEqual(['Total assets', kr('604 000')]);
  });

  it("marks a month end that is a file's opening balances, and says so only where that column is shown", () => {
    const data = { ...balanceSheet, openingMonths: ['2026-01'] };
    const root = draw({ status: 'data', data });
    expect(root.querySelector('[part="opening-header"]')?.textContent).toBe('2026/01/31*');
    expect(root.querySelector('[part="opening-note"]')?.textContent).toBe(
      '* jan 2026: fra filens inngående balanse (saldoer og resultat før filens første periode), ikke posteringer i måneden.',
    );
    // Only February's column: nothing of January is shown, so nothing to say.
    const total = draw({ status: 'data', data }, { totalOnly: true });
    expect(total.querySelector('[part="opening-header"], [part="opening-note"]')).toBeNull();
  });

  it('expands retained earnings into its account and this year’s result, and drills from every balance', async () => {
    const drills: SaldoDrillDetail[] = [];
    const root = draw({ status: 'data', data: balanceSheet }, { lang: 'en', onDrill: (d) => drills.push(d) });
    root.querySelector<HTMLButtonElement>('[data-group="paidInEquity"] button.toggle')?.click();
    root.querySelector<HTMLButtonElement>('[data-group="retainedEarnings"] button.toggle')?.click();
    await settle();
    const rows = [...root.querySelectorAll('[part~="account-row"]')];
    expect(rows.map((a) => a.getAttribute('data-account') ?? a.getAttribute('data-line'))).toEqual([
      '2000',
      '2050',
      'resultThisYear',
    ]);
    expect(cellTexts(rows[0])).toEqual(['2000 Share capital', kr('100 000'), kr('100 000')]);
    // An account's name: its balance at the last month end.
    rows[1]!.querySelector<HTMLButtonElement>('th button')!.click();
    // A February cell: February's postings on top of the balance at 1 February.
    rows[1]!.querySelector<HTMLButtonElement>('[data-column="2026-02"] button')!.click();
    // This year's result so far: the year's P&L from 1 January, no opening balance.
    rows[2]!.querySelector<HTMLButtonElement>('[data-column="2026-02"] button')!.click();
    root.querySelector<HTMLButtonElement>('[data-group="retainedEarnings"] [data-column="2026-01"] button')!.click();
    root.querySelector<HTMLButtonElement>('[data-line="totalEquity"] [data-column="2026-02"] button')!.click();
    root.querySelector<HTMLButtonElement>('[data-line="totalAssets"] [data-column="2026-01"] button')!.click();
    const base = { origin: 'balance-sheet', balance: true };
    // The account's name and its February cell drill alike.
    const otherEquityInFebruary = {
      ...base,
      kind: 'account',
      number: 2050,
      accountId: '2050',
      title: '2050 Other equity',
      group: 'retainedEarnings',
      accounts: '2050',
      sign: -1,
      from: '2026-02-01',
      to: '2026-02-28',
      column: '2026-02',
    };
    expect(drills).toEqual([
      otherEquityInFebruary,
      otherEquityInFebruary,
      {
        origin: 'balance-sheet',
        kind: 'subtotal',
        title: "This year's result so far",
        key: 'resultThisYear',
        accounts: '3000-8199,8300-8399,8800-8999',
        sign: -1,
        from: '2026-01-01',
        to: '2026-02-28',
        column: '2026-02',
      },
      {
        ...base,
        kind: 'line',
        title: 'Retained earnings',
        group: 'retainedEarnings',
        key: 'retainedEarnings',
        accounts: '2050-2099,3000-8199,8300-8399,8800-8999',
        sign: -1,
        from: '2026-01-01',
        to: '2026-01-31',
        column: '2026-01',
      },
      {
        ...base,
        kind: 'subtotal',
        title: 'Total equity',
        key: 'totalEquity',
        accounts: '2000-2099,3000-8199,8300-8399,8800-8999',
        sign: -1,
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
      },
      {
        ...base,
        kind: 'subtotal',
        title: 'Total assets',
        key: 'totalAssets',
        accounts: '1000-1999,0-999,8200-8299,8400-8799,9000-99999',
        sign: 1,
        from: '2026-01-01',
        to: '2026-01-31',
        column: '2026-01',
      },
    ]);
  });

  it('compares the last month end with the comparison period’s', () => {
    const root = draw({ status: 'data', data: balanceSheetWithComparison }, { totalOnly: true, lang: 'en' });
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Line', '2026/02/28', '2025/02/28', 'Change']);
    // A year earlier: the same opening plus half the movements (380 000 + 36 500 of bank).
    const bank = root.querySelector('[data-group="cashAndBank"]');
    expect(cellTexts(bank)).toEqual(['Cash and bank deposits', kr('488 000'), kr('434 000'), kr('54 000')]);
    expect(bank?.querySelector('[part~="comparison"]')).not.toBeNull();
    expect(bank?.querySelector('[part~="change"]')?.textContent).toBe(kr('54 000'));
  });

  it("beside last year's end (compare=yearEnd): the compared column is headed by that year's last day", () => {
    // What the API answers for compare=yearEnd: the whole previous year, its last month end compared.
    const before = balanceSheetWithComparison.comparison!;
    const end = { ...before.months.at(-1)!, month: '2025-12', date: '2025-12-31' };
    const yearEnd: BalanceSheetReport = {
      ...balanceSheetWithComparison,
      comparison: { ...before, startDate: '2025-01-01', endDate: '2025-12-31', months: [end], bookedMonths: 12 },
    };
    const root = draw({ status: 'data', data: yearEnd }, { totalOnly: true, lang: 'en' });
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Line', '2026/02/28', '2025/12/31', 'Change']);
    expect(root.querySelector('[part~="comparison-header"]')?.getAttribute('title')).toBe('Compared with 2025-12-31');
    const bank = root.querySelector('[data-group="cashAndBank"]');
    expect(cellTexts(bank)).toEqual(['Cash and bank deposits', kr('488 000'), kr('434 000'), kr('54 000')]);
  });

  it("a compared year with no booked month reads '–', unless its end holds a file's opening balances", () => {
    const before = balanceSheetWithComparison.comparison!;
    const end = { ...before.months.at(-1)!, month: '2025-12', date: '2025-12-31' };
    const compared = { ...before, startDate: '2025-01-01', endDate: '2025-12-31', months: [end], bookedMonths: 0 };
    const none = draw(
      { status: 'data', data: { ...balanceSheetWithComparison, comparison: compared } },
      { totalOnly: true, lang: 'en' },
    );
    expect(cellTexts(none.querySelector('thead tr'))).toEqual(['Line', '2026/02/28', '2025/12/31', 'Change']);
    const bank = none.querySelector('[data-group="cashAndBank"]');
    expect(cellTexts(bank)).toEqual(['Cash and bank deposits', kr('488 000'), '–', '–']);
    expect(none.querySelector('[part~="comparison-header"]')?.getAttribute('title')).toContain(
      'Compared with 2025-12-31:',
    );
    // A file that starts in January opens with the balances at the close of December: those are last year's end.
    const opening = draw(
      {
        status: 'data',
        data: { ...balanceSheetWithComparison, comparison: { ...compared, openingMonths: ['2025-12'] } },
      },
      { totalOnly: true, lang: 'en' },
    );
    expect(cellTexts(opening.querySelector('[data-group="cashAndBank"]'))).toEqual([
      'Cash and bank deposits',
      kr('488 000'),
      kr('434 000'),
      kr('54 000'),
    ]);
  });

  it('against a budget adds the variance and its %, and says when the budget does not balance', () => {
    const budget: BalanceSheetReport = { ...balanceSheetWithComparison.comparison!, basis: 'budget' };
    const root = draw(
      { status: 'data', data: { ...balanceSheetWithComparison, comparison: budget } },
      { totalOnly: true },
    );
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Linje', '2026/02/28', 'Budsjett', 'Avvik', 'Avvik %']);
    // 488 000 in the bank against a budgeted 434 000: 54 000 over, +12,4 %.
    const bank = root.querySelector('[data-group="cashAndBank"]');
    expect(cellTexts(bank)).toEqual([
      'Bankinnskudd, kontanter o.l.',
      kr('488 000'),
      kr('434 000'),
      kr('54 000'),
      kr('+12,4 %'),
    ]);
    // A budget has no postings: its cells do not drill.
    expect(bank?.querySelector('[part~="comparison"] button')).toBeNull();
    expect(root.querySelector('[part~="budget-warning"]')).toBeNull();
    const unbalanced = draw({
      status: 'data',
      data: { ...balanceSheet, comparison: { ...unbalancedBalanceSheet, basis: 'budget' } },
    });
    const notice = unbalanced.querySelector('[part~="budget-warning"]');
    expect(notice?.getAttribute('role')).toBe('alert');
    expect(notice?.textContent).toContain('Budsjettet går ikke i balanse');
    expect(notice?.textContent).toContain(`${kr('10 000')} (2026/02/28)`);
  });

  it('shows the difference and a warning when the source does not balance', () => {
    const root = draw({ status: 'data', data: unbalancedBalanceSheet });
    const warning = root.querySelector('[part~="warning"]');
    expect(warning?.getAttribute('role')).toBe('alert');
    expect(warning?.textContent).toContain(`${kr('10 000')} (2026/01/31)`);
    expect(warning?.getAttribute('title')).toContain('does not balance');
    expect(cellTexts(root.querySelector('[data-line="difference"]'))).toEqual([
      'Differanse',
      kr('10 000'),
      kr('10 000'),
    ]);
  });

  it('shows loading, empty and error states', () => {
    expect(draw({ status: 'loading' }, { lang: 'en' }).querySelector('[role="status"]')?.textContent).toContain(
      'Loading',
    );
    const empty = draw({ status: 'empty', data: emptyBalanceSheet }, { lang: 'en' });
    expect(empty.querySelector('[role="status"]')?.textContent).toBe('No data for this period');
    expect(empty.querySelector('table')).toBeNull();
    const error = draw({ status: 'error', error: { code: 'FORBIDDEN', message: 'Forbidden', status: 403 } });
    expect(error.querySelector('[role="alert"]')?.textContent).toBe(errors.FORBIDDEN.no);
  });
});
