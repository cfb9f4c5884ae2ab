// The one rounding rule, and the footing of the figures a person sees. Pure and free of imports,
// so the SDK, the exports and the assistant all use this one copy (the solver that rounds a whole
// table is in controlled-rounding.ts and table-footing.ts, so an element that only rounds a figure does
// not load it).
//
// Money is integer øre and is shown in whole kroner, each figure's own rounding being half away from
// zero (oreToKroner). Rounding each figure on its own can leave a column whose shown lines do not add
// up to its shown sum, or a row whose shown months do not add up to its shown total (1 kr off here and
// there). So a statement's table is rounded as a whole (controlled rounding): every sum of the row tree
// (accounts → lines → sums → result) adds up as shown in every column; in a table whose period column
// is the sum of its months (profit and loss, cash flow) every row's period is the sum of its shown
// months (a balance sheet's period column is its last month end); and no shown figure is more than a
// krone from its own rounding. Among the roundings that do this, the one that moves the fewest figures
// off their own rounding is taken, the same one every time.
//
// A figure shown in more than one place has one shown value, fixed in every table that shows it after
// the table it comes from, in this order, each fixed value within the bound where it is fixed:
// - profit and loss first: its period's result is its own rounding, the rest is free;
// - balance sheet, each month end: each side's sum, cash and bank, and the year's result so far at
//   their own rounding (the same as the P&L's result for a period from the fiscal year's start);
// - cash flow: cash at the start and end of each month at its own rounding (as the balance sheet),
//   the net change the shown end less the shown start, and the result before tax as the P&L of the
//   same period shows it (the server sends it with the report).
// Should fixed figures ever leave no rounding within a krone of every figure's own, the fewest of them
// yield (each still within the bound) and the statement's model counts them (`released`).

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
  /** The rows this one is the sum of; none for a figure of its own, an empty list for a sum of nothing (shows 0). */
  children?: readonly RowTree[];
  /** What this row must show where another table shows the same figure (module comment). */
  fixed?: FixedRow;
  /** Kroner this row's figures must lie within besides their bound (a figure beside the tree it is part of). */
  within?: WithinRow;
}

/** Kroner a row's figures must lie within: [least, most] per column (undefined where free), and for the period. */
export interface WithinRow {
  shown?: ReadonlyArray<readonly [number, number] | undefined>;
  shownTotal?: readonly [number, number] | undefined;
}

/** Kroner a row must show: per column (undefined where free), and for the period. */
export interface FixedRow {
  shown?: ReadonlyArray<number | undefined>;
  shownTotal?: number | undefined;
}

/** Which column of a row: an index into `values`, or the period's `total`. */
export type Column = number | 'total';
