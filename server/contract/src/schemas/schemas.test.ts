import { describe, expect, it } from 'vitest';
import * as api from './index.ts';

describe('the response schemas', () => {
  it('refuse a field they do not name, and a misspelled one, at any depth', () => {
    const month = { month: '2026-01', amount: 100 };
    const turnover = {
      total: 100,
      months: [month],
      previousTotal: 90,
      changePercent: 11.1,
      lastBookedMonth: '2026-01',
    };
    expect(api.turnoverData.safeParse(turnover).success).toBe(true);
    expect(api.turnoverData.safeParse({ ...turnover, previousTotl: 90 }).success).toBe(false);
    expect(api.turnoverData.safeParse({ ...turnover, months: [{ ...month, amont: 1 }] }).success).toBe(false);
  });

  it('hold money to whole øre', () => {
    const row = { _id: '3000', name: 'Salg', amount: 100 };
    expect(api.topRow.safeParse(row).success).toBe(true);
    expect(api.topRow.safeParse({ ...row, amount: 100.5 }).success).toBe(false);
  });

  it('take coded warnings only with a code of their list', () => {
    const warning = { code: 'MORE_WARNINGS', params: { count: 3 } };
    expect(api.importWarning.safeParse(warning).success).toBe(true);
    expect(api.importWarning.safeParse({ ...warning, code: 'NO_SUCH_WARNING' }).success).toBe(false);
  });
});
