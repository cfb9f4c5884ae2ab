import { Hash64 } from '../hash64.ts';

// Which TransactionIDs a journal has had, with a fingerprint of each one's content, for the copy
// check (saft-checks.ts). It is the one thing the SAF-T connector keeps per voucher, so it lives in
// typed arrays rather than a Map of strings: 16 bytes a slot, up to two slots a voucher (about
// 12 MB for a file of a million lines), outside the V8 heap the garbage collector walks and sizes
// itself by. A key is a 64-bit hash of journal and ID: two IDs are taken for one with odds of about
// n²/2^65 (4 in a billion at 370 000 vouchers), as the fingerprint already is at 1 in 2^53.

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
