// Which TransactionIDs a journal has had, with a fingerprint of each one's content, for the copy
// check (saft-checks.ts). It is the one thing the SAF-T connector keeps per voucher, so it lives in
// typed arrays rather than a Map of strings: 16 bytes a slot, up to two slots a voucher (about
// 12 MB for a file of a million lines), outside the V8 heap the garbage collector walks and sizes
// itself by. A key is a 64-bit hash of journal and ID: two IDs are taken for one with odds of about
// n²/2^65 (4 in a billion at 370 000 vouchers), as the fingerprint already is at 1 in 2^53.

/** A 64-bit string hash in two 32-bit lanes, fed piece by piece (cyrb53's mixing, its full width). */
export class Hash64 {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  reset(): this {
    this.h1 = 0xdeadbeef;
    this.h2 = 0x41c6ce57;
    return this;
  }

  /** A 32-bit unit; an integer of up to 53 bits is fed as two. */
  unit(n: number): this {
    this.h1 = Math.imul(this.h1 ^ n, 2654435761);
    this.h2 = Math.imul(this.h2 ^ n, 1597334677);
    return this;
  }

  integer(n: number): this {
    return this.unit(n | 0).unit(Math.floor(n / 4294967296) | 0);
  }

  /** The text and its length, so that no two sequences of texts feed the same units. */
  text(s: string): this {
    let h1 = Math.imul(this.h1 ^ s.length, 2654435761);
    let h2 = Math.imul(this.h2 ^ s.length, 1597334677);
    for (let i = 0; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** The 53-bit result, as cyrb53 gives it. */
  get value53(): number {
    const [lo, hi] = this.mixed();
    return 4294967296 * (2097151 & hi) + lo;
  }

  /** Both lanes, 64 bits: [low, high], each unsigned. */
  mixed(): [number, number] {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return [h1 >>> 0, h2 >>> 0];
  }
}

/** Open addressing over (key low, key high) → fingerprint; a slot is empty while its fingerprint is -1. */
export class SeenTransactions {
  private lows = new Uint32Array(1024);
  private highs = new Uint32Array(1024);
  private prints = new Float64Array(1024).fill(-1);
  private size = 0;
  private readonly key = new Hash64();

  /** The fingerprint stored for (journal, id), or stores `fingerprint` (≥ 0) and returns undefined. */
  getOrSet(journal: string, id: string, fingerprint: number): number | undefined {
    const [low, high] = this.key.reset().text(journal).text(id).mixed();
    const mask = this.prints.length - 1;
    for (let i = low & mask; ; i = (i + 1) & mask) {
      const print = this.prints[i]!;
      if (print < 0) {
        this.lows[i] = low;
        this.highs[i] = high;
        this.prints[i] = fingerprint;
        if (++this.size * 2 > this.prints.length) this.grow();
        return undefined;
      }
      if (this.lows[i] === low && this.highs[i] === high) return print;
    }
  }

  private grow(): void {
    const { lows, highs, prints } = this;
    const capacity = prints.length * 2;
    this.lows = new Uint32Array(capacity);
    this.highs = new Uint32Array(capacity);
    this.prints = new Float64Array(capacity).fill(-1);
    const mask = capacity - 1;
    for (let j = 0; j < prints.length; j++) {
      if (prints[j]! < 0) continue;
      let i = lows[j]! & mask;
      while (this.prints[i]! >= 0) i = (i + 1) & mask;
      this.lows[i] = lows[j]!;
      this.highs[i] = highs[j]!;
      this.prints[i] = prints[j]!;
    }
  }
}
