import { describe, expect, it } from 'vitest';
import {
  compareFromParams,
  formatRange,
  quickRange,
  quickRangeOf,
  rangeFromParams,
  setRangeEnd,
  toDates,
  withReportParams,
} from './report-range';

const today = new Date(2026, 10, 21); // 2026-11-21

describe('report ranges', () => {
  it('offers this year, last year and the last twelve whole months', () => {
    expect(quickRange('thisYear', today)).toEqual({ fromMonth: '2026-01', toMonth: '2026-12' });
    expect(quickRange('lastYear', today)).toEqual({ fromMonth: '2025-01', toMonth: '2025-12' });
    expect(quickRange('last12Months', today)).toEqual({ fromMonth: '2025-11', toMonth: '2026-10' });
    expect(quickRangeOf({ fromMonth: '2025-01', toMonth: '2025-12' }, today)).toBe('lastYear');
    expect(quickRangeOf({ fromMonth: '2025-02', toMonth: '2025-12' }, today)).toBeNull();
  });

  it('reads the range from the URL, falling back to this year', () => {
    expect(rangeFromParams(new URLSearchParams('from=2025-03&to=2025-08'), today)).toEqual({
      fromMonth: '2025-03',
      toMonth: '2025-08',
    });
    expect(rangeFromParams(new URLSearchParams('from=2025-08&to=2025-03'), today)).toEqual({
      fromMonth: '2025-03',
      toMonth: '2025-08',
    });
    for (const bad of ['', 'from=2025-13&to=2025-12', 'from=abc&to=2025-12', 'from=2025-01'])
      expect(rangeFromParams(new URLSearchParams(bad), today)).toEqual({ fromMonth: '2026-01', toMonth: '2026-12' });
  });

  it('writes range and comparison to the URL and keeps other parameters', () => {
    const params = withReportParams(
      new URLSearchParams('x=1&compare=previous'),
      { fromMonth: '2025-01', toMonth: '2025-12' },
      'lastYear',
    );
    expect(params.toString()).toBe('x=1&compare=lastYear&from=2025-01&to=2025-12');
    expect(compareFromParams(params)).toBe('lastYear');
    expect(withReportParams(params, { fromMonth: '2025-01', toMonth: '2025-12' }, null).has('compare')).toBe(false);
    expect(compareFromParams(new URLSearchParams('compare=nonsense'))).toBeNull();
    // The budget only where the page offers it (the profit and loss).
    expect(compareFromParams(new URLSearchParams('compare=budget'))).toBeNull();
    expect(compareFromParams(new URLSearchParams('compare=budget'), true)).toBe('budget');
  });

  it('turns months into whole-month dates and shows them as yyyy/mm/dd', () => {
    expect(toDates({ fromMonth: '2024-02', toMonth: '2024-02' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(formatRange({ fromMonth: '2025-01', toMonth: '2025-12' })).toBe('2025/01/01 – 2025/12/31');
  });

  it('moves the other end when one end crosses it', () => {
    const range = { fromMonth: '2025-03', toMonth: '2025-06' };
    expect(setRangeEnd(range, 'fromMonth', '2025-09')).toEqual({ fromMonth: '2025-09', toMonth: '2025-09' });
    expect(setRangeEnd(range, 'toMonth', '2025-01')).toEqual({ fromMonth: '2025-01', toMonth: '2025-01' });
    expect(setRangeEnd(range, 'toMonth', '')).toBe(range);
  });
});
