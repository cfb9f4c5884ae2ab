import { describe, expect, it } from 'vitest';
import { excelQuartile } from '../../test/by-hand.ts';
import { benchmarkOf, inGroup, positionIn, quantileSorted } from './benchmark.ts';

// The quartiles against Excel's documented QUARTILE.INC example and an independent computation by
// Excel's own description (test/by-hand.ts excelQuartile, 1-based ranks), sharing no code with benchmark.ts.

describe('firm benchmarks', () => {
  it("gives Excel's documented QUARTILE.INC answers", () => {
    // Microsoft's example: QUARTILE.INC({1,2,4,7,8,9,10,12}, 1) = 3.5.
    const data = [1, 2, 4, 7, 8, 9, 10, 12];
    expect(benchmarkOf(data, false)).toEqual({ q1: 3.5, median: 7.5, q3: 9.25, n: 8 });
    expect(quantileSorted([1, 2, 3, 4, 5], 0.25)).toBe(2);
  });

  it('agrees with QUARTILE.INC by its description over many random sets, nulls left out of n', () => {
    let seed = 29;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
        random() < 0.2 ? null : Math.round((random() - 0.3) * 1e9),
      );
      const there = values.filter((v): v is number => v !== null);
      const b = benchmarkOf(values, false);
      expect(b.n).toBe(there.length);
      if (there.length === 0) {
        expect(b).toEqual({ q1: null, median: null, q3: null, n: 0 });
        continue;
      }
      expect(b.q1).toBeCloseTo(excelQuartile(there, 1)!, 6);
      expect(b.median).toBeCloseTo(excelQuartile(there, 2)!, 6);
      expect(b.q3).toBeCloseTo(excelQuartile(there, 3)!, 6);
    }
  });

  it('rounds an integer column half away from zero, negative amounts too', () => {
    // [-5, -2, 0, 1]: q1 at rank 1.75 = -5 + 0.75·3 = -2.75 → -3; median -1 → -1; q3 at 3.25 = 0.25 → 0.
    expect(benchmarkOf([1, -5, 0, -2], true)).toEqual({ q1: -3, median: -1, q3: 0, n: 4 });
    // [10, 11]: q1 10.25 → 10, median 10.5 → 11, q3 10.75 → 11.
    expect(benchmarkOf([11, 10], true)).toEqual({ q1: 10, median: 11, q3: 11, n: 2 });
  });

  it('places a value in its quartile, and none without a value or among fewer than two', () => {
    const b = benchmarkOf([1, 2, 4, 7, 8, 9, 10, 12], false); // 3.5, 7.5, 9.25
    expect([1, 3.5, 4, 7.5, 9, 9.25, 10, 12].map((v) => positionIn(v, b))).toEqual([1, 2, 2, 3, 3, 3, 4, 4]);
    expect(positionIn(null, b)).toBeNull();
    expect(positionIn(5, benchmarkOf([5], false))).toBeNull();
  });

  it("groups by tag or takes every board for 'all'", () => {
    const rows = [{ tags: ['Bygg'] }, { tags: [] }, { tags: ['Bygg', 'Handel'] }];
    expect(rows.filter(inGroup('all'))).toHaveLength(3);
    expect(rows.filter(inGroup('tag:Bygg'))).toHaveLength(2);
    expect(rows.filter(inGroup('tag:Handel'))).toHaveLength(1);
    expect(rows.filter(inGroup('tag:None'))).toHaveLength(0);
  });
});
