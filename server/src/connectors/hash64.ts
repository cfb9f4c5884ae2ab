// A fast non-cryptographic hash for the import's in-memory checks: never stored, never compared across runs.

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
