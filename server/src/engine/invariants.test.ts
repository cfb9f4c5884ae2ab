import type { BalanceSheetMonth, ProfitLossPeriod } from '@saldo/contract';
import {
  type AccountRanges,
  BALANCE_SHEET_RANGES,
  BALANCE_SHEET_TOTALS,
  CASH_FLOW_LINES,
  cashFlowSectionSum,
  combineSums,
  inRanges,
  PROFIT_LOSS_RANGES,
  PROFIT_LOSS_SUBTOTALS,
  RESULT_RANGES,
  UNCLASSIFIED_RANGES,
} from '@saldo/contract/statements/chart';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../http/period.ts';
import { buildBalanceSheet, type LedgerHistory } from './balance-sheet.ts';
import { buildCashFlow } from './cash-flow.ts';
import { balanceSheetLineOf, isInChart, isResultAccount, profitLossLineOf } from './lines.ts';
import { buildProfitLoss, type MonthlyMovement } from './profit-loss.ts';

// Accounts from every class the statements use (P&L only up to tax, so the annual result is the P&L's),
// and numbers no line takes (below 1000, the gap 8200–8299, 9000 and up): the Unclassified line.
const ACCOUNTS = [
  1070, 1200, 1230, 1320, 1460, 1500, 1570, 1800, 1920, 1950, 2000, 2050, 2150, 2220, 2380, 2400, 2500, 2600, 2740,
  2940, 3000, 3100, 3600, 4300, 5000, 5400, 6010, 6300, 7700, 8040, 8150, 8300, 500, 8250, 9996,
];
const MONTHS = parsePeriod('2023-01-01', '2025-12-31').months;

/** A voucher: 2–4 lines on distinct accounts in one month, summing to zero øre. */
const voucher = fc
  .record({
    month: fc.constantFrom(...MONTHS),
    accounts: fc.uniqueArray(fc.constantFrom(...ACCOUNTS), { minLength: 2, maxLength: 4 }),
    amounts: fc.array(fc.integer({ min: -5_000_000_00, max: 5_000_000_00 }), { minLength: 3, maxLength: 3 }),
  })
  .map(({ month, accounts, amounts }) => {
    const lines = accounts.slice(0, -1).map((accountNumber, i) => ({ month, accountNumber, amount: amounts[i] ?? 1 }));
    lines.push({ month, accountNumber: accounts.at(-1)!, amount: -lines.reduce((s, l) => s + l.amount, 0) });
    return lines;
  });
const ledger = fc.array(voucher, { minLength: 1, maxLength: 60 }).map((vs) => vs.flat());

/** What the query layer hands the engine: sums before January of the first year, then months. */
function historyFor(movements: MonthlyMovement[], startDate: string): LedgerHistory {
  const fromMonth = `${startDate.slice(0, 4)}-01`;
  const before = new Map<number, number>();
  for (const m of movements)
    if (m.month < fromMonth) before.set(m.accountNumber, (before.get(m.accountNumber) ?? 0) + m.amount);
  return {
    before: [...before].map(([accountNumber, amount]) => ({ accountNumber, amount })),
    fromMonth,
    movements: movements.filter((m) => m.month >= fromMonth),
  };
}

/** This year's result so far: a line of retained earnings (opptjent egenkapital). */
const resultThisYear = (month: BalanceSheetMonth) =>
  month.groups.find((g) => g.group === 'retainedEarnings')!.subItems.find((i) => i.key === 'resultThisYear')!.amount;

/** Σ of the movements of `ranges` in the months `from`..`to` (yyyy-mm), debit positive: read apart from the engine. */
const moved = (movements: readonly MonthlyMovement[], ranges: AccountRanges, from: string, to: string) =>
  movements
    .filter((m) => m.month >= from && m.month <= to && inRanges(m.accountNumber, ranges))
    .reduce((s, m) => s + m.amount, 0);

const ranges = fc.constantFrom(
  ['2024-01-01', '2024-12-31'],
  ['2024-04-01', '2025-09-30'],
  ['2025-01-01', '2025-12-31'],
  ['2023-01-01', '2025-12-31'],
);

describe('report engine invariants on generated ledgers', () => {
  it('assets = equity + liabilities at every month end', () => {
    fc.assert(
      fc.property(ledger, ranges, (movements, [start, end]) => {
        const report = buildBalanceSheet(historyFor(movements, start!), new Map(), parsePeriod(start!, end!));
        for (const m of report.months) expect(m.totalAssets).toBe(m.totalEquityAndLiabilities);
        expect(report.warnings).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("the P&L's annual result is the result added to equity by the year end", () => {
    fc.assert(
      fc.property(ledger, fc.constantFrom('2023', '2024', '2025'), (movements, year) => {
        const range = parsePeriod(`${year}-01-01`, `${year}-12-31`);
        const pl = buildProfitLoss(movements, new Map(), range);
        const bs = buildBalanceSheet(historyFor(movements, range.startDate), new Map(), range);
        const december = bs.months.at(-1)!;
        expect(resultThisYear(december)).toBe(pl.total.result);
        // And month by month, the year's result so far is the sum of the P&L months.
        let sofar = 0;
        for (const [i, month] of pl.months.entries()) {
          sofar += month.result;
          expect(resultThisYear(bs.months[i]!)).toBe(sofar);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('opening cash + net change = closing cash (19xx), explained entirely by the lines', () => {
    fc.assert(
      fc.property(ledger, ranges, (movements, [start, end]) => {
        const range = parsePeriod(start!, end!);
        const report = buildCashFlow(historyFor(movements, start!), range);
        let cash = 0;
        for (const m of movements)
          if (m.accountNumber >= 1900 && m.accountNumber <= 1999 && m.month < range.months[0]!) cash += m.amount;
        for (const month of report.cashflows) {
          expect(month.openingBalance).toBe(cash);
          const moved = movements
            .filter((m) => m.month === month.month && m.accountNumber >= 1900 && m.accountNumber <= 1999)
            .reduce((s, m) => s + m.amount, 0);
          cash += moved;
          expect(month.closingBalance).toBe(cash);
          expect(month.openingBalance + month.netChange).toBe(month.closingBalance);
          expect(month.groups.reduce((s, g) => s + g.totalAmountOfGroup, 0)).toBe(month.netChange);
          expect(month.groups.flatMap((g) => g.subItems).some((i) => i.group === 'unbalancedSource')).toBe(false);
        }
        expect(report.total.openingBalance + report.total.netChange).toBe(report.total.closingBalance);
      }),
      { numRuns: 300 },
    );
  });

  it('consolidating A and B equals A + B minus the deducted accounts', () => {
    fc.assert(
      fc.property(ledger, ledger, fc.uniqueArray(fc.constantFrom(...ACCOUNTS), { maxLength: 4 }), (a, b, deducted) => {
        const range = parsePeriod('2024-01-01', '2025-12-31');
        const keep = (m: MonthlyMovement) => !deducted.includes(m.accountNumber);
        const consolidated = buildProfitLoss([...a, ...b].filter(keep), new Map(), range);
        const pa = buildProfitLoss(a, new Map(), range);
        const pb = buildProfitLoss(b, new Map(), range);
        const pd = buildProfitLoss(
          [...a, ...b].filter((m) => !keep(m)),
          new Map(),
          range,
        );
        expect(consolidated.total.result).toBe(pa.total.result + pb.total.result - pd.total.result);
        for (const [i, g] of consolidated.total.groups.entries()) {
          expect(g.totalAmountOfGroup).toBe(
            pa.total.groups[i]!.totalAmountOfGroup +
              pb.total.groups[i]!.totalAmountOfGroup -
              pd.total.groups[i]!.totalAmountOfGroup,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every P&L line and subtotal is the sum of its accounts in the chart module, month by month', () => {
    fc.assert(
      fc.property(ledger, ranges, (movements, [start, end]) => {
        const range = parsePeriod(start!, end!);
        const pl = buildProfitLoss(movements, new Map(), range);
        const first = range.months[0]!;
        const last = range.months.at(-1)!;
        const periods = [
          ...pl.months.map((m) => ({ period: m as ProfitLossPeriod, from: m.month, to: m.month })),
          { period: pl.total, from: first, to: last },
        ];
        for (const { period, from, to } of periods) {
          for (const g of period.groups) {
            const span = PROFIT_LOSS_RANGES[g.group];
            expect(g.totalAmountOfGroup, g.group).toBe(-moved(movements, [span], from, to) || 0);
          }
          for (const key of Object.keys(PROFIT_LOSS_SUBTOTALS) as (keyof typeof PROFIT_LOSS_SUBTOTALS)[])
            expect(period[key], key).toBe(-moved(movements, PROFIT_LOSS_SUBTOTALS[key], from, to) || 0);
          // The tree the shown figures foot in, and the gross profit beside it.
          const line = (id: string) => period.groups.find((g) => g.group === id)!.totalAmountOfGroup;
          expect(period.operatingResult).toBe(period.operatingIncome + period.operatingExpenses);
          expect(period.resultBeforeTax).toBe(period.operatingResult + period.netFinancialItems);
          expect(period.result).toBe(period.resultBeforeTax + line('tax'));
          expect(period.grossProfit).toBe(period.operatingIncome + line('costOfGoods'));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every balance sheet line, part and side is the balance of its accounts in the chart module', () => {
    fc.assert(
      fc.property(ledger, ranges, (movements, [start, end]) => {
        const range = parsePeriod(start!, end!);
        const bs = buildBalanceSheet(historyFor(movements, start!), new Map(), range);
        for (const m of bs.months) {
          // Balances: everything up to the month end, assets debit positive, the other side credit positive.
          const balance = (r: AccountRanges, sign: 1 | -1) => sign * moved(movements, r, '0000-00', m.month) || 0;
          for (const g of m.groups) {
            const sign = g.side === 'assets' ? 1 : -1;
            expect(g.totalAmountOfGroup, `${g.group} ${m.month}`).toBe(balance(BALANCE_SHEET_RANGES[g.group], sign));
          }
          for (const key of Object.keys(BALANCE_SHEET_TOTALS) as (keyof typeof BALANCE_SHEET_TOTALS)[]) {
            const sign = key.endsWith('Assets') ? 1 : -1;
            expect(m[key], `${key} ${m.month}`).toBe(balance(BALANCE_SHEET_TOTALS[key], sign));
          }
          const sumOf = (section: string) =>
            m.groups.filter((g) => g.section === section).reduce((s, g) => s + g.totalAmountOfGroup, 0);
          const unclassified = m.groups.find((g) => g.group === 'unclassified')?.totalAmountOfGroup ?? 0;
          expect(m.totalFixedAssets).toBe(sumOf('fixedAssets'));
          expect(m.totalCurrentAssets).toBe(sumOf('currentAssets'));
          expect(m.totalAssets).toBe(m.totalFixedAssets + m.totalCurrentAssets + unclassified);
          expect(m.totalEquity).toBe(sumOf('equity'));
          expect(m.totalLiabilities).toBe(sumOf('liabilities'));
          expect(m.totalEquityAndLiabilities).toBe(m.totalEquity + m.totalLiabilities);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every cash flow line and section is its accounts’ cash effect, and every non-cash account counts once', () => {
    // Every account outside 19xx, once, with its sign turned: all the lines together.
    expect(combineSums(CASH_FLOW_LINES)).toEqual({
      ranges: [
        [0, 1899],
        [2000, 99_999],
      ],
      sign: -1,
    });
    fc.assert(
      fc.property(ledger, ranges, (movements, [start, end]) => {
        const range = parsePeriod(start!, end!);
        const cf = buildCashFlow(historyFor(movements, start!), range);
        const periods = [
          ...cf.cashflows.map((c) => ({ period: c, from: c.month, to: c.month })),
          { period: cf.total, from: range.months[0]!, to: range.months.at(-1)! },
        ];
        for (const { period, from, to } of periods) {
          for (const g of period.groups) {
            for (const item of g.subItems) {
              const line = CASH_FLOW_LINES.find((l) => l.key === item.group)!;
              expect(line.section).toBe(g.group);
              expect(item.amount, item.group).toBe(line.sign * moved(movements, line.ranges, from, to) || 0);
            }
            const sum = cashFlowSectionSum(g.group)!;
            expect(g.totalAmountOfGroup, g.group).toBe(sum.sign * moved(movements, sum.ranges, from, to) || 0);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the engine’s lines and the chart module place every account alike', () => {
    for (let a = 0; a <= 10_000; a++) {
      expect(isResultAccount(a), String(a)).toBe(inRanges(a, RESULT_RANGES));
      expect(!isInChart(a), String(a)).toBe(inRanges(a, UNCLASSIFIED_RANGES));
      const pl = profitLossLineOf(a);
      if (pl) expect(inRanges(a, [PROFIT_LOSS_RANGES[pl.id]])).toBe(true);
      const bs = balanceSheetLineOf(a);
      if (bs) expect(inRanges(a, BALANCE_SHEET_RANGES[bs.id])).toBe(true);
    }
  });

  it('keeps the balance when the year is closed to equity through 8800', () => {
    const movements: MonthlyMovement[] = [
      { month: '2024-03', accountNumber: 1920, amount: 100_000 },
      { month: '2024-03', accountNumber: 3000, amount: -100_000 },
      // Year end 2024: the result is moved to other equity.
      { month: '2024-12', accountNumber: 8800, amount: 100_000 },
      { month: '2024-12', accountNumber: 2050, amount: -100_000 },
    ];
    const range = parsePeriod('2025-01-01', '2025-01-31');
    const [jan] = buildBalanceSheet(historyFor(movements, range.startDate), new Map(), range).months;
    expect(jan!.difference).toBe(0);
    const retained = jan!.groups.find((g) => g.group === 'retainedEarnings')!;
    expect(retained.totalAmountOfGroup).toBe(100_000);
    expect(jan!.totalEquity).toBe(100_000);
    // Closed: no earlier years' result left, and nothing yet this year.
    expect(retained.subItems.map((i) => i.key ?? i.accountId)).toEqual(['2050', 'resultThisYear']);
    expect(resultThisYear(jan!)).toBe(0);
  });

  it('reports a ledger that does not balance instead of hiding it', () => {
    const movements: MonthlyMovement[] = [{ month: '2024-01', accountNumber: 1920, amount: 250_000 }];
    const range = parsePeriod('2024-01-01', '2024-01-31');
    const bs = buildBalanceSheet(historyFor(movements, range.startDate), new Map(), range);
    expect(bs.months[0]!.difference).toBe(250_000);
    expect(bs.warnings[0]).toMatch(/does not balance.*NOK 2,500\.00/);
    const cf = buildCashFlow(historyFor(movements, range.startDate), range);
    const unbalanced = cf.cashflows[0]!.groups[0]!.subItems.find((i) => i.group === 'unbalancedSource');
    expect(unbalanced?.amount).toBe(250_000);
  });
});
