import { describe, expect, it } from 'vitest';
import { numbersIn, uncitedNumbers } from './cited-numbers.ts';

describe('numbersIn', () => {
  it('reads grouped, decimal and plain numbers in either language’s way', () => {
    expect(numbersIn('1\u00a0234\u00a0568 kr og 12,3 %')).toEqual(['1234568', '12.3']);
    expect(numbersIn('NOK 1,234,568 and 12.30 %')).toEqual(['1234568', '12.3']);
    expect(numbersIn('in 2026, 3 of 12 months')).toEqual(['2026', '3', '12']);
    expect(numbersIn('no figures here')).toEqual([]);
  });
});

describe('uncitedNumbers', () => {
  const cited = ['1\u00a0800\u00a0000 kr', '2\u00a0160\u00a0000 kr', '20,0\u00a0%', '2026-01-01'];
  it('lets a rewording with the cited figures stand', () => {
    expect(
      uncitedNumbers('Payroll went up a fifth (20 %) to NOK 2,160,000 from NOK 1,800,000 in 2026.', cited),
    ).toEqual([]);
  });
  it('names a number the figures do not hold', () => {
    expect(uncitedNumbers('Payroll rose 21 % to NOK 2,160,000, about 360 000 more.', cited)).toEqual(['21', '360000']);
  });
});
