/** @jsxImportSource preact */

import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import {
  BalanceSheetView,
  balanceSheetLines,
  CashFlowView,
  cashFlowLines,
  type Line,
  ProfitLossView,
  profitLossLines,
  withComparison,
} from '@saldo/sdk/testing/statements';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import fixtures from './statement-footing.json';

// Shown figures foot in the SDK's row models and on screen, on random ledgers run through the server's
// report engine: accounts add up to their line, lines to their sums, and the change column is the
// difference of the two shown columns. Amounts carry odd øre (…50, …49) on purpose, so rounding each
// figure on its own would not foot. Neither the SDK nor the portal may depend on the server, so the
// ledgers (drawn by fast-check with a fixed seed) and the engine's reports on them come from
// statement-footing.json, written by server/test-tools/client-fixtures (a server test keeps it current).

interface Movement {
  accountNumber: number;
  month: string;
  amount: number;
}
/** A ledger, and each statement on it for 2026's first quarter with 2025's as its comparison. */
const samples = fixtures.samples as unknown as Array<{
  movements: Movement[];
  profitLoss: ProfitLossReport & { comparison: ProfitLossReport };
  balanceSheet: BalanceSheetReport & { comparison: BalanceSheetReport };
  cashFlow: CashFlowReport & { comparison: CashFlowReport };
}>;

const COLUMNS = [0, 1, 2, 'total', 'compare'] as const;
type Col = (typeof COLUMNS)[number];
const at = (line: Line, col: Col) =>
  col === 'total' ? line.shownTotal : col === 'compare' ? (line.shownCompare ?? 0) : line.shown[col]!;
const sum = (lines: Line[], col: Col) => lines.reduce((s, l) => s + at(l, col), 0);

/** Each group is the sum of its items as shown, in every column. */
function expectGroupsFoot(lines: Line[], cols: readonly Col[]) {
  for (const line of lines)
    if (line.kind === 'group' && line.items?.length) for (const c of cols) expect(sum(line.items, c)).toBe(at(line, c));
}

/** Each part's lines, between its heading (`s:<part>`) and its sum (`r:<total>`), add up to that sum. */
function expectPartsFoot(lines: Line[], parts: Array<[part: string, total: string]>) {
  for (const [part, total] of parts) {
    const start = lines.findIndex((l) => l.id === `s:${part}`);
    const end = lines.findIndex((l) => l.id === `r:${total}`);
    for (const c of COLUMNS) expect(sum(lines.slice(start + 1, end), c), total).toBe(at(lines[end]!, c));
  }
}

describe('shown figures foot in the row models', () => {
  it('profit and loss: accounts → lines → the sums of income and expenses → operating result → result before tax → result, with a comparison', () => {
    for (const { movements, profitLoss } of samples) {
      const { comparison, ...report } = profitLoss;
      const lines = withComparison(profitLossLines(report, 'nor'), profitLossLines(comparison, 'nor'));
      expectGroupsFoot(lines, COLUMNS);
      const line = (id: string) => lines.find((l) => l.id === id)!;
      const sumOf = (c: Col, ...ids: string[]) => ids.reduce((s, id) => s + at(line(id), c), 0);
      for (const c of COLUMNS) {
        expect(sumOf(c, 'g:salesRevenue', 'g:otherOperatingIncome')).toBe(at(line('r:operatingIncome'), c));
        expect(sumOf(c, 'g:costOfGoods', 'g:payroll', 'g:depreciation', 'g:otherOperatingExpenses')).toBe(
          at(line('r:operatingExpenses'), c),
        );
        expect(sumOf(c, 'r:operatingIncome', 'g:costOfGoods')).toBe(at(line('r:grossProfit'), c));
        expect(sumOf(c, 'r:operatingIncome', 'r:operatingExpenses')).toBe(at(line('r:operatingResult'), c));
        expect(sumOf(c, 'g:financialIncome', 'g:financialExpenses')).toBe(at(line('r:netFinancialItems'), c));
        expect(sumOf(c, 'r:operatingResult', 'r:netFinancialItems')).toBe(at(line('r:resultBeforeTax'), c));
        expect(sumOf(c, 'r:resultBeforeTax', 'g:tax')).toBe(at(line('r:result'), c));
      }
      // The bottom line is its exact figure rounded half away from zero; every account within a krone.
      const exact = -movements
        .filter((m) => m.month >= '2026-01' && m.accountNumber >= 3000)
        .reduce((s, m) => s + m.amount, 0);
      expect(lines.at(-1)!.shownTotal).toBe(Math.sign(exact) * Math.floor((Math.abs(exact) + 50) / 100) || 0);
      for (const line of lines)
        for (const item of line.items ?? []) expect(Math.abs(item.shownTotal * 100 - item.total)).toBeLessThan(100);
    }
  });

  it('balance sheet: accounts → groups → sums at every month end; the difference is assets less the rest', () => {
    for (const { balanceSheet } of samples) {
      const { comparison, ...report } = balanceSheet;
      const lines = withComparison(balanceSheetLines(report, 'nor'), balanceSheetLines(comparison, 'nor'));
      expectGroupsFoot(lines, COLUMNS);
      const line = (id: string) => lines.find((l) => l.id === id)!;
      // Each part: its lines between its heading and its sum.
      expectPartsFoot(lines, [
        ['fixedAssets', 'totalFixedAssets'],
        ['currentAssets', 'totalCurrentAssets'],
        ['equity', 'totalEquity'],
        ['liabilities', 'totalLiabilities'],
      ]);
      const unclassified = lines.find((l) => l.id === 'g:unclassified');
      for (const c of COLUMNS) {
        expect(
          at(line('r:totalFixedAssets'), c) +
            at(line('r:totalCurrentAssets'), c) +
            (unclassified ? at(unclassified, c) : 0),
        ).toBe(at(line('r:totalAssets'), c));
        expect(at(line('r:totalEquity'), c) + at(line('r:totalLiabilities'), c)).toBe(
          at(line('r:totalEquityAndLiabilities'), c),
        );
      }
      // A balanced ledger: both sides show the same figure.
      const assets = lines.find((l) => l.id === 'r:totalAssets')!;
      const other = lines.find((l) => l.id === 'r:totalEquityAndLiabilities')!;
      for (const c of COLUMNS) expect(at(assets, c)).toBe(at(other, c));
    }
  });

  it('cash flow: lines → sections → net change, and opening + change = closing, month after month', () => {
    for (const { cashFlow } of samples) {
      const { comparison, ...report } = cashFlow;
      const lines = withComparison(cashFlowLines(report, 'nor'), cashFlowLines(comparison, 'nor'));
      expectGroupsFoot(lines, COLUMNS);
      const line = (id: string) => lines.find((l) => l.id === id)!;
      const nets = ['r:netOperating', 'r:netInvesting', 'r:netFinancing'].map(line);
      expectPartsFoot(lines, [
        ['operating', 'netOperating'],
        ['investing', 'netInvesting'],
        ['financing', 'netFinancing'],
      ]);
      for (const c of COLUMNS) {
        expect(sum(nets, c)).toBe(at(line('r:netChange'), c));
        expect(at(line('r:openingBalance'), c) + at(line('r:netChange'), c)).toBe(at(line('r:closingBalance'), c));
      }
      for (const i of [0, 1]) expect(line('r:closingBalance').shown[i]).toBe(line('r:openingBalance').shown[i + 1]);
    }
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** The table as numbers: each row's label and its amount cells read back from the screen text. */
function screen(root: Element): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (const tr of root.querySelectorAll('tbody tr')) {
    const key = tr.getAttribute('data-group') ?? tr.getAttribute('data-line') ?? tr.getAttribute('data-account');
    if (!key) continue;
    const cells = [...tr.querySelectorAll('td')].map((td) => Number(td.textContent!.replace(/\u00a0/g, '')));
    rows.set(key, cells);
  }
  return rows;
}

describe('shown figures foot on screen', () => {
  it('the P&L, balance sheet and cash flow views: sums of what is read, and the change column', () => {
    for (const { profitLoss: pl, balanceSheet: bs, cashFlow: cf } of samples) {
      const root = document.createElement('div');
      document.body.append(root);
      const props = { lang: 'nor' as const, totalOnly: false, onDrill: () => {} };
      render(<ProfitLossView state={{ status: 'data', data: pl }} showChart={false} {...props} />, root);
      const p = screen(root);
      // Columns: three months, the period, the comparison, the change.
      const costs = ['costOfGoods', 'payroll', 'depreciation', 'otherOperatingExpenses'];
      for (let c = 0; c < 6; c++) {
        const v = (k: string) => p.get(k)?.[c] ?? 0;
        expect(v('salesRevenue') + v('otherOperatingIncome')).toBe(v('operatingIncome'));
        expect(v('operatingIncome') + v('costOfGoods')).toBe(v('grossProfit'));
        expect(costs.reduce((s, k) => s + v(k), 0)).toBe(v('operatingExpenses'));
        expect(v('operatingIncome') + v('operatingExpenses')).toBe(v('operatingResult'));
        expect(v('financialIncome') + v('financialExpenses')).toBe(v('netFinancialItems'));
        expect(v('operatingResult') + v('netFinancialItems')).toBe(v('resultBeforeTax'));
        expect(v('resultBeforeTax') + v('tax')).toBe(v('result'));
      }
      for (const [, cells] of p) expect(cells[5]).toBe(cells[3]! - cells[4]!);

      render(<BalanceSheetView state={{ status: 'data', data: bs }} {...props} />, root);
      const b = screen(root);
      const groupsOf = (section: string) =>
        bs.months[0]!.groups.filter((g) => g.section === section).map((g) => g.group);
      for (let c = 0; c < 5; c++) {
        const v = (k: string) => b.get(k)?.[c] ?? 0;
        const sum = (keys: string[]) => keys.reduce((s, k) => s + v(k), 0);
        expect(sum(groupsOf('fixedAssets'))).toBe(v('totalFixedAssets'));
        expect(sum(groupsOf('currentAssets'))).toBe(v('totalCurrentAssets'));
        expect(v('totalFixedAssets') + v('totalCurrentAssets') + v('unclassified')).toBe(v('totalAssets'));
        expect(sum(groupsOf('equity'))).toBe(v('totalEquity'));
        expect(sum(groupsOf('liabilities'))).toBe(v('totalLiabilities'));
        expect(v('totalEquity') + v('totalLiabilities')).toBe(v('totalEquityAndLiabilities'));
      }
      for (const [, cells] of b) expect(cells[4]).toBe(cells[2]! - cells[3]!);

      render(<CashFlowView state={{ status: 'data', data: cf }} showChart={false} {...props} />, root);
      const f = screen(root);
      for (let c = 0; c < 6; c++) {
        const v = (k: string) => f.get(k)?.[c] ?? 0;
        expect(v('netOperating') + v('netInvesting') + v('netFinancing')).toBe(v('netChange'));
        expect(v('openingBalance') + v('netChange')).toBe(v('closingBalance'));
      }
      render(null, root);
    }
    // Renders of three full statements: seconds on a busy 2-core machine.
  }, 60_000);
});

describe('the balance sheet on the engine', () => {
  it('shows sub-accounts of one number apart, by their own IDs, and what no rule places as Unclassified', () => {
    const report = fixtures.subAccounts as unknown as BalanceSheetReport;
    expect(report.months[0]!.difference).toBe(0);
    const lines = balanceSheetLines(report, 'nor');
    const cash = lines.find((l) => l.id === 'g:cashAndBank')!;
    expect(cash.total).toBe(100_000_00);
    const drill = (accountId: string, title: string) => ({
      kind: 'account',
      origin: 'balance-sheet',
      number: 1920,
      accountId,
      title: `${accountId} ${title}`,
      group: 'cashAndBank',
      accounts: '1920',
      sign: 1,
      balance: true,
    });
    expect(cash.items!.map((i) => [i.label, i.total, i.drill])).toEqual([
      // Under their number, in the order of the IDs' numbers (92783 before 20503047).
      ['1920PKEY92783 Driftskonto', 60_000_00, drill('1920PKEY92783', 'Driftskonto')],
      ['1920PKEY20503047 Skattetrekk', 40_000_00, drill('1920PKEY20503047', 'Skattetrekk')],
    ]);
    const unclassified = lines.find((l) => l.id === 'g:unclassified')!;
    expect([unclassified.label, unclassified.total, unclassified.items!.map((i) => i.label)]).toEqual([
      'Uklassifisert',
      -5_000_00,
      ['9996 Avregning'],
    ]);
  });
});
