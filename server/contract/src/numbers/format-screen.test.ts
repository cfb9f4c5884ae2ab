import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatMonth, formatNumber, formatPeriod, THOUSANDS_SEPARATOR } from './format.ts';

const s = THOUSANDS_SEPARATOR;

describe('formatAmount', () => {
  it('shows øre as whole kroner with nb-NO grouping', () => {
    expect(THOUSANDS_SEPARATOR).toBe('\u00a0');
    expect(formatAmount(123_456_789)).toBe(`1${s}234${s}568`);
    expect(formatAmount(100_000)).toBe(`1${s}000`);
    expect(formatAmount(99_900)).toBe('999');
    expect(formatAmount(0)).toBe('0');
  });

  it('rounds to the nearest krone', () => {
    expect(formatAmount(149)).toBe('1');
    expect(formatAmount(150)).toBe('2');
    expect(formatAmount(-151)).toBe('-2');
  });

  it('uses an ASCII minus and never shows -0', () => {
    expect(formatAmount(-123_456_700)).toBe(`-1${s}234${s}567`);
    expect(formatAmount(-40)).toBe('0');
    expect(formatAmount(-250_000)).not.toContain('\u2212');
  });

  it('groups every three digits of large numbers', () => {
    expect(formatNumber(1_234_567_890)).toBe(`1${s}234${s}567${s}890`);
  });
});

describe('formatDate', () => {
  it('writes ISO dates as yyyy/mm/dd', () => {
    expect(formatDate('2026-03-05')).toBe('2026/03/05');
    expect(formatDate('2026-12-31T10:00:00Z')).toBe('2026/12/31');
  });

  it('leaves anything else alone', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
  });
});

describe('formatMonth', () => {
  it('gives a short month and the year in each language', () => {
    expect(formatMonth('2026-03', 'nor')).toBe('mar 2026');
    expect(formatMonth('2026-03', 'en')).toBe('Mar 2026');
    expect(formatMonth('2026-05', 'nor')).toBe('mai 2026');
    expect(formatMonth('2026-12', 'nor')).toBe('des 2026');
    expect(formatMonth('2026-10', 'en')).toBe('Oct 2026');
    expect(formatMonth('2026-01')).toBe('jan 2026');
  });

  it('leaves invalid months alone', () => {
    expect(formatMonth('2026-13', 'en')).toBe('2026-13');
    expect(formatMonth('soon', 'en')).toBe('soon');
  });
});

describe('formatPeriod', () => {
  it('says a year, a month or a span of months', () => {
    expect(formatPeriod('2025-01-01', '2025-12-31')).toBe('2025');
    expect(formatPeriod('2025-03-01', '2025-03-31', 'en')).toBe('Mar 2025');
    expect(formatPeriod('2024-12-01', '2025-11-30')).toBe('des 2024 – nov 2025');
  });
});
