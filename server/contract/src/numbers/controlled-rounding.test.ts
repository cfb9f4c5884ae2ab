import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundNetwork } from './controlled-rounding.ts';
import type { RowTree, ShownRow } from './footing.ts';
import { footRows } from './table-footing.ts';

// The controlled rounding of a statement's table, held against an independent computation: a brute
// force over every way of showing each figure within a krone of its own rounding (sharing no code with
// the solver), on small tables, and hand-worked adversarial tables where rounding each figure on its
// own fails to foot.

/** Half away from zero on øre, by BigInt arithmetic (not the code under test). */
const own = (ore: number) => {
  const k = Number((BigInt(Math.abs(ore)) + 50n) / 100n);
  return ore < 0 ? -k || 0 : k;
};
const floorK = (ore: number) => Number((BigInt(ore) - (((BigInt(ore) % 100n) + 100n) % 100n)) / 100n);
const ceilK = (ore: number) => (ore % 100 === 0 ? ore / 100 : floorK(ore) + 1);

/** A small table: rows with their parent (−1 for the root), øre per month; the period is the months' sum. */
interface Table {
  parents: number[];
  leaves: number[][];
}

/** Every row's months and period, the sums taken from the leaves. */
function exact({ parents, leaves }: Table): number[][] {
  const months = leaves[0]?.length ?? 0;
  const rows = parents.map(() => new Array<number>(months).fill(0));
  const isLeaf = parents.map((_, r) => !parents.includes(r));
  let leaf = 0;
  parents.forEach((_, r) => {
    if (!isLeaf[r]) return;
    const values = leaves[leaf++]!;
    for (let up = r; up >= 0; up = parents[up]!)
      values.forEach((v, m) => {
        rows[up]![m]! += v;
      });
  });
  return rows.map((values) => [...values, values.reduce((s, v) => s + v, 0)]);
}

/** A table of ShownRows for footRows, and the rows in order. */
function treeOf(table: Table, fixed?: Map<string, number>) {
  const values = exact(table);
  const rows: ShownRow[] = values.map((v) => ({
    values: v.slice(0, -1),
    total: v.at(-1)!,
    shown: [],
    shownTotal: 0,
  }));
  const nodeOf = (r: number): RowTree => {
    const m = values[r]!.length;
    const fix = Array.from({ length: m }, (_, c) => fixed?.get(`${r}:${c}`));
    return {
      row: rows[r]!,
      ...(fix.some((k) => k !== undefined) ? { fixed: { shown: fix.slice(0, -1), shownTotal: fix.at(-1) } } : {}),
      // A leaf has no children (an empty list would be a sum of nothing, which shows 0).
      ...(table.parents.includes(r) ? { children: table.parents.flatMap((p, c) => (p === r ? [nodeOf(c)] : [])) } : {}),
    };
  };
  return { tree: nodeOf(0), rows, values };
}

const shownOf = (rows: ShownRow[]) => rows.map((r) => [...r.shown, r.shownTotal]);

/** Whether shown figures foot: each parent the sum of its children per column, each row its months' sum. */
function foots(table: Table, shown: number[][]): boolean {
  const columns = shown[0]!.length;
  for (const row of shown) if (row.slice(0, -1).reduce((s, v) => s + v, 0) !== row.at(-1)) return false;
  for (let r = 0; r < shown.length; r++) {
    const children = table.parents.flatMap((p, c) => (p === r ? [c] : []));
    if (children.length === 0) continue;
    for (let c = 0; c < columns; c++)
      if (children.reduce((s, ch) => s + shown[ch]![c]!, 0) !== shown[r]![c]) return false;
  }
  return true;
}

/**
 * The fewest figures moved off their own rounding over every footed rounding in which each figure is
 * its exact value rounded down or up and the fixed ones show their value; null when none exists.
 */
function bruteForce(table: Table, fixed: Map<string, number> = new Map()): number | null {
  const values = exact(table);
  const cells = values.flatMap((row, r) => row.map((ore, c) => ({ r, c, ore })));
  const choices = cells.map(({ r, c, ore }) => {
    const k = fixed.get(`${r}:${c}`);
    return k !== undefined ? [k] : [...new Set([floorK(ore), ceilK(ore)])];
  });
  let best: number | null = null;
  const shown = values.map((row) => row.map(() => 0));
  const visit = (i: number, moved: number) => {
    if (best !== null && moved >= best) return;
    if (i === cells.length) {
      if (foots(table, shown)) best = moved;
      return;
    }
    const { r, c, ore } = cells[i]!;
    for (const k of choices[i]!) {
      shown[r]![c] = k;
      visit(i + 1, moved + (k !== own(ore) && !fixed.has(`${r}:${c}`) ? 1 : 0));
    }
  };
  visit(0, 0);
  return best;
}

/**
 * The best footed rounding with every figure within a krone of its own rounding, by brute force: the
 * fewest kroner of fixed figures off their value, then the fewest figures beyond a rounding of their exact value
 * (an exact zero counting twice), then the fewest off their own rounding. Its score, or null if none foots.
 */
function bruteForceBounded(table: Table, fixed: Map<string, number>): [number, number, number] | null {
  const values = exact(table);
  const cells = values.flatMap((row, r) => row.map((ore, c) => ({ r, c, ore })));
  let best: [number, number, number] | null = null;
  const shown = values.map((row) => row.map(() => 0));
  const visit = (i: number) => {
    if (i === cells.length) {
      if (!foots(table, shown)) return;
      const score = scoreOf(values, shown, fixed);
      if (best === null || less(score, best)) best = score;
      return;
    }
    const { r, c, ore } = cells[i]!;
    for (const k of [own(ore) - 1, own(ore), own(ore) + 1]) {
      shown[r]![c] = k;
      visit(i + 1);
    }
  };
  visit(0);
  return best;
}

const less = (a: readonly number[], b: readonly number[]) =>
  a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!)));

function scoreOf(values: number[][], shown: number[][], fixed: Map<string, number>): [number, number, number] {
  const score: [number, number, number] = [0, 0, 0];
  values.forEach((row, r) => {
    row.forEach((ore, c) => {
      const k = shown[r]![c]!;
      const pin = fixed.get(`${r}:${c}`);
      if (pin !== undefined && Math.abs(pin - own(ore)) <= 1) {
        score[0] += Math.abs(k - pin);
      } else if (k !== floorK(ore) && k !== ceilK(ore)) score[1] += ore === 0 ? 2 : 1;
      else if (k !== own(ore)) score[2]++;
    });
  });
  return score;
}

const movedOf = (values: number[][], shown: number[][], fixed: Map<string, number> = new Map()) =>
  values.flat().filter((ore, i) => {
    const r = Math.floor(i / values[0]!.length);
    const c = i % values[0]!.length;
    return !fixed.has(`${r}:${c}`) && shown.flat()[i] !== own(ore);
  }).length;

describe('controlled rounding of a statement table', () => {
  it('foots both ways where rounding each figure on its own fails both ways', () => {
    // A result with two lines over two months, every figure 0.50 kr: each rounds to 1, so a line's
    // months (1 + 1) miss its period (1.00 → 1) and the lines (1 + 1) miss the result's month (1).
    const table: Table = {
      parents: [-1, 0, 0],
      leaves: [
        [50, 50],
        [50, 50],
      ],
    };
    const { tree, rows, values } = treeOf(table);
    expect(values).toEqual([
      [100, 100, 200],
      [50, 50, 100],
      [50, 50, 100],
    ]);
    footRows(tree, 2);
    const shown = shownOf(rows);
    expect(foots(table, shown)).toBe(true);
    // Integer figures stay; each 0.50 goes down or up, one each way in every line and every month.
    expect(shown[0]).toEqual([1, 1, 2]);
    expect(shown[1]![2]).toBe(1);
    expect(shown[2]![2]).toBe(1);
    expect(shown[1]![0]! + shown[2]![0]!).toBe(1);
    expect(shown[1]![0]! + shown[1]![1]!).toBe(1);
    expect(movedOf(values, shown)).toBe(bruteForce(table));
  });

  it("shows the issue's account's period as the sum of its months", () => {
    // 5180 Påløpte feriepenger: months that each round up while their sum rounds to a krone less.
    const months = [-8_276_849, -8_276_849, -8_276_849, -8_276_848];
    const table: Table = { parents: [-1, 0, 0], leaves: [months, [-120_000_00, -130_000_00, -125_000_00, -99_999_99]] };
    const { tree, rows } = treeOf(table);
    expect(own(months.reduce((s, m) => s + m, 0))).not.toBe(months.map(own).reduce((s, k) => s + k, 0));
    footRows(tree, 4);
    const shown = shownOf(rows);
    expect(foots(table, shown)).toBe(true);
    expect(shown[1]!.slice(0, 4).reduce((s, k) => s + k, 0)).toBe(shown[1]![4]);
  });

  it('moves no more figures off their own rounding than the fewest possible (brute force), on random small tables', () => {
    const table = fc
      .constantFrom<number[]>([-1, 0, 0], [-1, 0, 0, 0], [-1, 0, 1, 1], [-1, 0, 0, 2, 2])
      .chain((parents) => {
        const leafCount = parents.filter((_, r) => !parents.includes(r)).length;
        const ore = fc.oneof(
          fc.integer({ min: -5_000, max: 5_000 }),
          fc.integer({ min: -50, max: 50 }).map((k) => k * 100 + 50),
        );
        return fc
          .integer({ min: 1, max: parents.length > 4 ? 1 : 2 })
          .chain((months) =>
            fc.array(fc.array(ore, { minLength: months, maxLength: months }), {
              minLength: leafCount,
              maxLength: leafCount,
            }),
          )
          .map((leaves): Table => ({ parents, leaves }));
      });
    fc.assert(
      fc.property(table, (t) => {
        const { tree, rows, values } = treeOf(t);
        footRows(tree, t.leaves[0]!.length);
        const shown = shownOf(rows);
        expect(foots(t, shown)).toBe(true);
        values.flat().forEach((ore, i) => {
          expect(Math.abs(shown.flat()[i]! * 100 - ore)).toBeLessThan(100);
        });
        expect(movedOf(values, shown)).toBe(bruteForce(t));
      }),
      { numRuns: 150 },
    );
  });

  it('rounds the rest around fixed figures: always within a krone of its own rounding, the fixed figures kept wherever some such rounding keeps them (brute force)', () => {
    const table = fc
      .record({
        parents: fc.constantFrom<number[]>([-1, 0, 0], [-1, 0, 0, 0], [-1, 0, 1, 1]),
        months: fc.integer({ min: 1, max: 2 }),
        seed: fc.array(fc.integer({ min: -3_000, max: 3_000 }), { minLength: 6, maxLength: 6 }),
        picks: fc.array(fc.tuple(fc.nat(20), fc.integer({ min: -1, max: 1 })), { maxLength: 3 }),
      })
      .map(({ parents, months: m, seed, picks }) => {
        // Four rows with two months would be 3^12 roundings to try: one month there.
        const months = parents.length > 3 ? 1 : m;
        const leafCount = parents.filter((_, r) => !parents.includes(r)).length;
        const leaves = Array.from({ length: leafCount }, (_, l) =>
          Array.from({ length: months }, (_, m) => seed[(l * months + m) % 6]! + l * 37),
        );
        const t: Table = { parents, leaves };
        const values = exact(t);
        // Fixed figures: some cells anywhere within a krone of their own rounding, as another table may show them.
        const fixed = new Map<string, number>();
        for (const [at, shift] of picks) {
          const r = at % parents.length;
          const c = Math.floor(at / parents.length) % (months + 1);
          fixed.set(`${r}:${c}`, own(values[r]![c]!) + shift);
        }
        return { t, fixed };
      });
    fc.assert(
      fc.property(table, ({ t, fixed }) => {
        const { tree, rows, values } = treeOf(t, fixed);
        const { released } = footRows(tree, t.leaves[0]!.length);
        const shown = shownOf(rows);
        // Always foots, every figure within a krone of its own rounding.
        expect(foots(t, shown)).toBe(true);
        values.flat().forEach((ore, i) => {
          expect(Math.abs(shown.flat()[i]! - own(ore))).toBeLessThanOrEqual(1);
        });
        // The best there is: fixed figures kept first, then the fewest beyond a rounding, then the fewest moved.
        const best = bruteForceBounded(t, fixed);
        expect(best).not.toBeNull();
        expect(scoreOf(values, shown, fixed)).toEqual(best);
        // Those not kept are counted.
        const kept = [...fixed].filter(([key, k]) => {
          const [r, c] = key.split(':').map(Number) as [number, number];
          return shown[r]![c] === k || Math.abs(k - own(values[r]![c]!)) > 1;
        }).length;
        expect(released).toBe(fixed.size - kept);
      }),
      { numRuns: 120 },
    );
  });

  it('when the fixed figures contradict each other, the fewest yield, each within a krone, and are counted', () => {
    // A row with one child has the child's figures; fixed a krone apart (own + 1 and own of 2.40), no
    // rounding keeps both: one yields, and the table still foots within a krone.
    const table: Table = { parents: [-1, 0], leaves: [[240]] };
    const fixed = new Map([
      ['0:0', 3],
      ['1:0', 2],
    ]);
    const { tree, rows } = treeOf(table, fixed);
    const { released } = footRows(tree, 1);
    const shown = shownOf(rows);
    expect(released).toBe(1);
    expect(foots(table, shown)).toBe(true);
    expect(shown[0]![0]).toBe(shown[1]![0]);
    for (const row of shown) for (const k of row) expect(Math.abs(k - 2)).toBeLessThanOrEqual(1);
    // A fixed figure beyond its bound is not shown: the bound holds, and it is counted.
    const far = treeOf(table, new Map([['0:0', 5]]));
    expect(footRows(far.tree, 1).released).toBe(1);
    for (const row of shownOf(far.rows)) for (const k of row) expect(Math.abs(k - 2)).toBeLessThanOrEqual(1);
  });

  it('is deterministic: the same table gives the same figures', () => {
    const table: Table = {
      parents: [-1, 0, 0, 0],
      leaves: [
        [50, 150, 250],
        [-50, 50, 150],
        [250, -250, 50],
      ],
    };
    const once = treeOf(table);
    const twice = treeOf(table);
    footRows(once.tree, 3);
    footRows(twice.tree, 3);
    expect(shownOf(once.rows)).toEqual(shownOf(twice.rows));
  });

  it('moves fixed figures only when they contradict each other, and still balances every node', () => {
    // Two arcs between the same nodes must carry the same figure; fixed at 1 and 2 they cannot.
    const both = roundNetwork(2, [
      { from: 0, to: 1, ore: 150, fixed: 1 },
      { from: 1, to: 0, ore: 150, fixed: 2 },
    ])!;
    expect(both.kroner[0]).toBe(both.kroner[1]);
    expect(both.released).toBe(1);
    // Whole kroner that must add up to a fixed 3: one of them a krone past its exact value, within the bound.
    const forced = roundNetwork(2, [
      { from: 0, to: 1, ore: 100 },
      { from: 0, to: 1, ore: 100 },
      { from: 1, to: 0, ore: 250, fixed: 3 },
    ])!;
    expect(forced.kroner[0]! + forced.kroner[1]!).toBe(3);
    expect(forced.released).toBe(0);
    // Nodes that cannot balance within the bounds (exact figures that do not add up): null, not a figure beyond.
    expect(roundNetwork(2, [{ from: 0, to: 1, ore: 500 }])).toBeNull();
  });

  it("keeps a figure within the kroner it is given (the gross profit beside the P&L's tree holds its parts so)", () => {
    // Two figures of 1.50 that must add up to a fixed 3: one shows 2, the other 1; the first goes up
    // (the order of the arcs breaks the tie) unless it is held at most at 1.
    const free = roundNetwork(2, [
      { from: 0, to: 1, ore: 150 },
      { from: 0, to: 1, ore: 150 },
      { from: 1, to: 0, ore: 300, fixed: 3 },
    ])!;
    expect(free.kroner.slice(0, 2).sort()).toEqual([1, 2]);
    const up = free.kroner[0] === 2 ? 0 : 1;
    const arcs: Array<{ from: number; to: number; ore: number; fixed?: number; within?: [number, number] }> = [
      { from: 0, to: 1, ore: 150 },
      { from: 0, to: 1, ore: 150 },
      { from: 1, to: 0, ore: 300, fixed: 3 },
    ];
    arcs[up] = { ...arcs[up]!, within: [0, 1] };
    const held = roundNetwork(2, arcs)!;
    expect(held.kroner[up]).toBe(1);
    expect(held.kroner[1 - up]).toBe(2);
    expect(held.released).toBe(0);
  });

  it('rounds a balance sheet column by column, its period being the last month end', () => {
    const table: Table = {
      parents: [-1, 0, 0, 0],
      leaves: [
        [50, 150],
        [50, 150],
        [50, 150],
      ],
    };
    const { tree, rows } = treeOf(table);
    // A balance: the period is the last month end, not the months' sum.
    for (const row of rows) row.total = row.values.at(-1)!;
    footRows(tree, 2, 'last');
    for (const row of rows) expect(row.shownTotal).toBe(row.shown.at(-1));
    for (const m of [0, 1])
      expect(rows[1]!.shown[m]! + rows[2]!.shown[m]! + rows[3]!.shown[m]!).toBe(rows[0]!.shown[m]);
    expect(rows[0]!.shown).toEqual([2, 5]);
  });
});
