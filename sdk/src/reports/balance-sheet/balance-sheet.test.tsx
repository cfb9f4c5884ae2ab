/** @jsxImportSource preact */
import type { BalanceSheetReport } from '@saldo/contract';
import { errors } from '@saldo/contract/errors';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import {
  balanceSheet,
  balanceSheetWithComparison,
  emptyBalanceSheet,
  settle,
  unbalancedBalanceSheet,
} from '../../testing/fixtures';
import { balanceSheetLines, isBalanceSheetEmpty } from './balance-sheet-model';
import { BalanceSheetView, type BalanceSheetViewProps } from './balance-sheet-view';

const NBSP = '\u00a0';
const kr = (text: string) => text.replaceAll(' ', NBSP);

function draw(state: WidgetState<BalanceSheetReport>, props: Partial<BalanceSheetViewProps> = {}) {
  const root = document.createElement('div');
  document.body.append(root);
  render(<BalanceSheetView state={state} lang="nor" totalOnly={false} onDrill={() => {}} {...props} />, root);
  return root;
}

const cellTexts = (row: Element | null | undefined) =>
  [...(row?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent?.trim());

afterEach(() => {
  document.body.innerHTML = '';
});

describe('balance sheet model', () => {
  it('lists assets, then equity and liabilities, each ending in its sum', () => {
    const lines = balanceSheetLines(balanceSheet, 'en');
    expect(lines.map((l) => l.id)).toEqual([
      's:assets',
      'g:intangibleAssets',
      'g:tangibleAssets',
      'g:financialAssets',
      'g:inventory',
      'g:receivables',
      'g:investments',
      'g:cashAndBank',
      'r:totalAssets',
      's:equityAndLiabilities',
      'g:equity',
      'g:resultThisYear',
      'g:provisions',
      'g:longTermDebt',
      'g:shortTermDebt',
      'r:totalEquityAndLiabilities',
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
    expect(root.querySelectorAll('[part~="section-row"]')).toHaveLength(2);
    expect(root.querySelector('[part~="warning"]')).toBeNull();
    expect(root.querySelector('[data-line="difference"]')).toBeNull();
  });

  it('shows only the last month end with view="total"', () => {
    const root = draw({ status: 'data', data: balanceSheet }, { totalOnly: true, lang: 'en' });
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Line', '2026/02/28']);
    expect(cellTexts(root.querySelector('[data-line="totalAssets"]'))).toEqual(['Total assets', kr('604 000')]);
  });

  it('expands a group into accounts and drills into a clicked account', async () => {
    const drills: SaldoDrillDetail[] = [];
    const root = draw({ status: 'data', data: balanceSheet }, { lang: 'en', onDrill: (d) => drills.push(d) });
    root.querySelector<HTMLButtonElement>('[data-group="equity"] button')?.click();
    await settle();
    const accounts = [...root.querySelectorAll('[part~="account-row"]')];
    expect(accounts.map((a) => a.getAttribute('data-account'))).toEqual(['2000', '2050']);
    expect(cellTexts(accounts[0])).toEqual(['2000 Share capital', kr('100 000'), kr('100 000')]);
    accounts[1]?.querySelector('button')?.click();
    expect(drills).toEqual([
      { kind: 'account', number: 2050, accountId: '2050', title: 'Other equity', group: 'equity' },
    ]);
  });

  it('compares the last month end with the comparison period’s', () => {
    const root = draw({ status: 'data', data: balanceSheetWithComparison }, { totalOnly: true, lang: 'en' });
    expect(cellTexts(root.querySelector('thead tr'))).toEqual(['Line', '2026/02/28', '2025/02/28', 'Change']);
    // A year earlier: the same opening plus half the movements (380 000 + 36 500 of bank).
    const bank = root.querySelector('[data-group="cashAndBank"]');
    expect(cellTexts(bank)).toEqual(['Cash and bank', kr('488 000'), kr('434 000'), kr('54 000')]);
    expect(bank?.querySelector('[part~="comparison"]')).not.toBeNull();
    expect(bank?.querySelector('[part~="change"]')?.textContent).toBe(kr('54 000'));
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
