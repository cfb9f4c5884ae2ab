import { buildBalanceSheetModel } from '@saldo/contract/statements/index';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../http/period.ts';
import { buildBalanceSheet } from './balance-sheet.ts';

describe('balance sheet model', () => {
  it('lists a group’s accounts in the chart’s order whatever month they first appear in, foots, and dates its columns', () => {
    const period = parsePeriod('2026-01-01', '2026-02-28');
    const report = buildBalanceSheet(
      {
        before: [],
        fromMonth: '2026-01',
        movements: [
          { month: '2026-01', accountNumber: 2940, amount: -1_000_50 },
          { month: '2026-01', accountNumber: 1920, amount: 3_001_00 },
          { month: '2026-02', accountNumber: 2400, amount: -2_000_50 },
          { month: '2026-02', accountNumber: 1920, amount: 2_000_50 },
          { month: '2026-01', accountNumber: 3000, amount: -2_000_50 },
        ],
      },
      new Map(),
      period,
    );
    const model = buildBalanceSheetModel(report);
    expect(model.dates).toEqual(['2026-01-31', '2026-02-28']);
    const liabilities = model.sides[1]!.sections.find((b) => b.section === 'liabilities')!;
    const debt = liabilities.groups.find((g) => g.group === 'shortTermDebt')!;
    expect(debt.items.map((i) => i.number)).toEqual([2400, 2940]);
    // 1 000.50 + 2 000.50 kr of debt in February: 3 001 shown, the parts 1 000 + 2 001 (or 1 001 + 2 000), never 1 001 + 2 001.
    expect(debt.items.reduce((s, i) => s + i.shownTotal, 0)).toBe(debt.shownTotal);
    expect(debt.shownTotal).toBe(3_001);
    expect(model.difference).toBeNull();
    // Each part foots to its sum, and the parts to the side's sum, as shown.
    for (const { sections, loose, sum } of model.sides) {
      for (const b of sections) expect(b.groups.reduce((s, g) => s + g.shownTotal, 0)).toBe(b.sum.shownTotal);
      expect(sections.reduce((s, b) => s + b.sum.shownTotal, 0) + loose.reduce((s, g) => s + g.shownTotal, 0)).toBe(
        sum.shownTotal,
      );
    }
    // January: 1 000.50 kr of debt and 2 000.50 kr of this year's result make 3 001. The result so far
    // shows as the P&L shows the year's result, its own rounding (2 001), so the debt shows 1 000.
    const equity = model.sides[1]!.sections.find((b) => b.section === 'equity')!;
    expect(equity.sum.shown[0]).toBe(2_001);
    expect(liabilities.sum.shown).toEqual([1_000, 3_001]);
  });
});
