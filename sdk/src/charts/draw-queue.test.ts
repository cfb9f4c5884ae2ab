import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChartJob, scheduleChart } from './draw-queue';

// The browser's frames, run by hand: what a frame runs is the point of the module.
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
});
afterEach(() => {
  vi.unstubAllGlobals();
});
function nextFrame() {
  const run = frames;
  frames = [];
  for (const callback of run) callback(0);
}

/** A chart box the page renders, or not yet (out of view under `content-visibility: auto`). */
function box(rendered = true): Element {
  return { checkVisibility: () => rendered } as unknown as Element;
}

function job(
  name: string,
  log: string[],
  fails?: 'prepare' | 'measure' | 'draw',
  el: Element = box(),
): ChartJob<string> {
  const step = (phase: 'prepare' | 'measure' | 'draw') => {
    log.push(`${phase} ${name}`);
    if (fails === phase) throw new Error(`${name} broke`);
  };
  return {
    el,
    prepare: () => step('prepare'),
    measure: () => {
      step('measure');
      return `${name}'s look`;
    },
    draw: (look) => {
      step('draw');
      log.push(`with ${look}`);
    },
    fail: (error) => log.push(`failed: ${(error as Error).message}`),
  };
}

describe('charts drawn together once a frame', () => {
  it('prepares every chart of the frame, then measures them all, then draws them all', () => {
    const log: string[] = [];
    scheduleChart(job('a', log));
    scheduleChart(job('b', log));
    expect(log).toEqual([]);
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(log).toEqual([
      'prepare a',
      'prepare b',
      'measure a',
      'measure b',
      'draw a',
      "with a's look",
      'draw b',
      "with b's look",
    ]);
  });

  it('draws a chart scheduled after a frame in the next one', () => {
    const log: string[] = [];
    scheduleChart(job('a', log));
    nextFrame();
    scheduleChart(job('b', log));
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(log.filter((line) => line.startsWith('draw'))).toEqual(['draw a', 'draw b']);
  });

  it('leaves out a chart taken out of the queue before its frame', () => {
    const log: string[] = [];
    const cancel = scheduleChart(job('a', log));
    scheduleChart(job('b', log));
    cancel();
    nextFrame();
    expect(log.some((line) => line.endsWith(' a'))).toBe(false);
    expect(log).toContain('draw b');
  });

  it('draws the others when one chart fails, and tells the one that failed', () => {
    for (const phase of ['prepare', 'measure', 'draw'] as const) {
      const log: string[] = [];
      scheduleChart(job('a', log, phase));
      scheduleChart(job('b', log));
      nextFrame();
      expect(log).toContain('failed: a broke');
      expect(log).toContain("with b's look");
      // The failed chart goes no further than the step that broke.
      expect(log.filter((line) => line.endsWith(' a'))).toHaveLength(['prepare', 'measure', 'draw'].indexOf(phase) + 1);
    }
  });

  it('draws a chart the page does not render yet once it is rendered, with the charts of that frame', () => {
    const watchers: Array<{ report: () => void; observed: Element[]; gone: boolean }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        watcher: { report: () => void; observed: Element[]; gone: boolean };
        constructor(callback: () => void) {
          this.watcher = { report: callback, observed: [], gone: false };
          watchers.push(this.watcher);
        }
        observe(el: Element) {
          this.watcher.observed.push(el);
        }
        disconnect() {
          this.watcher.gone = true;
        }
      },
    );
    const log: string[] = [];
    let shown = false;
    const hidden = { checkVisibility: () => shown } as unknown as Element;
    scheduleChart(job('a', log, undefined, hidden));
    scheduleChart(job('b', log));
    nextFrame();
    // Not even measured: measuring would make the browser render it there and then.
    expect(log.some((line) => line.endsWith(' a'))).toBe(false);
    expect(log).toContain('draw b');
    expect(watchers.map((w) => w.observed)).toEqual([[hidden]]);

    // A report while still skipped changes nothing; once rendered it is drawn in the next frame.
    watchers[0]!.report();
    expect(frames).toHaveLength(0);
    shown = true;
    watchers[0]!.report();
    expect(watchers[0]!.gone).toBe(true);
    nextFrame();
    expect(log).toContain("with a's look");
  });

  it('stops waiting for a chart taken away before it was rendered', () => {
    const watchers: Array<{ gone: boolean }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        watcher = { gone: false };
        constructor() {
          watchers.push(this.watcher);
        }
        observe() {}
        disconnect() {
          this.watcher.gone = true;
        }
      },
    );
    const cancel = scheduleChart(job('a', [], undefined, box(false)));
    nextFrame();
    expect(watchers).toHaveLength(1);
    cancel();
    expect(watchers[0]!.gone).toBe(true);
  });
});
