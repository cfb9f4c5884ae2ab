import type { BalanceSheetReport, CashFlowReport } from '@saldo/contract';
import { buildBalanceSheetModel, buildCashFlowModel } from '@saldo/contract/statements/index';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, signedInApp } from '../../test/ledger-boards.ts';
import { replaceBudgetYear } from './queries.ts';

/**
 * The balance sheet and the cash flow against the budget, over HTTP on the demo company (booked to
 * October 2026). The expected figures are made here by hand from the demo's postings and the budget's
 * rows, by the rule budgets/report.ts states (actual balances at 1 January plus the budgeted movements),
 * not by the statement engine.
 */

let t: TestApp;
let token: string;
const { postings } = demoLedger();

const MONTHS = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
const every = (amount: number) => Array.from({ length: 12 }, () => amount);

// Statement sign: income positive, costs negative; assets debit, equity and liabilities credit positive.
// Odd øre on purpose, so that rounding each figure on its own would not foot.
const SALES = 100_000_50;
const PAYROLL = -40_000_00;
const OTHER_COSTS = -10_000_25; // on the line, not an account
const DEPRECIATION = -2_000_00;
const RECEIVABLES = 30_000_25; // 1500 up
const PAYABLES = 5_000_00; // 2400 up
const FIXED_ASSETS = -2_000_00; // 1200 down by the depreciation
const RESULT = SALES + PAYROLL + OTHER_COSTS + DEPRECIATION;
/** What balances the budget: the cash the result, less what it ties up, brings in. */
const BANK = RESULT - RECEIVABLES + PAYABLES - FIXED_ASSETS;

const rows = (bank: boolean) => [
  { target: '1200', months: every(FIXED_ASSETS) },
  { target: '1500', months: every(RECEIVABLES) },
  ...(bank ? [{ target: '1920', months: every(BANK) }] : []),
  { target: '2400', months: every(PAYABLES) },
  { target: '3000', months: every(SALES) },
  { target: '5000', months: every(PAYROLL) },
  { target: '6000', months: every(DEPRECIATION) },
  { target: 'otherOperatingExpenses', months: every(OTHER_COSTS) },
];

beforeAll(async () => ({ t, token } = await signedInApp()));
const get = <T>(path: string, query: string) => getOk<T>({ t, token }, path, `groupId=${t.boardId}`, query);

/** The demo's balance (debit positive) of the accounts `from`…`to` before 2026, from its postings. */
const opening = (from: number, to: number) =>
  postings
    .filter((p) => (p.period ?? p.date.slice(0, 7)) < '2026-01' && p.accountNumber >= from && p.accountNumber <= to)
    .reduce((s, p) => s + p.amount, 0);

/** Every shown figure of a balance sheet adds up as shown: accounts to groups, groups to parts, parts to sides. */
function expectFooted(report: BalanceSheetReport) {
  const model = buildBalanceSheetModel(report);
  for (const { sections, loose, sum } of model.sides) {
    for (const block of sections) {
      for (const group of block.groups) {
        if (group.items.length === 0) continue;
        for (const [i, kr] of group.shown.entries())
          expect(group.items.reduce((s, it) => s + it.shown[i]!, 0)).toBe(kr);
      }
      for (const [i, kr] of block.sum.shown.entries())
        expect(block.groups.reduce((s, g) => s + g.shown[i]!, 0)).toBe(kr);
    }
    for (const [i, kr] of sum.shown.entries())
      expect(sections.reduce((s, b) => s + b.sum.shown[i]!, 0) + loose.reduce((s, g) => s + g.shown[i]!, 0)).toBe(kr);
  }
}

describe('the balance sheet and the cash flow against the budget', () => {
  beforeAll(async () => {
    await replaceBudgetYear(t.deps.db, t.boardId, 2026, rows(true), new Date());
  });

  it('budgets each month end as the actual balance at 1 January plus the budgeted movements, and balances', async () => {
    const bs = await get<BalanceSheetReport>(
      '/api/balance-sheet',
      'startDate=2026-01-01&endDate=2026-12-31&compare=budget',
    );
    const budget = bs.comparison!;
    expect(budget.basis).toBe('budget');
    // Like for like: the month ends of the report, which stops at the last booked month.
    expect(budget.months.map((m) => m.month)).toEqual(MONTHS);
    expect(bs.months.map((m) => m.month)).toEqual(MONTHS);
    expect(budget.warnings).toEqual([]);
    const group = (m: BalanceSheetReport['months'][number], id: string) => m.groups.find((g) => g.group === id)!;
    for (const [i, m] of budget.months.entries()) {
      const n = i + 1;
      expect(m.difference).toBe(0);
      expect(m.totalAssets).toBe(opening(1000, 1999) + n * (FIXED_ASSETS + RECEIVABLES + BANK));
      expect(m.totalLiabilities).toBe(-opening(2100, 2999) + n * PAYABLES);
      // Equity: the demo's, with every earlier result in it or unclosed, and this year's budgeted result so far.
      expect(m.totalEquity).toBe(-opening(2000, 2099) - opening(3000, 8999) + n * RESULT);
      const retained = group(m, 'retainedEarnings').subItems;
      expect(retained.find((s) => s.key === 'resultThisYear')!.amount).toBe(n * RESULT);
      expect(group(m, 'cashAndBank').totalAmountOfGroup).toBe(opening(1900, 1999) + n * BANK);
      const account = (number: number) =>
        m.groups
          .flatMap((g) => g.subItems)
          .filter((s) => s.number === number)
          .reduce((s, i) => s + i.amount, 0);
      expect(account(1500)).toBe(opening(1500, 1500) + n * RECEIVABLES);
      expect(account(2400)).toBe(-opening(2400, 2400) + n * PAYABLES);
    }
    // The same balance at 30 June whatever period it is seen in.
    const q2 = await get<BalanceSheetReport>(
      '/api/balance-sheet',
      'startDate=2026-04-01&endDate=2026-06-30&compare=budget',
    );
    expect(q2.comparison!.months.map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(q2.comparison!.months.at(-1)).toEqual(budget.months[5]);
    expectFooted(budget);
    expectFooted(bs);
  });

  it('budgets the cash flow by the indirect method over the budgeted movements', async () => {
    const cf = await get<CashFlowReport>('/api/cashflow', 'startDate=2026-01-01&endDate=2026-12-31&compare=budget');
    const budget = cf.comparison!;
    expect(budget.basis).toBe('budget');
    expect(budget.cashflows.map((m) => m.month)).toEqual(MONTHS);
    const cash = opening(1900, 1999);
    const line = (groups: CashFlowReport['total']['groups'], key: string) =>
      groups.flatMap((g) => g.subItems).find((s) => s.group === key)?.amount ?? 0;
    for (const [i, m] of budget.cashflows.entries()) {
      expect(m.openingBalance).toBe(cash + i * BANK);
      expect(m.netChange).toBe(BANK);
      expect(m.closingBalance).toBe(cash + (i + 1) * BANK);
      expect(line(m.groups, 'resultBeforeTax')).toBe(RESULT);
      expect(line(m.groups, 'depreciation')).toBe(-DEPRECIATION);
      expect(line(m.groups, 'receivables')).toBe(-RECEIVABLES);
      expect(line(m.groups, 'payables')).toBe(PAYABLES);
      // What was bought less what was written off: the asset fell by the depreciation, so nothing.
      expect(line(m.groups, 'fixedAssets')).toBe(-FIXED_ASSETS + DEPRECIATION);
      expect(line(m.groups, 'unbalancedBudget')).toBe(0);
      const section = (id: string) => m.groups.find((g) => g.group === id)!.totalAmountOfGroup;
      expect(section('operating')).toBe(RESULT - DEPRECIATION - RECEIVABLES + PAYABLES);
      expect(section('operating') + section('investing') + section('financing')).toBe(BANK);
    }
    expect(budget.total.openingBalance).toBe(cash);
    expect(budget.total.netChange).toBe(10 * BANK);
    expect(line(budget.total.groups, 'resultBeforeTax')).toBe(10 * RESULT);
    // Every shown figure foots: lines to sections, sections to the net change, opening + change = closing.
    const model = buildCashFlowModel(budget);
    const [netChange, open, close] = model.balances;
    expect(netChange!.shownTotal).toBe(close!.shownTotal - open!.shownTotal);
    expect(model.groups.reduce((s, g) => s + g.shownTotal, 0)).toBe(netChange!.shownTotal);
    for (const g of model.groups) expect(g.lines.reduce((s, l) => s + l.shownTotal, 0)).toBe(g.shownTotal);
    model.months.forEach((_, i) => {
      expect(model.groups.reduce((s, g) => s + g.shown[i]!, 0)).toBe(netChange!.shown[i]);
      for (const g of model.groups) expect(g.lines.reduce((s, l) => s + l.shown[i]!, 0)).toBe(g.shown[i]);
    });
  });

  it('says so when the budget’s movements do not net to zero, and by how much', async () => {
    await replaceBudgetYear(t.deps.db, t.boardId, 2026, rows(false), new Date());
    const bs = await get<BalanceSheetReport>(
      '/api/balance-sheet',
      'startDate=2026-01-01&endDate=2026-12-31&compare=budget',
    );
    const budget = bs.comparison!;
    // Without the bank's row the result has no other side: assets fall short by the bank's movements.
    for (const [i, m] of budget.months.entries()) expect(m.difference).toBe(-(i + 1) * BANK);
    expect(budget.warnings).toHaveLength(1);
    expect(budget.warnings[0]).toMatch(/^The budget does not balance: .* \(from 2026-01-31\)\./);
    expect(bs.warnings).toEqual([]);
    const cf = await get<CashFlowReport>('/api/cashflow', 'startDate=2026-01-01&endDate=2026-12-31&compare=budget');
    const unbalanced = cf.comparison!.cashflows[0]!.groups[0]!.subItems.find((s) => s.group === 'unbalancedBudget')!;
    expect(unbalanced).toMatchObject({ no: 'Budsjettet går ikke i balanse', en: 'Budget does not balance' });
    // Cash did not move in this budget, so the line takes what the other lines say it should have.
    expect(unbalanced.amount).toBe(-BANK);
    expect(cf.comparison!.cashflows[0]!.netChange).toBe(0);
  });
});
