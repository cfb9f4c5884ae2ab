// Controlled rounding of a table whose sums form a network (Cox 1987): every figure is shown in whole
// kroner, every sum in the table adds up as shown, and no figure is more than a krone from its own
// rounding (half away from zero, oreToKroner). Pure, so the SDK's bundle carries it (a general LP or
// flow library would not fit its budget, and none small and well kept gives the deterministic,
// integer-cost tie-breaking needed here).
//
// The table is given as a network: each figure is an arc between two nodes, and each node says that
// what flows in equals what flows out (a sum equals its parts). A statement's two families of sums
// (the row tree, and the months → the period) are both laminar, so such a network exists
// (table-footing.ts builds it) and its constraint matrix is totally unimodular: the exact figures are
// a fractional flow within [down, up] of every arc, so an integer flow within those bounds exists.
//
// Bounds (hard): a figure lies in [own − 1, own + 1], own being its own rounding. A fixed figure (one
// shown in another table, which this one must agree with) is kept where some rounding within those
// bounds keeps every fixed figure; where none does, the fixed figures yield as few kroner as they can,
// each still within a krone of its own rounding, and `released` counts those not shown at their value
// (a fixed value beyond its bound is not shown, and counted too). That is the only fallback: the
// bound and the footing always hold, and a table whose exact figures add up always has such a
// rounding (the exact figures lie inside the bounds); for one that does not, the result is null.
//
// Cost of a figure's value, lexicographic by tiers: its own rounding costs 0; its other rounding
// (the exact value rounded the other way) W plus how much further from exact it lies (øre); a value
// within a krone of its own rounding but not a rounding of the exact value (2.00 shown as 3, 2.40 as
// 1) B plus the same; on an exact zero twice that, so no line shows a krone from nothing where another
// figure can take it; a fixed figure off its value H a krone (costs that grow with each krone, as a
// shortest-path method needs). W > every øre term together, B > every W together, H > every B
// together: the fewest figures leave their own rounding, and among as few, those that lose least.
//
// Method: start from every figure at its own rounding (fixed ones at their value), where every figure
// is at its cheapest. That leaves some nodes out of balance by whole kroner, mostly a few near each
// other. Each node with kroner too many, in order, sends them one at a time to the nearest node with
// too few, by successive shortest paths: Dijkstra from that node on reduced costs (potentials keep them
// non-negative, so each path is a cheapest one and the result a cheapest rounding), stopping at the
// first node short of a krone, with potentials updated only where the search went. The search stays
// near the imbalance it repairs, which is what makes it fast. Each unit moves the figures along its
// path by a krone. Every choice (the heap on equal keys, the order of arcs at a node, the order of the
// nodes) is by index, so the result is the same every time.

import { oreToKroner } from './footing.ts';
import { Heap } from './min-heap.ts';

/** A figure of the table: its exact value in øre, the arc's ends, and the kroner it must show, if given. */
export interface RoundingArc {
  from: number;
  to: number;
  ore: number;
  fixed?: number | undefined;
  /** Kroner the figure must lie within besides its bound (a figure beside the table that is its sum). */
  within?: readonly [number, number] | undefined;
}

export interface Rounded {
  /** whole kroner per arc, in the order given, each within a krone of its own rounding */
  kroner: number[];
  /** fixed figures not shown at their value (0 unless the fixed figures leave no rounding within the bounds) */
  released: number;
}

/** The cost of showing x kroner for a free figure of `ore` øre whose own rounding is k (module comment). */
function costOf(x: number, k: number, ore: number, W: number, B: number): number {
  const lost = Math.abs(100 * x - ore) - Math.abs(100 * k - ore);
  if (x === k) return 0;
  return (x >= Math.floor(ore / 100) && x <= Math.ceil(ore / 100) ? W : ore === 0 ? 2 * B : B) + lost;
}

/**
 * Rounds every arc's figure to whole kroner so that every node balances (module comment). Null only
 * when no rounding within a krone of each figure's own balances every node, which cannot happen when
 * the exact figures balance.
 */
export function roundNetwork(nodeCount: number, arcs: readonly RoundingArc[]): Rounded | null {
  const n = arcs.length;
  // Cost tiers (module comment), kept within exact doubles: beyond 4000 figures the tiers are those of
  // 4000, which keeps the bounds and the footing and only weakens the tie-breaking between tiers.
  const N = Math.min(n, 4000) + 1;
  const W = 101 * N;
  const B = (W + 100) * N + 1;
  const H = (2 * B + 200) * N + 1;
  const INF = Number.POSITIVE_INFINITY;

  const net = new Network(nodeCount, n);
  const { at, cost, excess } = net;
  const own = new Float64Array(n);
  const pin = new Int8Array(n);
  let released = 0;
  for (let i = 0; i < n; i++) {
    const { ore, fixed, from, to, within } = arcs[i]!;
    const k = oreToKroner(ore);
    own[i] = k;
    net.from[i] = from;
    net.to[i] = to;
    if (fixed !== undefined && Math.abs(fixed - k) <= 1) {
      pin[i] = 1;
      at[i] = fixed - k + 1;
      for (let p = 0; p < 3; p++) cost[3 * i + p] = H * Math.abs(p - at[i]!);
    } else {
      // A fixed figure beyond the bounds is not shown: the bound holds, and it counts as released.
      if (fixed !== undefined) released++;
      at[i] = 1;
      cost[3 * i] = costOf(k - 1, k, ore, W, B);
      cost[3 * i + 2] = costOf(k + 1, k, ore, W, B);
      if (within && within[0] <= k + 1 && within[1] >= k - 1) {
        // Positions outside are closed; the figure starts at the cheapest open one (nearest its own).
        for (let p = 0; p < 3; p++) if (k + p - 1 < within[0] || k + p - 1 > within[1]) cost[3 * i + p] = INF;
        if (cost[3 * i + 1] === INF) at[i] = cost[3 * i]! < cost[3 * i + 2]! ? 0 : 2;
      }
    }
    const x = k + at[i]! - 1;
    excess[to] = excess[to]! + x;
    excess[from] = excess[from]! - x;
  }
  net.link();

  // Each node with kroner too many, in order, sends them one by one to the nearest with too few.
  for (let v = 0; v < nodeCount; v++) while (excess[v]! > 0) if (!net.fromSource(v)) return null;
  const kroner = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    kroner[i] = own[i]! + at[i]! - 1;
    if (pin[i] && at[i] !== arcs[i]!.fixed! - own[i]! + 1) released++;
  }
  return { kroner, released };
}

/**
 * The figures as a flow network, and the shortest augmenting paths from the nodes with kroner too many
 * to those with too few, on reduced costs (potentials). Each path found is applied at once: its figures
 * move by a krone, its ends' excess by one. Typed arrays and plain loops: this is the hot part.
 */
class Network {
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** Each figure's position in its bounds: 0, 1 or 2 for own − 1, own, own + 1. */
  readonly at: Int8Array;
  /** The cost of each position, three per arc (Infinity where closed). */
  readonly cost: Float64Array;
  /** Kroner flowing in less kroner flowing out, per node. */
  readonly excess: Float64Array;
  // Each node's arcs (CSR): the arc, +1 where the node is its start (a krone sent on raises the
  // figure) or −1 where it is its end (a krone sent back lowers it), and the node at the other end.
  private start = new Int32Array(0);
  private adjArc = new Int32Array(0);
  private adjDir = new Int8Array(0);
  private adjTo = new Int32Array(0);
  // The search's state.
  private readonly potential: Float64Array;
  private readonly dist: Float64Array;
  private readonly seen: Int32Array;
  private readonly settled: Int32Array;
  private readonly prevNode: Int32Array;
  private readonly prevEdge: Int32Array;
  private readonly heap = new Heap();
  private readonly done: number[] = [];
  private generation = 0;

  constructor(
    private readonly nodes: number,
    arcs: number,
  ) {
    this.from = new Int32Array(arcs);
    this.to = new Int32Array(arcs);
    this.at = new Int8Array(arcs);
    this.cost = new Float64Array(3 * arcs);
    this.excess = new Float64Array(nodes);
    this.potential = new Float64Array(nodes);
    this.dist = new Float64Array(nodes);
    this.seen = new Int32Array(nodes);
    this.settled = new Int32Array(nodes);
    this.prevNode = new Int32Array(nodes);
    this.prevEdge = new Int32Array(nodes);
  }

  /** Builds each node's list of arcs, once `from` and `to` are set. */
  link() {
    const { from, to, nodes } = this;
    const n = from.length;
    const start = new Int32Array(nodes + 1);
    for (let i = 0; i < n; i++) {
      start[from[i]! + 1]!++;
      start[to[i]! + 1]!++;
    }
    for (let v = 0; v < nodes; v++) start[v + 1]! += start[v]!;
    const fill = start.slice(0, nodes);
    this.adjArc = new Int32Array(2 * n);
    this.adjDir = new Int8Array(2 * n);
    this.adjTo = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) {
      let e = fill[from[i]!]!++;
      this.adjArc[e] = i;
      this.adjDir[e] = 1;
      this.adjTo[e] = to[i]!;
      e = fill[to[i]!]!++;
      this.adjArc[e] = i;
      this.adjDir[e] = -1;
      this.adjTo[e] = from[i]!;
    }
    this.start = start;
  }

  /** Moves a krone along edge e (from the node it is listed at to its other end). */
  private move(e: number) {
    this.at[this.adjArc[e]!]! += this.adjDir[e]!;
  }

  /**
   * Dijkstra from node s (which has kroner too many) to the nearest node (by reduced cost) with too
   * few; updates the potentials and sends a krone along the path. False when no such node is reachable.
   */
  fromSource(s: number): boolean {
    const { potential, dist, seen, settled, heap, excess, start, adjArc, adjDir, adjTo, at, cost, prevNode, prevEdge } =
      this;
    const g = ++this.generation;
    heap.clear();
    const done = this.done;
    done.length = 0;
    seen[s] = g;
    dist[s] = 0;
    prevNode[s] = -1;
    heap.push(0, s);
    let sink = -1;
    while (heap.size > 0) {
      const d = heap.topKey();
      const v = heap.pop();
      if (settled[v] === g || d > dist[v]!) continue;
      settled[v] = g;
      done.push(v);
      if (excess[v]! < 0) {
        sink = v;
        break;
      }
      const pv = potential[v]!;
      for (let e = start[v]!, end = start[v + 1]!; e < end; e++) {
        const w = adjTo[e]!;
        if (settled[w] === g) continue;
        const arc = adjArc[e]!;
        const now = at[arc]!;
        const p = now + adjDir[e]!;
        if (p < 0 || p > 2) continue;
        const c = cost[3 * arc + p]! - cost[3 * arc + now]!;
        if (c === Number.POSITIVE_INFINITY) continue;
        const dw = d + c + pv - potential[w]!;
        if (seen[w] === g && dw >= dist[w]!) continue;
        seen[w] = g;
        dist[w] = dw;
        prevNode[w] = v;
        prevEdge[w] = e;
        heap.push(dw, w);
      }
    }
    if (sink < 0) return false;
    // Settled nodes move by their distance less the sink's; the rest (at the sink's distance or beyond)
    // keep theirs: the same reduced costs as moving every node by its distance capped at the sink's.
    const far = dist[sink]!;
    for (const v of done) potential[v]! += dist[v]! - far;
    for (let v = sink; prevNode[v] !== -1; v = prevNode[v]!) this.move(prevEdge[v]!);
    excess[s]!--;
    excess[sink]!++;
    return true;
  }
}
