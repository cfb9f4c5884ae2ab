import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../http/period.ts';
import { buildBalanceSheet, type LedgerHistory } from './balance-sheet.ts';
import { buildCashFlow } from './cash-flow.ts';
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
        expect(december.groups.find((g) => g.group === 'resultThisYear')!.totalAmountOfGroup).toBe(pl.total.result);
        // And month by month, the year's result so far is the sum of the P&L months.
        let sofar = 0;
        for (const [i, month] of pl.months.entries()) {
          sofar += month.result;
          expect(bs.months[i]!.groups.find((g) => g.group === 'resultThisYear')!.totalAmountOfGroup).toBe(sofar);
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
    expect(jan!.groups.find((g) => g.group === 'equity')!.totalAmountOfGroup).toBe(100_000);
    expect(jan!.groups.find((g) => g.group === 'equity')!.subItems.some((i) => i.number === 0)).toBe(false);
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
