import { describe, expect, it } from 'vitest';
import { formatDate, formatRange, parseYear, yearOptions, yearRange } from './date-range';

describe('date range', () => {
  it('spans a whole calendar year', () => {
    expect(yearRange(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('formats as yyyy/mm/dd – yyyy/mm/dd', () => {
    expect(formatRange(yearRange(2025))).toBe('2025/01/01 – 2025/12/31');
    expect(formatDate('2026-11-21T08:30:00.000Z')).toBe('2026/11/21');
  });

  it('offers the current year first', () => {
    expect(yearOptions(2026, 3)).toEqual([2026, 2025, 2024]);
  });

  it('reads the year parameter defensively', () => {
    expect(parseYear('2024', 2026)).toBe(2024);
    expect(parseYear(null, 2026)).toBe(2026);
    expect(parseYear('abc', 2026)).toBe(2026);
    expect(parseYear('1850', 2026)).toBe(2026);
  });
});
