import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FootingNode, footParts, footTree, oreToKroner, roundHalfAway } from './footing.ts';

// Expectations written out by hand or computed with BigInt decimal arithmetic, not with the code under test.

/** Half away from zero on øre, in exact integer arithmetic: |ore| + 50, integer-divided by 100. */
const byHand = (ore: number) => {
  const abs = BigInt(Math.abs(ore));
  const kroner = Number((abs + 50n) / 100n);
  return ore < 0 ? -kroner || 0 : kroner;
};

describe('one rounding rule: half away from zero', () => {
  it('sends halves away from zero on both sides, and never gives -0', () => {
    expect([150, 250, -150, -250, 149, -149, 151, -151, 50, -50, 49, -49].map(oreToKroner)).toEqual([
      2, 3, -2, -3, 1, -1, 2, -2, 1, -1, 0, 0,
    ]);
    // The account: -1 200 302.50 kr in the P&L and +1 200 302.50 kr in a top list read the same.
    expect(oreToKroner(-120_030_250)).toBe(-1_200_303);
    expect(oreToKroner(120_030_250)).toBe(1_200_303);
    expect(Object.is(oreToKroner(-49), 0)).toBe(true);
    expect([roundHalfAway(2.5), roundHalfAway(-2.5), roundHalfAway(0.125, 2), roundHalfAway(-0.125, 2)]).toEqual([
      3, -3, 0.13, -0.13,
    ]);
    // Percentages with one decimal, and a product whose binary value lies just under the half.
    expect([roundHalfAway(41.25, 1), roundHalfAway(-41.25, 1), roundHalfAway(1.005, 2)]).toEqual([41.3, -41.3, 1.01]);
  });

  it('is symmetric for negative and positive amounts, and agrees with exact integer arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER + 100, max: Number.MAX_SAFE_INTEGER - 100 }), (ore) => {
        expect(oreToKroner(-ore)).toBe(-oreToKroner(ore) || 0);
        expect(oreToKroner(ore)).toBe(byHand(ore));
      }),
      { numRuns: 2000 },
    );
  });
});

/** A random statement tree: every parent is the exact sum of its children (øre, any sign). */
const tree: fc.Arbitrary<FootingNode> = fc
  .letrec<{ node: FootingNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((ore) => ({ ore })),
      fc
        .array(tie('node'), { minLength: 1, maxLength: 6 })
        .map((children) => ({ ore: children.reduce((s, c) => s + c.ore, 0), children })),
    ),
  }))
  .node.map((n) => n);

/** Checks a footed tree against its exact one: each shown figure foots and stays within a krone of its exact value. */
function expectFoots(node: FootingNode, shown: ReturnType<typeof footTree>) {
  const children = node.children ?? [];
  if (children.length > 0) expect(shown.children.reduce((s, c) => s + c.kroner, 0)).toBe(shown.kroner);
  children.forEach((child, i) => {
    const k = shown.children[i]!.kroner;
    // Shown is the exact value rounded down or up: |k·100 − ore| < 100.
    expect(Math.abs(k * 100 - child.ore)).toBeLessThan(100);
    expectFoots(child, shown.children[i]!);
  });
}

describe('footing', () => {
  it('shares a sum out by largest remainder', () => {
    // 3 × 0.50 kr = 1.50 kr → 2 kr shown: each part rounds to 1 (3 in all), so one gives a krone back.
    expect(footParts(2, [50, 50, 50])).toEqual([0, 1, 1]);
    expect(footParts(-2, [-50, -50, -50])).toEqual([0, -1, -1]);
    // 10.40 + 20.40 + 30.40 = 61.20 → 61, but each part rounds down (60): the largest part takes the krone.
    expect(footParts(61, [1040, 2040, 3040])).toEqual([10, 20, 31]);
    // 10.60 + 20.45 = 31.05 → 31: the parts round to 11 + 20 already.
    expect(footParts(31, [1060, 2045])).toEqual([11, 20]);
    // The balance sheet: lines that each round up overshoot their total (5 kr) by two kroner.
    expect(footParts(oreToKroner(150 + 150 + 150 + 50), [150, 150, 150, 50])).toEqual([1, 1, 2, 1]);
  });

  it('every shown node is the sum of its shown children, on random trees of any sign', () => {
    fc.assert(
      fc.property(tree, (root) => {
        const shown = footTree(root);
        expect(shown.kroner).toBe(byHand(root.ore));
        expectFoots(root, shown);
      }),
      { numRuns: 1000 },
    );
  });

  it('a tree and its mirror image foot to mirror images (symmetric for negative amounts)', () => {
    const mirror = (n: FootingNode): FootingNode => ({ ore: -n.ore, children: n.children?.map(mirror) });
    const flat = (f: ReturnType<typeof footTree>): number[] => [f.kroner, ...f.children.flatMap(flat)];
    fc.assert(
      fc.property(tree, (root) => {
        expect(flat(footTree(mirror(root))).map((k) => -k || 0)).toEqual(flat(footTree(root)));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves children that do not add up to their parent rounded on their own', () => {
    const shown = footTree({ ore: 1000, children: [{ ore: 150 }, { ore: 150 }] });
    expect(shown.children.map((c) => c.kroner)).toEqual([2, 2]);
  });
});
