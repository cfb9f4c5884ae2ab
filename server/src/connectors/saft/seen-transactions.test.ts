import { describe, expect, it } from 'vitest';
import { Hash64 } from '../hash64.ts';
import { SeenTransactions } from './seen-transactions.ts';

describe('SeenTransactions', () => {
  it('gives back the fingerprint stored for a journal and ID, through many growths', () => {
    const seen = new SeenTransactions();
    for (let i = 0; i < 50_000; i++) expect(seen.getOrSet('GL', String(i), i * 7)).toBeUndefined();
    for (let i = 0; i < 50_000; i++) expect(seen.getOrSet('GL', String(i), 1)).toBe(i * 7);
    // The same ID in another journal is another transaction.
    expect(seen.getOrSet('AR', '42', 5)).toBeUndefined();
    expect(seen.getOrSet('AR', '42', 6)).toBe(5);
    expect(seen.getOrSet('GL', '42', 6)).toBe(42 * 7);
  });
});

describe('Hash64', () => {
  const h = () => new Hash64();
  it('tells texts apart by where they are split, and integers beyond 32 bits', () => {
    expect(h().text('a').text('bc').value53).not.toBe(h().text('ab').text('c').value53);
    expect(h().text('').text('x').value53).not.toBe(h().text('x').text('').value53);
    expect(h().integer(1).value53).not.toBe(h().integer(4294967297).value53);
    expect(h().integer(-5).value53).not.toBe(h().integer(5).value53);
    expect(h().text('1920').integer(100).value53).toBe(h().text('1920').integer(100).value53);
  });
});
