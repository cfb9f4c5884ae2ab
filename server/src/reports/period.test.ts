import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from './period.ts';

describe('parsePeriod: a range is the whole months it touches', () => {
  it('lists every month the range touches, in order', () => {
    expect(parsePeriod('2026-10-01', '2026-10-28').months).toEqual(['2026-10']);
    expect(parsePeriod('2026-01-15', '2026-04-10').months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(parsePeriod('2025-12-31', '2026-01-01').months).toEqual(['2025-12', '2026-01']);
  });

  it('refuses reversed, invalid and over-long ranges', () => {
    for (const [a, b] of [
      ['2026-02-01', '2026-01-31'],
      ['2026-02-30', '2026-03-01'],
      ['2026-1-01', '2026-03-01'],
      ['2010-01-01', '2026-03-01'],
    ])
      expect(() => parsePeriod(a!, b!)).toThrow();
  });

  it('any two days give the months from the first day’s to the last day’s, each once', () => {
    const day = fc
      .integer({ min: 0, max: 1500 })
      .map((n) => new Date(Date.UTC(2023, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const months = parsePeriod(start, end).months;
        const expected: string[] = [];
        for (let d = new Date(`${start.slice(0, 7)}-01T00:00:00Z`); d.toISOString() <= `${end}T99`; ) {
          expected.push(d.toISOString().slice(0, 7));
          d.setUTCMonth(d.getUTCMonth() + 1);
        }
        expect(months).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
