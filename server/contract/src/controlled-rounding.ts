// Controlled rounding of a table whose sums form a network (Cox 1987): every figure is shown as its
// exact value rounded down or up, and every sum in the table still adds up as shown. Pure and free of
// imports, so the SDK's bundle carries it (a general LP or flow library would not fit its budget, and
// none small and well kept gives the deterministic, integer-cost tie-breaking needed here).
//
// The table is given as a network: each figure is an arc between two nodes, and each node says that
// what flows in equals what flows out (a sum equals its parts). A statement's two families of sums
// (the row tree: accounts → lines → sums → result, and the columns: months → the period) are both
// laminar, so such a network exists (footing.ts builds it) and its constraint matrix is totally
// unimodular: the exact figures are a fractional flow within [down, up] of every arc, so an integer
// flow within those bounds exists, and a min-cost flow finds one.
//
// Method: start from every figure rounded on its own (half away from zero) or at its fixed value;
// that leaves some nodes out of balance by whole kroner. Those kroner are sent, by successive shortest
// paths (Dijkstra on reduced costs), from the nodes with too much to the nodes with too little, each
// unit moving figures one krone along its path. Moving a figure to its other rounding costs W plus how
// much further from its exact value it then lies (in øre), so the fewest figures leave their own
// rounding, and among as few, those that lose least; moving it a second krone (more than 1 kr from
// exact) costs BIG (twice that for a figure that is exactly zero), and is taken only where the fixed
// figures leave no other way: two tables' shared figures can leave a third figure no rounding within a
// krone (the P&L's result before tax footed on its own, and the year's result rounded on its own, leave
// the tax of a month with no other tax nothing to give), and then the table still foots and still shows
// the shared figures, with the fewest figures a krone further off. A fixed figure (one
// shown elsewhere, which this table must agree with) never moves, unless the fixed figures contradict
// each other, when they too are moved, at the highest cost. Ties are broken by the order of the arcs,
// so the result is deterministic.

/** A figure of the table: its exact value in øre, the arc's ends, and the kroner it must show, if given. */
export interface RoundingArc {
  from: number;
  to: number;
  ore: number;
  fixed?: number | undefined;
}

export interface Rounded {
  /** whole kroner per arc, in the order given */
  kroner: number[];
  /** how many figures lie a krone or more from their exact value (0 unless the fixed figures forced it) */
  beyond: number;
}

const halfAway = (ore: number): number => {
  const abs = Math.abs(ore);
  const k = Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
  return (ore < 0 ? -k : k) || 0;
};

/** |k kroner − ore| in øre. */
const error = (k: number, ore: number) => Math.abs(k * 100 - ore);

interface Edge {
  to: number;
  cap: number;
  cost: number;
  /** index of the reverse edge in `edges` */
  rev: number;
  /** the arc it changes, and by +1 or −1 per unit sent */
  arc: number;
  step: 1 | -1;
}

const INF = Number.MAX_SAFE_INTEGER;

/**
 * Rounds every arc's figure to whole kroner so that every node balances, each figure within a krone of
 * its exact value where the fixed figures allow, the fewest moved from their own rounding.
 */
export function roundNetwork(nodeCount: number, arcs: readonly RoundingArc[]): Rounded {
  const kroner = arcs.map((a) => (a.fixed !== undefined ? a.fixed : halfAway(a.ore)));
  const strict = solve(nodeCount, arcs, kroner, false);
  const result = strict ?? solve(nodeCount, arcs, kroner, true);
  if (!result) throw new Error('controlled rounding: no integer solution'); // cannot happen: every arc may move
  return { kroner: result, beyond: result.filter((k, i) => error(k, arcs[i]!.ore) >= 100).length };
}

function solve(nodeCount: number, arcs: readonly RoundingArc[], start: number[], relaxFixed: boolean): number[] | null {
  const n = arcs.length;
  const W = 101 * (n + 1);
  const BIG = W * (n + 1) + 1;
  const source = nodeCount;
  const sink = nodeCount + 1;
  const graph: Edge[][] = Array.from({ length: nodeCount + 2 }, () => []);
  const add = (from: number, to: number, cap: number, cost: number, arc: number, step: 1 | -1) => {
    if (cap <= 0) return;
    graph[from]!.push({ to, cap, cost, rev: graph[to]!.length, arc, step });
    graph[to]!.push({ to: from, cap: 0, cost: -cost, rev: graph[from]!.length - 1, arc, step: step === 1 ? -1 : 1 });
  };
  const excess = new Array<number>(nodeCount).fill(0);
  arcs.forEach((a, i) => {
    const k = start[i]!;
    excess[a.to]! += k;
    excess[a.from]! -= k;
    if (a.fixed !== undefined) {
      if (relaxFixed) {
        add(a.from, a.to, INF, 3 * BIG, i, 1);
        add(a.to, a.from, INF, 3 * BIG, i, -1);
      }
      return;
    }
    const down = Math.floor(a.ore / 100);
    const up = Math.ceil(a.ore / 100);
    // Sending a unit from → to raises the figure; to → from lowers it.
    add(a.from, a.to, up - k, W + error(k + 1, a.ore) - error(k, a.ore), i, 1);
    add(a.to, a.from, k - down, W + error(k - 1, a.ore) - error(k, a.ore), i, -1);
    // A second krone costs BIG, on a figure that is exactly zero twice that: no line appears from nothing.
    const beyond = a.ore === 0 ? 2 * BIG : BIG;
    add(a.from, a.to, INF, beyond, i, 1);
    add(a.to, a.from, INF, beyond, i, -1);
  });
  // A node with more flowing in than out sends the surplus on: raising what leaves it, lowering what enters.
  let needed = 0;
  for (let v = 0; v < nodeCount; v++) {
    if (excess[v]! > 0) {
      add(source, v, excess[v]!, 0, -1, 1);
      needed += excess[v]!;
    } else if (excess[v]! < 0) add(v, sink, -excess[v]!, 0, -1, 1);
  }
  const kroner = [...start];
  const potential = new Array<number>(nodeCount + 2).fill(0);
  while (needed > 0) {
    const path = shortestPath(graph, source, sink, potential);
    if (!path) return null;
    // That path, then every other as short (edges of reduced cost 0), before searching again.
    for (let next: Array<[number, number]> | null = path; next && needed > 0; ) {
      needed -= augment(graph, next, kroner, needed);
      next = needed > 0 ? admissiblePath(graph, source, sink, potential) : null;
    }
  }
  return kroner;
}

/** Sends as much as the path takes (at most `limit`) along it; returns how much. */
function augment(graph: Edge[][], path: ReadonlyArray<[number, number]>, kroner: number[], limit: number): number {
  let amount = limit;
  for (const [v, e] of path) amount = Math.min(amount, graph[v]![e]!.cap);
  for (const [v, e] of path) {
    const edge = graph[v]![e]!;
    edge.cap -= amount;
    graph[edge.to]![edge.rev]!.cap += amount;
    if (edge.arc >= 0) kroner[edge.arc]! += edge.step * amount;
  }
  return amount;
}

/** A path from source to sink over edges of reduced cost 0 (a shortest one under the potentials), by depth-first search. */
function admissiblePath(
  graph: Edge[][],
  source: number,
  sink: number,
  potential: number[],
): Array<[number, number]> | null {
  const seen = new Uint8Array(graph.length);
  const path: Array<[number, number]> = [];
  const next = new Int32Array(graph.length);
  const stack = [source];
  seen[source] = 1;
  while (stack.length > 0) {
    const v = stack[stack.length - 1]!;
    if (v === sink) return path;
    const edges = graph[v]!;
    let moved = false;
    while (next[v]! < edges.length) {
      const i = next[v]!++;
      const e = edges[i]!;
      if (e.cap > 0 && !seen[e.to] && e.cost + potential[v]! - potential[e.to]! === 0) {
        seen[e.to] = 1;
        path.push([v, i]);
        stack.push(e.to);
        moved = true;
        break;
      }
    }
    if (!moved) {
      stack.pop();
      path.pop();
    }
  }
  return null;
}

/** Dijkstra on reduced costs; updates the potentials. The path as [node, edge index] from source to sink. */
function shortestPath(
  graph: Edge[][],
  source: number,
  sink: number,
  potential: number[],
): Array<[number, number]> | null {
  const size = graph.length;
  const dist = new Array<number>(size).fill(INF);
  const prev: Array<[number, number] | null> = new Array(size).fill(null);
  const heap = new MinHeap();
  dist[source] = 0;
  heap.push(0, source);
  const done = new Uint8Array(size);
  while (heap.size > 0) {
    const [d, v] = heap.pop();
    if (done[v] || d > dist[v]!) continue;
    done[v] = 1;
    // The sink reached: what is further away cannot shorten its path.
    if (v === sink) break;
    const edges = graph[v]!;
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i]!;
      if (e.cap <= 0) continue;
      const next = d + e.cost + potential[v]! - potential[e.to]!;
      if (next < dist[e.to]!) {
        dist[e.to] = next;
        prev[e.to] = [v, i];
        heap.push(next, e.to);
      }
    }
  }
  if (dist[sink] === INF) return null;
  // Nodes not settled count as at the sink's distance, which keeps every reduced cost non-negative.
  const far = dist[sink]!;
  for (let v = 0; v < size; v++) potential[v]! += done[v] ? dist[v]! : far;
  const path: Array<[number, number]> = [];
  for (let v = sink; v !== source; ) {
    const step = prev[v]!;
    path.push(step);
    v = step[0];
  }
  return path.reverse();
}

/** A binary heap of [key, node], smallest key first; equal keys by the smaller node, so the order is fixed. */
class MinHeap {
  private keys: number[] = [];
  private nodes: number[] = [];
  get size() {
    return this.keys.length;
  }
  private less(a: number, b: number) {
    return this.keys[a]! < this.keys[b]! || (this.keys[a] === this.keys[b] && this.nodes[a]! < this.nodes[b]!);
  }
  private swap(a: number, b: number) {
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
    [this.nodes[a], this.nodes[b]] = [this.nodes[b]!, this.nodes[a]!];
  }
  push(key: number, node: number) {
    this.keys.push(key);
    this.nodes.push(node);
    for (let i = this.keys.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): [number, number] {
    const top: [number, number] = [this.keys[0]!, this.nodes[0]!];
    const lastKey = this.keys.pop()!;
    const lastNode = this.nodes.pop()!;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.nodes[0] = lastNode;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.keys.length && this.less(l, m)) m = l;
        if (r < this.keys.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}
