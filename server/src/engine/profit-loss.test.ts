import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../http/period.ts';
import { buildProfitLoss } from './profit-loss.ts';

const titles = new Map([
  [3000, { no: 'Salgsinntekt', en: 'Sales' }],
  [4300, { no: 'Varekjøp', en: 'Goods' }],
  [8150, { no: 'Rentekostnad', en: 'Interest' }],
]);

describe('buildProfitLoss', () => {
  const report = buildProfitLoss(
    [
      { accountNumber: 3000, month: '2025-01', amount: -100_000 },
      { accountNumber: 4300, month: '2025-01', amount: 40_000 },
      { accountNumber: 8150, month: '2025-02', amount: 5_000 },
      { accountNumber: 8300, month: '2025-02', amount: 11_000 },
      { accountNumber: 1920, month: '2025-01', amount: 60_000 },
      { accountNumber: 3000, month: '2024-12', amount: -999_999 },
    ],
    titles,
    parsePeriod('2025-01-01', '2025-02-28'),
  );

  it('turns the ledger sign round: income positive, costs negative', () => {
    const jan = report.months[0]!;
    expect(jan.groups.find((g) => g.group === 'salesRevenue')!.subItems).toEqual([
      { number: 3000, accountId: '3000', title: titles.get(3000), amount: 100_000 },
    ]);
    expect(jan.groups.find((g) => g.group === 'costOfGoods')!.totalAmountOfGroup).toBe(-40_000);
    expect(jan.operatingResult).toBe(60_000);
  });

  it('computes result lines and totals, ignoring balance-sheet accounts and months outside the period', () => {
    expect(report.months[1]).toMatchObject({ operatingResult: 0, resultBeforeTax: -5_000, result: -16_000 });
    expect(report.total).toMatchObject({
      operatingIncome: 100_000,
      operatingExpenses: -40_000,
      grossProfit: 60_000,
      operatingResult: 60_000,
      netFinancialItems: -5_000,
      resultBeforeTax: 55_000,
      result: 44_000,
    });
    expect(report.total.groups.find((g) => g.group === 'tax')!.subItems[0]!.title).toEqual({ no: '8300', en: '8300' });
  });
});

describe('parsePeriod', () => {
  it('lists the months a period touches', () => {
    expect(parsePeriod('2024-11-15', '2025-02-01').months).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });
  it('refuses impossible dates and reversed ranges', () => {
    expect(() => parsePeriod('2025-02-29', '2025-03-01')).toThrow();
    expect(() => parsePeriod('2025-03-01', '2025-02-01')).toThrow();
  });
});
