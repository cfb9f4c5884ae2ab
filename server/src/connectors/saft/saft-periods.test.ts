import { describe, expect, it } from 'vitest';
import { fiscalPeriodOf, PeriodRule, periodOf } from './saft-periods.ts';

describe('the month of a SAF-T transaction', () => {
  it('is its period of its PeriodYear when the periods count from January', () => {
    expect(periodOf('3', '2024', '2024-03-15')).toBe('2024-03');
    expect(periodOf('13', '2024', '2025-01-10')).toBe('2024-12');
    expect(periodOf('', '2024', '2024-03-15')).toBeUndefined();
  });

  it('moves a period by the fiscal year, in the year nearest the date, whatever PeriodYear says', () => {
    // Fiscal year from May: period 1 is May, period 9 January of the next year, 13 the year's last month.
    expect(fiscalPeriodOf('1', '2024-05-03', 4)).toBe('2024-05');
    expect(fiscalPeriodOf('9', '2025-01-31', 4)).toBe('2025-01');
    expect(fiscalPeriodOf('12', '2025-04-30', 4)).toBe('2025-04');
    expect(fiscalPeriodOf('13', '2025-05-02', 4)).toBe('2025-04');
  });

  it('takes an offset only when nine in ten of at least twelve transactions agree on it', () => {
    const rule = (dates: [string, string][]) => {
      const r = new PeriodRule();
      for (const [period, date] of dates) r.look(period, date);
      return r.decide();
    };
    const may = Array.from({ length: 12 }, (_, i): [string, string] => [
      String(i + 1),
      `${i < 8 ? 2024 : 2025}-${String(((i + 4) % 12) + 1).padStart(2, '0')}-15`,
    ]);
    expect(rule(may)).toBe(4);
    // One voucher in the wrong month of twelve: still May.
    expect(rule([...may.slice(0, 11), ['12', '2025-03-31']])).toBe(4);
    // Two vouchers moved, or too few to tell: no fiscal year.
    expect(rule([['11', '2015-10-31']])).toBe(0);
    expect(rule([...may.slice(0, 9), ['10', '2025-10-01'], ['11', '2025-10-02'], ['12', '2025-10-03']])).toBe(0);
  });

  it('counts and tells the transactions whose period is still another month than their date', () => {
    const r = new PeriodRule();
    r.decide();
    r.monthOf('1', '2024', '2024-02-03');
    r.monthOf('2', '2024', '2024-02-04');
    r.monthOf('13', '2024', '2025-01-10');
    expect(r.warnings()).toEqual([
      { code: 'SAFT_PERIOD_DATE_MISMATCH', params: { transactions: 1, total: 2, rule: 'period' } },
    ]);
  });
});
