import { describe, expect, it } from 'vitest';
import { lastYearSpan, periodName, rangeText } from './period-labels';
import { readChoice, readCompare, withPeriod } from './period-state';

describe('the period in the address', () => {
  it('writes a period and a comparison, keeps every other parameter, and drops an older `year`', () => {
    const params = new URLSearchParams('subBoardId=s1&year=2024&compare=previous');
    const next = withPeriod(params, { kind: 'quarter', from: '2026-04', to: '2026-06' }, 'lastYear');
    expect(next.toString()).toBe('subBoardId=s1&from=2026-04&to=2026-06&compare=lastYear');
    expect(withPeriod(next, { kind: 'rolling12' }, null).toString()).toBe('subBoardId=s1&period=rolling12');
    expect(withPeriod(next, { kind: 'ytd' }, null).toString()).toBe('subBoardId=s1');
  });

  it('reads only the comparisons a page offers', () => {
    expect(readCompare(new URLSearchParams('compare=lastYear'))).toBe('lastYear');
    expect(readCompare(new URLSearchParams('compare=lastYear'), ['previous'])).toBeNull();
    expect(readCompare(new URLSearchParams('compare=budget'))).toBeNull();
  });

  it("reads an older dashboard link's year, and the reports' months as before", () => {
    expect(readChoice(new URLSearchParams('year=2017'), 1)).toEqual({ kind: 'year', from: '2017-01', to: '2017-12' });
    expect(readChoice(new URLSearchParams('from=2025-01&to=2025-12'), 1)).toEqual({
      kind: 'year',
      from: '2025-01',
      to: '2025-12',
    });
    // The period's own parameters win over an older one left beside them.
    expect(readChoice(new URLSearchParams('year=2017&period=rolling12'), 1)).toEqual({ kind: 'rolling12' });
    expect(readChoice(new URLSearchParams('year=abcd'), 1)).toEqual({ kind: 'ytd' });
  });

  it('names last year: the calendar year before today’s, or the fiscal year before the current one', () => {
    expect(lastYearSpan({ today: '2026-11', fiscalYearStart: 1 })).toEqual({ from: '2025-01', to: '2025-12' });
    expect(lastYearSpan({ today: '2026-03', fiscalYearStart: 7 })).toEqual({ from: '2024-07', to: '2025-06' });
    expect(rangeText({ from: '2024-02', to: '2024-02' })).toBe('2024/02/01 – 2024/02/29');
    const t = ((key: string) => key) as unknown as Parameters<typeof periodName>[3];
    expect(
      periodName(
        { kind: 'year', from: '2025-01', to: '2025-12' },
        { from: '2025-01', to: '2025-12' },
        { lastBookedMonth: null, fiscalYearStart: 1, today: '2026-11' },
        t,
      ),
    ).toBe('2025');
  });
});
