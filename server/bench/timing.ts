// How the benches time a call: a few untimed runs first (caches, JIT), then each run timed alone.

/** The times of `rounds` runs of `run` in ms, ascending, after `warmup` untimed ones. */
export async function timedRuns(run: () => Promise<unknown>, rounds: number, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** The value at fraction `p` of ascending values (0.5: the median); NaN for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;
