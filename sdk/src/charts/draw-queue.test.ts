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

function job(name: string, log: string[], fails?: 'prepare' | 'measure' | 'draw'): ChartJob<string> {
  const step = (phase: 'prepare' | 'measure' | 'draw') => {
    log.push(`${phase} ${name}`);
    if (fails === phase) throw new Error(`${name} broke`);
  };
  return {
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
});
