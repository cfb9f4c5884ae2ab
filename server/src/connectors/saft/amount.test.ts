import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';

describe('parseAmount', () => {
  it.each([
    ['10000', 1_000_000],
    ['1234.5', 123_450],
    ['1234.50', 123_450],
    ['-12', -1_200],
    ['+7.05', 705],
    ['0', 0],
    ['-0.00', 0],
    ['.5', 50],
    ['1 234,50', 123_450],
    ['1\u00a0234\u00a0567,89', 123_456_789],
    ['1.234,50', 123_450],
    ['1,234.50', 123_450],
    ['1.234.567', 123_456_700],
    ['12,5', 1_250],
    ['  4.35\n', 435],
    ['1.005', undefined],
    ['12.500', 1_250],
    ['123.45-', -12_345],
    ['9999999999999.99', 999_999_999_999_999],
  ])('%j → %j øre', (raw, ore) => {
    expect(parseAmount(raw)).toBe(ore);
  });

  it('is exact where parseFloat * 100 is not', () => {
    // 4.35 * 100 = 434.99999999999994 and 1.15 * 100 = 114.99999999999999 in floating point.
    expect(Math.trunc(Number.parseFloat('4.35') * 100)).toBe(434);
    expect(parseAmount('4.35')).toBe(435);
    expect(parseAmount('1.15')).toBe(115);
  });

  it.each(['', ' ', 'abc', '12abc', '1e5', '--5', '1,234', '1.2.3', '12.34.56', '1,23,4', '0x10', 'NaN', '-'])(
    'rejects %j',
    (raw) => {
      expect(parseAmount(raw)).toBeUndefined();
    },
  );

  it('rejects amounts beyond what øre can hold exactly', () => {
    expect(parseAmount('99999999999999999')).toBeUndefined();
  });
});
