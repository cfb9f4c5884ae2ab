import { figures } from '@saldo/contract/kpis/kpis';
import { expect, it } from 'vitest';
import { balanceSheetLines, isResultAccount, profitLossLines } from '../../engine/lines.ts';
import { daysIn, shiftMonth } from './figures.ts';

it("has the accounts and titles of the statements' lines (engine/lines.ts) for each line of the same id", () => {
  for (const line of [...profitLossLines, ...balanceSheetLines]) {
    const figure = figures[line.id as keyof typeof figures];
    expect(figure, line.id).toBeDefined();
    const terms = figure.terms.map((t) => [t.from, t.to]);
    // Retained earnings carries the result not yet closed (the result accounts), as the balance sheet's line does.
    if (line.id === 'retainedEarnings') {
      expect(terms).toEqual([
        [2050, 2099],
        [3000, 8199],
        [8300, 8399],
        [8800, 8999],
      ]);
      expect(figure.title, line.id).toEqual(line.title);
      continue;
    }
    expect(terms, line.id).toEqual([[line.from, line.to]]);
    expect(figure.title, line.id).toEqual(line.title);
  }
});

it("counts in equity exactly the engine's result accounts, beside 2000–2099, as paid-in and retained earnings do", () => {
  const [own, ...result] = figures.equity.terms;
  expect([own!.from, own!.to]).toEqual([2000, 2099]);
  for (let n = 1000; n <= 9999; n++)
    expect(
      result.some((t) => n >= t.from && n <= t.to),
      String(n),
    ).toBe(isResultAccount(n));
  // Sum egenkapital is the balance sheet's two equity lines together: 2000–2049, then 2050–2099 and the result.
  const [paidIn] = figures.paidInEquity.terms;
  const [retained, ...retainedResult] = figures.retainedEarnings.terms;
  expect([paidIn!.from, paidIn!.to + 1, retained!.to]).toEqual([own!.from, retained!.from, own!.to]);
  expect(retainedResult).toEqual(result);
});

it('counts months and days across years', () => {
  expect(shiftMonth('2026-01', -12)).toBe('2025-01');
  expect(shiftMonth('2026-03', -3)).toBe('2025-12');
  expect(daysIn(['2024-02', '2025-02'])).toBe(29 + 28);
});
