// Heap figures for the tests and benches that hold a reader to a memory bound.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Vitest's workers and tsx run without --expose-gc; V8 makes `gc` for contexts created after the flag is set.
setFlagsFromString('--expose-gc');
/** A full garbage collection, so a heap figure taken after it is what is still held. */
export const gc = runInNewContext('gc') as () => void;

/**
 * Runs `work` from a collected heap and gives its answer with the heap before and the peak: sampled
 * every 2 ms while it runs (a reader that awaits lets the timer in) and right after it (what a
 * synchronous reader allocated is still there, uncollected).
 */
export async function heapPeakDuring<T>(work: () => Promise<T>): Promise<{ result: T; start: number; peak: number }> {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  try {
    const result = await work();
    return { result, start, peak: Math.max(peak, process.memoryUsage().heapUsed) };
  } finally {
    clearInterval(sampler);
  }
}
