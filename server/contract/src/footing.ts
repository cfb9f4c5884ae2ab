// The one rounding rule, and the footing of the figures a person sees. Pure (its only import is the
// controlled rounding beside it), so the SDK, the exports and the assistant all use this one copy.
//
// Money is integer øre and is shown in whole kroner. Rounding each figure on its own can leave a
// column whose shown lines do not add up to its shown sum, or a row whose shown months do not add up
// to its shown total (1 kr off here and there). So a statement's table is rounded as a whole, by
// controlled rounding (controlled-rounding.ts says how): each shown figure is its exact value rounded
// down or up, every sum of the row tree (accounts → lines → sums → result) adds up as shown in every
// column, and in a table whose period column is the sum of its months (profit and loss, cash flow)
// every row's period figure is the sum of its shown months. A balance sheet's period column is its last
// month end, so there each column foots and the period column is the last month's. Among the roundings
// that foot, the one that moves the fewest figures from their own rounding (half away from zero) is
// taken, the same one every time.
//
// A figure shown in more than one place has one shown value, taken by every table that shows it as a
// fixed figure that the rest is rounded around (see sharedRow, table-footing.ts and the statements' row models): cash at a
// month end and the year's result so far are their own rounding; a row shared by months and a total
// (the result before tax in the P&L and the cash flow, a widget's line) is footed on its own first.

/**
 * Rounds half away from zero: 2.5 → 3, -2.5 → -3, 0.125 at 2 decimals → 0.13. Never gives -0.
 * (Math.round sends halves towards +∞, so -2.5 would become -2 but 2.5 become 3.)
 */
export function roundHalfAway(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  // toPrecision(15) drops the binary noise of products such as 1.005 × 100 = 100.49999999999999.
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.floor(scaled + 0.5) / factor;
  return (value < 0 ? -rounded : rounded) || 0;
}

/** Øre to whole kroner, half away from zero: 150 → 2, -150 → -2, 149 → 1. Exact for integer øre. */
export function oreToKroner(ore: number): number {
  if (!Number.isSafeInteger(ore)) return roundHalfAway(ore / 100);
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
  return (ore < 0 ? -kroner : kroner) || 0;
}

/**
 * Shares a shown sum (whole kroner) out over parts (øre) whose exact sum it is the rounding of: each
 * part is first rounded half away from zero, then the kroner still missing (or too many) go one each
 * to the parts that lost the most (or gained the most) in rounding, larger parts first on ties. The
 * result adds up to `shown`, and each part is its exact value rounded down or up.
 */
export function footParts(shown: number, parts: readonly number[]): number[] {
  const rounded = parts.map(oreToKroner);
  let gap = shown - rounded.reduce((s, k) => s + k, 0);
  if (gap === 0 || parts.length === 0) return rounded;
  const step = gap > 0 ? 1 : -1;
  // How far each part's exact value lies above (+) or below (−) its rounded one, in øre.
  const order = parts
    .map((ore, i) => ({ i, error: ore - rounded[i]! * 100, size: Math.abs(ore) }))
    .sort((a, b) => step * (b.error - a.error) || b.size - a.size || a.i - b.i);
  // A consistent tree never needs more than one krone a part; the loop wraps only for parts that
  // do not add up to the sum they are given, so even then the shown figures foot.
  for (let k = 0; gap !== 0; k++) {
    rounded[order[k % order.length]!.i]! += step;
    gap -= step;
  }
  return rounded;
}

/** A figure of a statement (øre) and the figures it is the sum of. */
export interface FootingNode {
  ore: number;
  children?: readonly FootingNode[];
}

/** A node's shown figure (whole kroner), and its children's, in the same order. */
export interface Footed {
  kroner: number;
  children: Footed[];
}

/**
 * The shown figures of a statement tree: the root rounded half away from zero (or given, where the
 * root is itself a difference of shown figures), each node's children footed against it. Children
 * whose exact sum is not their parent's (a source that does not add up) are rounded each on their
 * own: there is no true sum for them to foot to, and shifting kroner would hide the difference.
 */
export function footTree(node: FootingNode, kroner: number = oreToKroner(node.ore)): Footed {
  const children = node.children ?? [];
  if (children.length === 0) return { kroner, children: [] };
  const exact = children.reduce((s, c) => s + c.ore, 0);
  const shares =
    exact === node.ore
      ? footParts(
          kroner,
          children.map((c) => c.ore),
        )
      : children.map((c) => oreToKroner(c.ore));
  return { kroner, children: children.map((child, i) => footTree(child, shares[i])) };
}

/** A row of a statement table: øre per column and for the period, and what is shown (kroner). */
export interface ShownRow {
  /** øre per column (month or month end) */
  values: number[];
  /** øre for the period: the months' sum (flows) or the last month end (balances) */
  total: number;
  /** whole kroner per column, footed */
  shown: number[];
  /** whole kroner for the period, footed */
  shownTotal: number;
}

/** Rows of a statement as the tree their figures add up in. */
export interface RowTree {
  row: ShownRow;
  children?: readonly RowTree[];
  /** What this row must show where another table shows the same figure (see sharedRow). */
  fixed?: FixedRow;
}

/** Kroner a row must show: per column (undefined where free), and for the period. */
export interface FixedRow {
  shown?: ReadonlyArray<number | undefined>;
  shownTotal?: number | undefined;
}

/** Which column of a row: an index into `values`, or the period's `total`. */
export type Column = number | 'total';

/**
 * The shown kroner of a single figure shown in several tables (cash at a month end, the year's result
 * so far, a balance sheet side's sum): rounded half up (2.50 → 3, −2.50 → −2), so that the difference
 * of two of them (the net change of cash, the tax between the result before tax and the result) lies
 * strictly within a krone of the exact difference, which half away from zero does not promise when
 * the two have opposite signs (0.50 → 1 and −0.50 → −1 differ by 2 where the exact figures differ by 1).
 */
export function sharedKroner(ore: number): number {
  return Math.floor((ore + 50) / 100) || 0;
}

/**
 * A row shown by months and a total in more than one place (the result before tax in the P&L and the
 * cash flow; a P&L line in a widget), footed on its own: the total rounded half away from zero, the
 * months sharing it out by largest remainder. Every table that shows the row takes this as fixed, so
 * they all show the same figures. Months that do not add up to the total are each rounded on their own.
 */
export function sharedRow(values: readonly number[], total: number): { shown: number[]; shownTotal: number } {
  const shownTotal = sharedKroner(total);
  const exact = values.reduce((s, v) => s + v, 0) === total;
  return { shown: exact ? footParts(shownTotal, values) : values.map(oreToKroner), shownTotal };
}
