// The footing of a statement's table (footing.ts says the rule): builds the network of its sums for
// the controlled rounding and writes each row's shown kroner. Apart from footing.ts so that an element
// that only rounds a figure does not load the solver.
import { type RoundingArc, roundNetwork } from './controlled-rounding.ts';
import {
  type Column,
  type Footed,
  type FootingNode,
  footTree,
  oreToKroner,
  type RowTree,
  type ShownRow,
} from './footing.ts';

/** Whether the period's figure is the sum of the months (P&L, cash flow) or the last month end's (balance sheet). */
export type PeriodColumn = 'sum' | 'last';

interface Flat {
  tree: RowTree;
  parent: number;
  children: number[];
}

/**
 * The rows in tree order, each with its parent and children, and apart from them the sums of nothing
 * (a line with no accounts): those show 0, they have no figure that could take a krone.
 */
function flatten(tree: RowTree): { rows: Flat[]; empty: ShownRow[] } {
  const all: Flat[] = [];
  const empty: ShownRow[] = [];
  const visit = (t: RowTree, parent: number) => {
    if (t.children?.length === 0 && parent >= 0) {
      empty.push(t.row);
      return;
    }
    const at = all.length;
    all.push({ tree: t, parent, children: [] });
    if (parent >= 0) all[parent]!.children.push(at);
    for (const child of t.children ?? []) visit(child, at);
  };
  visit(tree, -1);
  return { rows: all, empty };
}

/** Whether the table's exact figures add up: each sum to its parts in every column, each row to its months. */
function addsUp(rows: Flat[], columns: number, period: PeriodColumn): boolean {
  const at = (f: Flat, c: Column) => oreAt(f.tree.row, c);
  const all: Column[] = [...Array.from({ length: columns }, (_, i) => i), 'total'];
  for (const f of rows) {
    if (
      period === 'sum' &&
      columns > 0 &&
      f.tree.row.values.slice(0, columns).reduce((s, v) => s + v, 0) !== f.tree.row.total
    )
      return false;
    if (period === 'last' && columns > 0 && f.tree.row.total !== at(f, columns - 1)) return false;
    if (f.children.length === 0) continue;
    for (const c of all) if (f.children.reduce((s, i) => s + at(rows[i]!, c), 0) !== at(f, c)) return false;
  }
  return true;
}

/**
 * Foots a statement's table (module comment) and writes each row's `shown` and `shownTotal`: every
 * figure within a krone of its own rounding, rows with `fixed` figures showing those wherever some
 * such rounding does (controlled-rounding.ts). Returns how many fixed figures are not shown at their
 * value (0 unless the fixed figures leave no such rounding, or the table does not add up). A table
 * whose exact figures do not add up (a source that does not) has no true sums to foot to: it is footed
 * column by column as far as it adds up (footTree).
 */
export function footRows(tree: RowTree, columns: number, period: PeriodColumn = 'sum'): { released: number } {
  const { rows, empty } = flatten(tree);
  for (const row of empty) {
    row.shown = row.values.map(() => 0);
    row.shownTotal = 0;
  }
  const zero = empty.every((row) => row.total === 0 && row.values.every((v) => v === 0));
  const fixedAt = (f: Flat, c: Column) => (c === 'total' ? f.tree.fixed?.shownTotal : f.tree.fixed?.shown?.[c]);
  const arcs: RoundingArc[] = [];
  const cells: Array<{ row: ShownRow; column: Column }> = [];
  const arc = (f: Flat, column: Column, from: number, to: number) => {
    const within = column === 'total' ? f.tree.within?.shownTotal : f.tree.within?.shown?.[column];
    arcs.push({ from, to, ore: oreAt(f.tree.row, column), fixed: fixedAt(f, column), within });
    cells.push({ row: f.tree.row, column });
  };
  let nodes = 0;
  if (period === 'sum' && columns > 0) {
    // Z balances the result's months against its period; W(r) the period column's tree; V(r, m) each
    // month's tree; a leaf's node U(l) its months against its period (which carries every row's).
    const Z = nodes++;
    const W = rows.map((f) => (f.children.length ? nodes++ : -1));
    const U = rows.map((f) => (f.children.length ? -1 : nodes++));
    const V = rows.map((f) => (f.children.length ? Array.from({ length: columns }, () => nodes++) : []));
    rows.forEach((f, r) => {
      const p = f.parent;
      const own = f.children.length ? W[r]! : U[r]!;
      arc(f, 'total', p >= 0 ? W[p]! : Z, own);
      for (let m = 0; m < columns; m++) arc(f, m, f.children.length ? V[r]![m]! : U[r]!, p >= 0 ? V[p]![m]! : Z);
    });
  } else {
    // Each month end on its own (or the period alone, without months): Z(m) feeds the leaves and takes
    // the root's figure back.
    const all: Column[] = columns > 0 ? Array.from({ length: columns }, (_, m) => m) : ['total'];
    for (const column of all) {
      const Z = nodes++;
      const V = rows.map((f) => (f.children.length ? nodes++ : -1));
      rows.forEach((f, r) => {
        const p = f.parent;
        arc(f, column, f.children.length ? V[r]! : Z, p >= 0 ? V[p]! : Z);
      });
    }
  }
  const rounded = zero && addsUp(rows, columns, period) ? roundNetwork(nodes, arcs) : null;
  if (!rounded) {
    // No true sums to foot to (or, which the bounds rule out for a table that adds up, no rounding
    // within them): each column footed as a tree, its root at its fixed figure or its own rounding.
    footByColumn(tree, columns, rootFixed(tree));
    if (period === 'last' && columns > 0) for (const f of rows) f.tree.row.shownTotal = f.tree.row.shown[columns - 1]!;
    return { released: arcs.filter((a, i) => a.fixed !== undefined && a.fixed !== shownAt(cells[i]!)).length };
  }
  cells.forEach(({ row, column }, i) => {
    if (column === 'total') row.shownTotal = rounded.kroner[i]!;
    else row.shown[column] = rounded.kroner[i]!;
  });
  if (period === 'last' && columns > 0) for (const f of rows) f.tree.row.shownTotal = f.tree.row.shown[columns - 1]!;
  return { released: rounded.released };
}

const shownAt = ({ row, column }: { row: ShownRow; column: Column }) =>
  column === 'total' ? row.shownTotal : row.shown[column];

const oreAt = (row: ShownRow, column: Column) => (column === 'total' ? row.total : (row.values[column] ?? 0));

const rootFixed = (tree: RowTree) => (column: Column) =>
  column === 'total' ? tree.fixed?.shownTotal : tree.fixed?.shown?.[column];

/** Each column (each month, and the period) footed as a tree on its own: for tables that do not add up. */
function footByColumn(tree: RowTree, columns: number, rootKroner: (column: Column) => number | undefined): void {
  const toNode = (t: RowTree, column: Column): FootingNode => ({
    ore: oreAt(t.row, column),
    children: (t.children ?? []).map((c) => toNode(c, column)),
  });
  const write = (t: RowTree, footed: Footed, column: Column) => {
    if (column === 'total') t.row.shownTotal = footed.kroner;
    else t.row.shown[column] = footed.kroner;
    (t.children ?? []).forEach((child, i) => {
      write(child, footed.children[i]!, column);
    });
  };
  const all: Column[] = [...Array.from({ length: columns }, (_, i) => i), 'total'];
  for (const column of all) {
    const root = toNode(tree, column);
    write(tree, footTree(root, rootKroner(column) ?? oreToKroner(root.ore)), column);
  }
}
