import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import { importWarningText } from '@saldo/contract/sources/import-warnings';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { CASH_FLOW, minus, profitLossSubtotals, type Ranges, RESULTS, within } from '../../test/by-hand.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { appWithLedgerBoard, getOk } from '../../test/ledger-boards.ts';

const FILE = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');

/** The file's own figures, read with plain regular expressions (not through the importer). */
function fileFigures() {
  const xml = readFileSync(FILE, 'utf8').replace(/<(\/?)n1:/g, '<$1');
  const ore = (s: string | undefined) => (s ? Math.round(Number(s) * 100) : 0);
  const tag = (block: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1];
  const accounts = new Map<number, { opening: number; closing: number }>();
  const ledger = /<GeneralLedgerAccounts>([\s\S]*?)<\/GeneralLedgerAccounts>/.exec(xml)![1]!;
  for (const [, block] of ledger.matchAll(/<Account>([\s\S]*?)<\/Account>/g)) {
    accounts.set(Number(tag(block!, 'AccountID')), {
      opening: ore(tag(block!, 'OpeningDebitBalance')) - ore(tag(block!, 'OpeningCreditBalance')),
      closing: ore(tag(block!, 'ClosingDebitBalance')) - ore(tag(block!, 'ClosingCreditBalance')),
    });
  }
  const monthly = new Map<string, number>(); // `${account}|${month}` → debit-positive movement
  for (const [, tx] of xml.matchAll(/<Transaction>([\s\S]*?)<\/Transaction>/g)) {
    const month = tag(tx!, 'TransactionDate')!.slice(0, 7);
    for (const [, line] of tx!.matchAll(/<Line>([\s\S]*?)<\/Line>/g)) {
      const debit = /<DebitAmount>[\s\S]*?<Amount>([^<]*)<\/Amount>/.exec(line!)?.[1];
      const credit = /<CreditAmount>[\s\S]*?<Amount>([^<]*)<\/Amount>/.exec(line!)?.[1];
      const key = `${Number(tag(line!, 'AccountID'))}|${month}`;
      monthly.set(key, (monthly.get(key) ?? 0) + ore(debit) - ore(credit));
    }
  }
  return { accounts, monthly };
}

let t: TestApp;
let token: string;
let boardId: string;
let importWarnings: string[] = [];
const { accounts, monthly } = fileFigures();
const range = 'startDate=2017-01-01&endDate=2017-04-30';

beforeAll(async () => {
  const names = { source: 'Eksempel 888888888', board: 'Eksempel' };
  const app = await appWithLedgerBoard(saftConnector({ path: FILE }), names);
  ({ t, token, boardId } = app);
  importWarnings = app.ingested.warnings.map((w) => importWarningText(w, 'en'));
});

const get = <T>(path: string, more = '') => getOk<T>({ t, token }, path, `groupId=${boardId}&${range}${more}`);

describe('reports on the SAF-T example file 888888888', () => {
  it("gives each P&L account's movement per month as the file's lines, and in total the file's closing balance", async () => {
    const report = await get<ProfitLossReport>('/api/profit-loss');
    const plAccounts = [...accounts.keys()].filter((n) => n >= 3000);
    expect(plAccounts).toEqual([3000, 4000, 5000, 5092, 6200, 6300, 6400, 7195, 7320]);
    for (const number of plAccounts) {
      const { opening, closing } = accounts.get(number)!;
      const total = report.total.groups.flatMap((g) => g.subItems).find((i) => i.number === number)?.amount ?? 0;
      expect(total, `account ${number}`).toBe(opening - closing || 0);
      for (const month of report.months) {
        const shown = month.groups.flatMap((g) => g.subItems).find((i) => i.number === number)?.amount ?? 0;
        expect(shown, `account ${number} in ${month.month}`).toBe(0 - (monthly.get(`${number}|${month.month}`) ?? 0));
      }
    }
    // Sales 2 316 338.00, costs 2 001 501.00: the file's result for the period.
    expect(report.total.groups.find((g) => g.group === 'salesRevenue')!.totalAmountOfGroup).toBe(231_633_800);
    expect(report.total.result).toBe(231_633_800 - 200_150_100);
  });

  it("ends the period at opening + transactions for every account, and reports where the file's own closing balances disagree", async () => {
    const report = await get<BalanceSheetReport>('/api/balance-sheet');
    const april = report.months.at(-1)!;
    expect(april.date).toBe('2017-04-30');
    const contradicted: number[] = [];
    for (const [number, { opening, closing }] of accounts) {
      if (number >= 3000) continue;
      let moved = 0;
      for (const [key, amount] of monthly) if (key.startsWith(`${number}|`)) moved += amount;
      const item = april.groups.flatMap((g) => g.subItems).find((i) => i.number === number);
      const sign = number < 2000 ? 1 : -1;
      expect(item?.amount ?? 0, `account ${number}`).toBe(sign * (opening + moved) || 0);
      if (opening + moved !== closing) contradicted.push(number);
    }
    // The example file states closing balances that its own transactions do not add up to.
    expect(contradicted).toEqual([1920, 2711, 2740]);
    expect(importWarnings).toContain(
      "Account 1920: the file's closing balance is NOK 670,568.75, but its opening balance and postings give NOK 724,407.00 (difference NOK 53,838.25).",
    );
    // The file's opening balances: debit 3 245 410.00, credit 700 000.00.
    for (const month of report.months) expect(month.difference).toBe(254_541_000);
    expect(report.warnings.join()).toMatch(/does not balance.*NOK 2,545,410\.00/);
  });

  it('reconciles cash (19xx) month by month and shows the source’s imbalance as its own line', async () => {
    const report = await get<CashFlowReport>('/api/cashflow');
    let cash = 0;
    for (const n of [1900, 1920]) cash += accounts.get(n)!.opening;
    for (const [key, amount] of monthly) if (key.startsWith('1900|') || key.startsWith('1920|')) cash += amount;
    expect(report.total.closingBalance).toBe(cash);
    for (const m of report.cashflows) expect(m.openingBalance + m.netChange).toBe(m.closingBalance);
    // The opening balances count at the close of December 2016: January opens with their cash, and
    // is no movement of January (the file's unbalanced openings stay on the balance sheet's difference line).
    expect(report.cashflows[0]!.openingBalance).toBe(accounts.get(1900)!.opening + accounts.get(1920)!.opening);
    expect(report.cashflows[0]!.openingBalance).not.toBe(0);
    for (const m of report.cashflows)
      expect(m.groups.flatMap((g) => g.subItems).find((l) => l.group === 'unbalancedSource')).toBeUndefined();
  });
});

describe('the month of opening balances on the SAF-T example file 888888888', () => {
  it('is no booked month: the board starts in January 2017, and the quarter before it has nothing to compare', async () => {
    // The openings count at the close of December 2016, which holds nothing else.
    const periods = await t.request(`/api/group-account/${boardId}/periods`, { token });
    expect(periods.status).toBe(200);
    expect(await periods.json()).toMatchObject({ firstBookedMonth: '2017-01', lastBookedMonth: '2017-04' });
    const res = await t.request(
      `/api/profit-loss?groupId=${boardId}&startDate=2017-01-01&endDate=2017-03-31&compare=previous`,
      { token },
    );
    const report = (await res.json()) as ProfitLossReport;
    expect(report.comparison).toMatchObject({ startDate: '2016-10-01', endDate: '2016-12-31', bookedMonths: 0 });
  });
});

describe("last year's end (compare=yearEnd) of a file that starts in January", () => {
  it("is the file's opening balances at 31 December 2016, and its P&L has nothing to compare with", async () => {
    const bs = await get<BalanceSheetReport>('/api/balance-sheet', '&compare=yearEnd');
    // 2016 has no booked month, but its last day holds the file's opening balances: a balance, not '–'.
    expect(bs.comparison).toMatchObject({
      startDate: '2016-01-01',
      endDate: '2016-12-31',
      bookedMonths: 0,
      openingMonths: ['2016-12'],
    });
    const end = bs.comparison!.months.at(-1)!;
    expect(end.date).toBe('2016-12-31');
    for (const [number, { opening }] of accounts) {
      if (number >= 3000) continue;
      const item = end.groups.flatMap((g) => g.subItems).find((i) => i.number === number);
      expect(item?.amount ?? 0, `account ${number}`).toBe((number < 2000 ? 1 : -1) * opening || 0);
    }
    const pl = await get<ProfitLossReport>('/api/profit-loss', '&compare=yearEnd');
    expect(pl.comparison).toMatchObject({ startDate: '2016-01-01', endDate: '2016-12-31', bookedMonths: 0 });
  });
});

describe('the statement layout (regnskapsloven §§ 6-1 and 6-2) on the SAF-T example file 888888888, by hand', () => {
  // Every subtotal against the file's own figures read above (openings count before January, so none
  // is a movement of the period), summed over account ranges written out here.
  const months = ['2017-01', '2017-02', '2017-03', '2017-04'];
  const numbers = [...new Set([...accounts.keys(), ...[...monthly.keys()].map((k) => Number(k.split('|')[0]))])];
  const movement = (n: number, month: string) => monthly.get(`${n}|${month}`) ?? 0;
  /** Σ movements (debit positive) of `ranges` in the months from..to. */
  const sum = (ranges: Ranges, from: string, to: string) =>
    numbers
      .filter((n) => within(n, ranges))
      .reduce((s, n) => s + months.filter((m) => m >= from && m <= to).reduce((t, m) => t + movement(n, m), 0), 0);

  it('P&L: every subtotal, month by month and for the period', async () => {
    const report = await get<ProfitLossReport>('/api/profit-loss');
    const byHand = (from: string, to: string) => ({
      ...profitLossSubtotals((ranges) => sum(ranges, from, to)),
      result: minus(sum(RESULTS.slice(0, 2), from, to)),
    });
    for (const m of report.months) expect(m, m.month).toMatchObject(byHand(m.month, m.month));
    // Sales 2 316 338.00, cost of goods and the other costs 2 001 501.00: the file's result for the period.
    expect(report.total).toMatchObject({ ...byHand('2017-01', '2017-04'), operatingIncome: 231_633_800 });
    expect(report.total.operatingResult).toBe(231_633_800 - 200_150_100);
  });

  it('balance sheet: every part and side at each month end, the difference of the unbalanced openings kept', async () => {
    const report = await get<BalanceSheetReport>('/api/balance-sheet');
    for (const m of report.months) {
      // A balance: the opening balances (before January) and the movements to the month's end.
      const opening = (ranges: Ranges) =>
        [...accounts].filter(([n]) => within(n, ranges)).reduce((s, [, a]) => s + a.opening, 0);
      const debit = (ranges: Ranges) => opening(ranges) + sum(ranges, '2017-01', m.month);
      const credit = (ranges: Ranges) => minus(debit(ranges));
      const totalAssets = debit([
        [1000, 1999],
        [0, 999],
        [8200, 8299],
        [8400, 8799],
        [9000, 99_999],
      ]);
      const totalEquityAndLiabilities = credit([[2000, 2999], ...RESULTS]);
      expect(m, m.date).toMatchObject({
        totalFixedAssets: debit([[1000, 1399]]),
        totalCurrentAssets: debit([[1400, 1999]]),
        totalAssets,
        totalEquity: credit([[2000, 2099], ...RESULTS]),
        totalLiabilities: credit([[2100, 2999]]),
        totalEquityAndLiabilities,
        difference: totalAssets - totalEquityAndLiabilities,
      });
      const group = (id: string) => m.groups.find((g) => g.group === id)?.totalAmountOfGroup;
      expect(group('paidInEquity')).toBe(credit([[2000, 2049]]));
      expect(group('retainedEarnings')).toBe(credit([[2050, 2099], ...RESULTS]));
      expect(group('cashAndBank')).toBe(debit([[1900, 1999]]));
    }
    expect(report.months.at(-1)!.totalCurrentAssets).toBeGreaterThan(0);
  });

  it('cash flow: each line and the investing and financing sections by hand; operating with the source’s imbalance', async () => {
    const report = await get<CashFlowReport>('/api/cashflow');
    const periods = [
      ...report.cashflows.map((c) => ({ c, from: c.month, to: c.month })),
      { c: report.total, from: '2017-01', to: '2017-04' },
    ];
    for (const { c, from, to } of periods) {
      const section = (id: string) => c.groups.find((g) => g.group === id)!;
      const line = (key: string) => c.groups.flatMap((g) => g.subItems).find((i) => i.group === key)?.amount ?? 0;
      expect(line('resultBeforeTax'), from).toBe(minus(sum([[3000, 8199]], from, to)));
      expect(line('receivables'), from).toBe(minus(sum([[1500, 1799]], from, to)));
      expect(line('payables'), from).toBe(minus(sum([[2400, 2499]], from, to)));
      expect(section('investing').totalAmountOfGroup, from).toBe(minus(sum(CASH_FLOW.investing, from, to)));
      expect(section('financing').totalAmountOfGroup, from).toBe(minus(sum(CASH_FLOW.financing, from, to)));
      // Operating holds what the file's unbalanced openings leave unexplained, on a line of its own.
      const operating = minus(sum(CASH_FLOW.operating, from, to));
      expect(section('operating').totalAmountOfGroup, from).toBe(operating + line('unbalancedSource'));
      expect(c.netChange).toBe(sum([[1900, 1999]], from, to));
      expect(c.groups.reduce((s, g) => s + g.totalAmountOfGroup, 0)).toBe(c.netChange);
    }
  });
});
