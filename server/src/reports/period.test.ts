import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePeriod, splitByMonth } from './period.ts';

const split = (start: string, end: string) => splitByMonth(parsePeriod(start, end));

describe('splitByMonth', () => {
  it('reads whole months from monthly sums and the remaining days from postings', () => {
    expect(split('2026-01-01', '2026-12-31')).toEqual({ whole: { first: '2026-01', last: '2026-12' }, days: [] });
    expect(split('2026-01-15', '2026-04-30')).toEqual({
      whole: { first: '2026-02', last: '2026-04' },
      days: [{ from: '2026-01-15', to: '2026-01-31' }],
    });
    expect(split('2026-01-01', '2026-03-10')).toEqual({
      whole: { first: '2026-01', last: '2026-02' },
      days: [{ from: '2026-03-01', to: '2026-03-10' }],
    });
    expect(split('2024-02-01', '2024-02-29')).toEqual({ whole: { first: '2024-02', last: '2024-02' }, days: [] });
    expect(split('2026-03-05', '2026-03-20')).toEqual({
      whole: null,
      days: [{ from: '2026-03-05', to: '2026-03-20' }],
    });
    expect(split('2026-01-31', '2026-02-01')).toEqual({
      whole: null,
      days: [
        { from: '2026-01-31', to: '2026-01-31' },
        { from: '2026-02-01', to: '2026-02-01' },
      ],
    });
  });

  it('covers every day of the period exactly once', () => {
    const day = fc
      .integer({ min: 0, max: 1500 })
      .map((n) => new Date(Date.UTC(2023, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const { whole, days } = split(start, end);
        const covered: string[] = [];
        for (const range of days) for (let d = range.from; d <= range.to; d = next(d)) covered.push(d);
        if (whole) for (let d = `${whole.first}-01`; d.slice(0, 7) <= whole.last; d = next(d)) covered.push(d);
        covered.sort();
        const expected: string[] = [];
        for (let d = start; d <= end; d = next(d)) expected.push(d);
        expect(covered).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

function next(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
