import { describe, expect, it } from 'vitest';
import { bookedPart, isBooked, likeForLikeRange } from './booked.ts';
import { readPeriod } from './period.ts';

const parsePeriod = (start: string, end: string) => readPeriod(start, end)!;

describe('booked months', () => {
  it('a month is booked up to the last booked month; without one said, every month is', () => {
    expect(['2026-09', '2026-10', '2026-11'].map((m) => isBooked(m, '2026-10'))).toEqual([true, true, false]);
    expect(isBooked('2026-01', null)).toBe(false);
    expect(isBooked('2030-01', undefined)).toBe(true);
  });

  it("the booked part of a period ends on the last booked month's last day", () => {
    expect(bookedPart(parsePeriod('2026-01-01', '2026-12-31'), '2026-10')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-10-31',
      months: [
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
      ],
    });
    // Wholly booked, or not booked at all: the period as it is.
    const year = parsePeriod('2025-01-01', '2025-12-31');
    expect(bookedPart(year, '2026-10')).toBe(year);
    expect(bookedPart(parsePeriod('2027-01-01', '2027-03-31'), '2026-10').endDate).toBe('2027-03-31');
  });

  it('compares like for like: the booked months, a year earlier or just before', () => {
    const year = parsePeriod('2026-01-01', '2026-12-31');
    expect(likeForLikeRange(year, 'lastYear', '2026-10')).toEqual({ startDate: '2025-01-01', endDate: '2025-10-31' });
    expect(likeForLikeRange(year, 'previous', '2026-10')).toEqual({ startDate: '2025-03-01', endDate: '2025-12-31' });
    expect(likeForLikeRange(year, 'lastYear', '2026-12')).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(likeForLikeRange(parsePeriod('2026-02-01', '2026-02-28'), 'lastYear', '2026-10')).toEqual({
      startDate: '2025-02-01',
      endDate: '2025-02-28',
    });
  });
});
