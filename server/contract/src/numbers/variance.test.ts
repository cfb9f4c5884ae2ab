import { describe, expect, it } from 'vitest';
import { changePercent, changePercentCell, changePercentText } from './variance.ts';

describe('a change in percent', () => {
  it('is the change as a share of the base, one decimal, half away from zero', () => {
    expect(changePercent(110_00, 100_00, 'ore')).toBe(10);
    expect(changePercent(-90, -100, 'kroner')).toBe(10);
    expect(changePercent(2, 3, 'kroner')).toBe(-33.3);
    // −0.05 % → −0.1 (away from zero), not −0.0.
    expect(changePercent(19_990, 20_000, 'kroner')).toBe(-0.1);
  });

  it('says nothing against a base under 1 kr', () => {
    expect(changePercent(5, 0, 'kroner')).toBeNull();
    expect(changePercent(5_00, 99, 'ore')).toBeNull();
    expect(changePercent(5_00, -99, 'ore')).toBeNull();
    expect(changePercent(5_00, 100, 'ore')).toBe(400);
    expect(changePercent(5, 1, 'kroner')).toBe(400);
  });

  it('says nothing against a base of the other sign: a loss turned into a profit has no percentage', () => {
    expect(changePercent(1_000, -500, 'kroner')).toBeNull();
    expect(changePercent(-1_000, 500, 'kroner')).toBeNull();
    // A figure that fell to nothing fell by 100 %, whatever its sign was.
    expect(changePercent(0, 500, 'kroner')).toBe(-100);
    expect(changePercent(0, -500, 'kroner')).toBe(100);
  });

  it('reads ">999 %" beyond ±999 %, "–" for none, and signed within', () => {
    // Budget variances an accountant saw as −27645,6 % (a cost against a revenue budget) and +74014,0 %.
    expect(changePercentText(changePercent(-275_456, 1_000, 'kroner'))).toBe('–');
    expect(changePercentText(changePercent(741_140, 1_000, 'kroner'))).toBe('>999\u00a0%');
    expect(changePercentText(changePercent(-5_000, -1, 'kroner'))).toBe('<-999\u00a0%');
    expect(changePercentText(999)).toBe('+999,0\u00a0%');
    expect(changePercentText(-999)).toBe('-999,0\u00a0%');
    expect(changePercentText(12.5)).toBe('+12,5\u00a0%');
    expect(changePercentText(null)).toBe('–');
  });

  it('is a number in a table cell within the limit, the capped text beyond it', () => {
    expect(changePercentCell(41.2)).toBe(41.2);
    expect(changePercentCell(null)).toBeNull();
    expect(changePercentCell(1_000)).toBe('>999\u00a0%');
    expect(changePercentCell(-1_000)).toBe('<-999\u00a0%');
  });
});
