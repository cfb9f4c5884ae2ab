import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime } from './format';

describe('formatDateTime', () => {
  it('writes yyyy/mm/dd hh:mm in local time', () => {
    const local = new Date(2026, 0, 5, 7, 3);
    expect(formatDateTime(local.toISOString())).toBe('2026/01/05 07:03');
    const date = new Date(2026, 10, 1, 9, 5);
    expect(formatDateTime(date.toISOString())).toBe('2026/11/01 09:05');
  });

  it('leaves text that is not a date alone', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});

describe('formatBytes', () => {
  it('picks a unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
