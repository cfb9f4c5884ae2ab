import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  formatAmount,
  formatDate,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPeriod,
} from './format.ts';

const S = '\u00a0';

describe('the one formatter', () => {
  it('groups whole numbers with a no-break space and never shows -0', () => {
    expect(formatNumber(1_234_567)).toBe(`1${S}234${S}567`);
    expect(formatNumber(-1_000)).toBe(`-1${S}000`);
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.04)).toBe('0');
    expect(formatNumber(12.34)).toBe('12,3');
  });

  it('shows øre as whole kroner, half away from zero', () => {
    expect(formatAmount(123_456_789)).toBe(`1${S}234${S}568`);
    expect(formatAmount(150)).toBe('2');
    expect(formatAmount(-150)).toBe('-2');
    expect(formatAmount(149)).toBe('1');
  });

  it('writes exact money for messages in each language', () => {
    expect(formatMoney(324_541_000, 'nor')).toBe(`3${S}245${S}410,00${S}kr`);
    expect(formatMoney(324_541_000, 'en')).toBe('NOK 3,245,410.00');
    expect(formatMoney(-5, 'en')).toBe('-NOK 0.05');
  });

  it('any integer øre reads back to its rounded kroner', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ore) => {
        const shown = Number(formatAmount(ore).replaceAll(S, ''));
        const exact = ore / 100;
        expect(Math.abs(shown - exact)).toBeLessThanOrEqual(0.5);
        if (Math.abs(shown - exact) === 0.5) expect(Math.abs(shown)).toBeGreaterThan(Math.abs(exact));
      }),
    );
  });

  it('dates, months, periods and cells', () => {
    expect(formatDate('2026-03-05')).toBe('2026/03/05');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('2026/03/05');
    expect(formatMonth('2026-05', 'nor')).toBe('mai 2026');
    expect(formatMonth('2026-05', 'en')).toBe('May 2026');
    expect(formatPeriod('2026-01-01', '2026-12-31')).toBe('2026');
    expect(formatPeriod('2026-01-01', '2026-06-30', 'en')).toBe('Jan 2026 – Jun 2026');
    expect(formatPercent(41.25, true)).toBe(`+41,3${S}%`);
    expect(cellText('2026-03', 'date')).toBe('2026/03');
    expect(cellText(null, 'amount')).toBe('');
    expect(cellText(1000, 'amount')).toBe(`1${S}000`);
  });
});
