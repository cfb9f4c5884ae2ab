import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('writes year/month/day and the local time', () => {
    const date = new Date(2026, 10, 1, 9, 5);
    expect(formatDateTime(date.toISOString())).toBe('2026/11/01 09:05');
  });

  it('keeps text that is not a date', () => {
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});
