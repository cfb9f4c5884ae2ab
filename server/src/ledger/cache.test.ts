import { describe, expect, it } from 'vitest';
import { createPromiseCache as createReportCache } from './cache.ts';

describe('createReportCache', () => {
  it('computes a key once for the requests that ask while it computes', async () => {
    const cache = createReportCache<{ n: number }>();
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const compute = async () => {
      computed++;
      await gate;
      return { n: computed };
    };
    const asked = Array.from({ length: 4 }, () => cache.getOrCompute('k', compute));
    release();
    const answers = await Promise.all(asked);
    expect(computed).toBe(1);
    expect(answers.every((a) => a === answers[0])).toBe(true);
    expect(await cache.getOrCompute('k', compute)).toBe(answers[0]);
    expect(computed).toBe(1);
  });

  it('keeps no failed computation: the waiting requests get the error, the next one computes again', async () => {
    const cache = createReportCache<number>();
    let computed = 0;
    const failing = async () => {
      computed++;
      await Promise.resolve();
      throw new Error('source down');
    };
    const asked = [cache.getOrCompute('k', failing), cache.getOrCompute('k', failing)];
    for (const a of asked) await expect(a).rejects.toThrow('source down');
    expect(computed).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.getOrCompute('k', async () => 7)).toBe(7);
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = createReportCache<string>(2);
    await cache.getOrCompute('a', async () => 'a');
    await cache.getOrCompute('b', async () => 'b');
    await cache.getOrCompute('a', async () => 'a again');
    await cache.getOrCompute('c', async () => 'c');
    expect(await cache.getOrCompute('a', async () => 'a recomputed')).toBe('a');
    expect(await cache.getOrCompute('b', async () => 'b recomputed')).toBe('b recomputed');
  });
});
