import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  fiscalYearOf,
  kindOfSpan,
  type MonthSpan,
  type PeriodChoice,
  type PeriodContext,
  periodParams,
  periodYears,
  quarterOf,
  readPeriod,
  readPeriodParams,
  resolvePeriod,
  spanDates,
  spanLength,
} from './period.ts';

describe('readPeriod: a range is the whole months it touches', () => {
  it('lists every month the range touches, in order', () => {
    expect(readPeriod('2026-10-01', '2026-10-28')?.months).toEqual(['2026-10']);
    expect(readPeriod('2026-01-15', '2026-04-10')?.months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(readPeriod('2025-12-31', '2026-01-01')?.months).toEqual(['2025-12', '2026-01']);
  });

  it('refuses reversed, invalid and over-long ranges', () => {
    for (const [a, b] of [
      ['2026-02-01', '2026-01-31'],
      ['2026-02-30', '2026-03-01'],
      ['2026-1-01', '2026-03-01'],
      ['2010-01-01', '2026-03-01'],
    ])
      expect(readPeriod(a!, b!)).toBeNull();
  });

  it('any two days give the months from the first day’s to the last day’s, each once', () => {
    const day = fc
      .integer({ min: 0, max: 1500 })
      .map((n) => new Date(Date.UTC(2023, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const months = readPeriod(start, end)?.months ?? [];
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

// Months written out by hand here (index = year * 12 + month - 1), not with the module's own helpers.
const monthAt = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const indexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const month = fc.integer({ min: 2000 * 12, max: 2040 * 12 }).map(monthAt);
const startMonth = fc.integer({ min: 1, max: 12 });
const ctx = (lastBookedMonth: string | null | undefined, fiscalYearStart = 1, today = '2026-11'): PeriodContext => ({
  lastBookedMonth,
  fiscalYearStart,
  today,
});

describe('the period control: quarters, year to date, rolling 12 months, fiscal years', () => {
  it('a quarter is the calendar quarter of its months', () => {
    expect(quarterOf('2026-05')).toEqual({ from: '2026-04', to: '2026-06' });
    expect(quarterOf('2026-12')).toEqual({ from: '2026-10', to: '2026-12' });
    fc.assert(
      fc.property(month, (m) => {
        const q = quarterOf(m);
        expect(spanLength(q)).toBe(3);
        expect([1, 4, 7, 10]).toContain(Number(q.from.slice(5, 7)));
        expect(q.from <= m && m <= q.to).toBe(true);
        expect(q.from.slice(0, 4)).toBe(q.to.slice(0, 4));
      }),
    );
  });

  it('year to date runs from January to the last booked month, not to today', () => {
    // Booked to October 2026 on 21 November: January–October.
    expect(resolvePeriod({ kind: 'ytd' }, ctx('2026-10'))).toEqual({ from: '2026-01', to: '2026-10' });
    // A board over a 2017 file: its own year, to its last booked month.
    expect(resolvePeriod({ kind: 'ytd' }, ctx('2017-12'))).toEqual({ from: '2017-01', to: '2017-12' });
    // Nothing booked, or not known yet: this year to this month.
    expect(resolvePeriod({ kind: 'ytd' }, ctx(null))).toEqual({ from: '2026-01', to: '2026-11' });
    expect(resolvePeriod({ kind: 'ytd' }, ctx(undefined, 1, '2026-03'))).toEqual({ from: '2026-01', to: '2026-03' });
    // January booked only: one month.
    expect(resolvePeriod({ kind: 'ytd' }, ctx('2026-01'))).toEqual({ from: '2026-01', to: '2026-01' });
  });

  it('year to date of a fiscal year starting in July crosses the calendar year', () => {
    expect(resolvePeriod({ kind: 'ytd' }, ctx('2026-03', 7))).toEqual({ from: '2025-07', to: '2026-03' });
    expect(resolvePeriod({ kind: 'ytd' }, ctx('2026-07', 7))).toEqual({ from: '2026-07', to: '2026-07' });
    fc.assert(
      fc.property(month, startMonth, (last, start) => {
        const span = resolvePeriod({ kind: 'ytd' }, ctx(last, start));
        expect(span.to).toBe(last);
        expect(Number(span.from.slice(5, 7))).toBe(start);
        // The latest start of a fiscal year at or before the last booked month: at most 12 months.
        const length = indexOf(span.to) - indexOf(span.from) + 1;
        expect(length).toBeGreaterThanOrEqual(1);
        expect(length).toBeLessThanOrEqual(12);
      }),
    );
  });

  it('rolling 12 months are the twelve months ending with the last booked month', () => {
    expect(resolvePeriod({ kind: 'rolling12' }, ctx('2026-10'))).toEqual({ from: '2025-11', to: '2026-10' });
    expect(resolvePeriod({ kind: 'rolling12' }, ctx('2026-12'))).toEqual({ from: '2026-01', to: '2026-12' });
    fc.assert(
      fc.property(month, (last) => {
        const span = resolvePeriod({ kind: 'rolling12' }, ctx(last));
        expect(span.to).toBe(last);
        expect(indexOf(span.to) - indexOf(span.from)).toBe(11);
      }),
    );
  });

  it('a fiscal year is twelve months from its start month and holds the month it is asked for', () => {
    expect(fiscalYearOf('2026-03', 7)).toEqual({ from: '2025-07', to: '2026-06' });
    expect(fiscalYearOf('2026-09', 7)).toEqual({ from: '2026-07', to: '2027-06' });
    expect(fiscalYearOf('2026-09', 1)).toEqual({ from: '2026-01', to: '2026-12' });
    // Nonsense for a start month is the calendar year.
    expect(fiscalYearOf('2026-09', 13)).toEqual({ from: '2026-01', to: '2026-12' });
    fc.assert(
      fc.property(month, startMonth, (m, start) => {
        const fy = fiscalYearOf(m, start);
        expect(indexOf(fy.to) - indexOf(fy.from)).toBe(11);
        expect(Number(fy.from.slice(5, 7))).toBe(start);
        expect(fy.from <= m && m <= fy.to).toBe(true);
        // It crosses into the next calendar year exactly when it does not start in January.
        expect(fy.from.slice(0, 4) !== fy.to.slice(0, 4)).toBe(start !== 1);
      }),
    );
  });

  it('names fixed months by their kind', () => {
    expect(kindOfSpan({ from: '2026-04', to: '2026-04' }, 1)).toBe('month');
    expect(kindOfSpan({ from: '2026-04', to: '2026-06' }, 1)).toBe('quarter');
    expect(kindOfSpan({ from: '2026-05', to: '2026-07' }, 1)).toBe('custom');
    expect(kindOfSpan({ from: '2025-01', to: '2025-12' }, 1)).toBe('year');
    expect(kindOfSpan({ from: '2025-07', to: '2026-06' }, 7)).toBe('fiscalYear');
    expect(kindOfSpan({ from: '2025-07', to: '2026-06' }, 1)).toBe('custom');
  });

  it('whole months as ISO dates, leap years included', () => {
    expect(spanDates({ from: '2024-02', to: '2024-02' })).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(spanDates({ from: '2025-07', to: '2026-06' })).toEqual({ startDate: '2025-07-01', endDate: '2026-06-30' });
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 13)).toBe('2027-01');
  });

  it('reads the period from the address, and writes it back to the same months', () => {
    // The contract has no URLSearchParams (it runs without DOM or Node types): a query split by hand.
    const read = (query: string, start = 1) => {
      const params = new Map(query.split('&').map((pair) => pair.split('=') as [string, string]));
      return readPeriodParams((name) => params.get(name) ?? null, start);
    };
    expect(read('')).toEqual({ kind: 'ytd' });
    expect(read('period=rolling12')).toEqual({ kind: 'rolling12' });
    expect(read('from=2026-04&to=2026-06')).toEqual({ kind: 'quarter', from: '2026-04', to: '2026-06' });
    expect(read('from=2026-06&to=2026-04')).toEqual({ kind: 'quarter', from: '2026-04', to: '2026-06' });
    expect(read('from=2025-07&to=2026-06', 7)).toEqual({ kind: 'fiscalYear', from: '2025-07', to: '2026-06' });
    for (const bad of ['from=2026-13&to=2026-12', 'from=abc&to=2026-01', 'from=2026-01', 'from=2001-01&to=2026-01'])
      expect(read(bad)).toEqual({ kind: 'ytd' });
    const fixed = fc
      .tuple(month, fc.integer({ min: 0, max: 119 }), startMonth)
      .map(([from, extra, start]) => ({ span: { from, to: monthAt(indexOf(from) + extra) } as MonthSpan, start }));
    fc.assert(
      fc.property(fixed, ({ span, start }) => {
        const choice: PeriodChoice = { kind: kindOfSpan(span, start), ...span };
        const query = Object.entries(periodParams(choice))
          .map(([name, value]) => `${name}=${value}`)
          .join('&');
        expect(read(query, start)).toEqual(choice);
      }),
    );
  });

  it('offers every year the board has data for, and its fiscal years when they start in another month', () => {
    const today = { today: '2026-11', fiscalYearStart: 1 };
    expect(periodYears({ firstBookedMonth: '2016-03', lastBookedMonth: '2017-12' }, today).years).toEqual([
      { from: '2017-01', to: '2017-12' },
      { from: '2016-01', to: '2016-12' },
    ]);
    expect(periodYears({ firstBookedMonth: null, lastBookedMonth: null }, today)).toEqual({
      years: [{ from: '2026-01', to: '2026-12' }],
      fiscalYears: [],
    });
    expect(
      periodYears({ firstBookedMonth: '2024-01', lastBookedMonth: '2025-08' }, { ...today, fiscalYearStart: 7 })
        .fiscalYears,
    ).toEqual([
      { from: '2025-07', to: '2026-06' },
      { from: '2024-07', to: '2025-06' },
      { from: '2023-07', to: '2024-06' },
    ]);
  });
});
