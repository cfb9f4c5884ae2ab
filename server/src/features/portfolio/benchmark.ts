// The firm's benchmarks (issue 29): per portfolio column, the quartiles of the boards in a group
// (all the user may view, or those with a tag), and where each row stands among them. Pure, over the
// rows already computed: every board's figures are the same NS 4102 statement lines (the month
// summaries' figures), so boards on different charts of accounts compare like for like.
//
// Written here rather than taken from a library: the method is the three lines of `quantileSorted`,
// and a dependency (d3-array's is the same R-7 method) would add more than it saves.

import type { PortfolioRow } from '@saldo/contract';
import { roundHalfAway } from '@saldo/contract/numbers/footing';

export interface Benchmark {
  q1: number | null;
  median: number | null;
  q3: number | null;
  /** The values it is over: a board without a value is left out. */
  n: number;
}

export type Position = 1 | 2 | 3 | 4 | null;

/**
 * The p-quantile of sorted values by linear interpolation between closest ranks, Hyndman and Fan's
 * method 7: h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). It is Excel's QUARTILE.INC and
 * PERCENTILE.INC, R's and NumPy's default.
 */
export function quantileSorted(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const x = sorted[low]!;
  return low + 1 < sorted.length ? x + (h - low) * (sorted[low + 1]! - x) : x;
}

/**
 * The quartiles of the values that are there (nulls left out). `integer`: the column's values are
 * integers (øre, a KPI's ten-thousandths), and so are its quartiles, rounded half away from zero.
 */
export function benchmarkOf(values: ReadonlyArray<number | null>, integer: boolean): Benchmark {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return { q1: null, median: null, q3: null, n: 0 };
  const at = (p: number) => {
    const q = quantileSorted(sorted, p);
    return integer ? roundHalfAway(q) : q;
  };
  return { q1: at(0.25), median: at(0.5), q3: at(0.75), n: sorted.length };
}

/**
 * Where a value stands: 1 below q1, 2 from q1 to below the median, 3 from the median to q3, 4 above
 * q3; null without a value, or when the benchmark is over fewer than two boards (nothing to stand among).
 */
export function positionIn(value: number | null, b: Benchmark): Position {
  if (value === null || b.n < 2 || b.q1 === null || b.median === null || b.q3 === null) return null;
  if (value < b.q1) return 1;
  if (value < b.median) return 2;
  if (value <= b.q3) return 3;
  return 4;
}

/** A column of the portfolio: its id, each row's value, and whether its values are integers. */
export interface BenchmarkColumn<R> {
  id: string;
  value: (row: R) => number | null;
  integer: boolean;
}

/** The boards a `benchmark` query names: 'all', or 'tag:<tag>' for those with the tag. */
export const inGroup = (group: string) => {
  const tag = group.startsWith('tag:') ? group.slice(4) : null;
  return (row: Pick<PortfolioRow, 'tags'>) => tag === null || row.tags.includes(tag);
};

/** Each column's benchmark over the group's rows, and each row's position in it (every row, in the group or not). */
export function benchmarkRows<R extends Pick<PortfolioRow, 'tags'>>(
  rows: readonly R[],
  columns: readonly BenchmarkColumn<R>[],
  group: string,
) {
  const members = rows.filter(inGroup(group));
  const figures = Object.fromEntries(columns.map((c) => [c.id, benchmarkOf(members.map(c.value), c.integer)] as const));
  const positions = rows.map((row) =>
    Object.fromEntries(columns.map((c) => [c.id, positionIn(c.value(row), figures[c.id]!)] as const)),
  );
  return { figures, positions };
}
