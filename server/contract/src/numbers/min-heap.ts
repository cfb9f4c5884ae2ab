// A binary min-heap of (key, node) on typed arrays, for the controlled rounding's shortest paths.

/** A binary heap of (key, node), the smallest key first, equal keys by the smaller node. */
export class Heap {
  private keys = new Float64Array(64);
  private nodes = new Int32Array(64);
  size = 0;
  clear() {
    this.size = 0;
  }
  topKey() {
    return this.keys[0]!;
  }
  private less(a: number, b: number) {
    const ka = this.keys[a]!;
    const kb = this.keys[b]!;
    return ka < kb || (ka === kb && this.nodes[a]! < this.nodes[b]!);
  }
  private swap(a: number, b: number) {
    const k = this.keys[a]!;
    this.keys[a] = this.keys[b]!;
    this.keys[b] = k;
    const v = this.nodes[a]!;
    this.nodes[a] = this.nodes[b]!;
    this.nodes[b] = v;
  }
  push(key: number, node: number) {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      this.nodes = nodes;
    }
    let i = this.size++;
    this.keys[i] = key;
    this.nodes[i] = node;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): number {
    const top = this.nodes[0]!;
    this.size--;
    if (this.size > 0) {
      this.keys[0] = this.keys[this.size]!;
      this.nodes[0] = this.nodes[this.size]!;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.size && this.less(l, m)) m = l;
        if (r < this.size && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}
