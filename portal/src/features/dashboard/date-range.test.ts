import { describe, expect, it } from 'vitest';
import { formatDate, yearRange } from './date-range';

describe('date range', () => {
  it('spans a whole calendar year', () => {
    expect(yearRange(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('formats as yyyy/mm/dd', () => {
    expect(formatDate('2026-11-21T08:30:00.000Z')).toBe('2026/11/21');
  });
});
