/**
 * Charts drawn together, once per animation frame. A chart reads the page before it draws (its colours
 * from CSS, its width), and a read after any change to the page makes the browser compute styles and
 * layout anew, for the whole page. Drawn one by one as each element's data arrives, twenty widgets'
 * charts did that once each. Here a frame's charts are first prepared (their changes to the page), then
 * all measured (one computation), then all drawn.
 *
 * A chart the page does not render yet (inside `content-visibility: auto` out of view, or not displayed)
 * waits until it is rendered: measuring it would make the browser render its whole hidden part at once.
 */

export interface ChartJob<Look> {
  /** The chart's box: drawn once the page renders it. */
  el: Element;
  /** Changes the page needs before measuring (e.g. a stylesheet for the chart's root). */
  prepare(): void;
  /** Reads the page, changing nothing. */
  measure(): Look;
  /** Draws with what was read. */
  draw(look: Look): void;
  /** Any of the three threw: the others of the frame are drawn all the same. */
  fail(error: unknown): void;
}

// biome-ignore lint/suspicious/noExplicitAny: jobs of different looks share one queue
const queue = new Set<ChartJob<any>>();
let scheduled = false;
/** Charts waiting to be rendered, each with what watches for it. */
// biome-ignore lint/suspicious/noExplicitAny: as the queue
const waiting = new Map<ChartJob<any>, ResizeObserver>();

/** False when the page skips rendering `el` (checkVisibility: Chromium 121+, Firefox 125+, Safari 17.4+). */
function rendered(el: Element): boolean {
  return typeof el.checkVisibility !== 'function' || el.checkVisibility({ contentVisibilityAuto: true });
}

// The box is laid out once the page renders it: its first size is the sign.
// biome-ignore lint/suspicious/noExplicitAny: as the queue
function wait(job: ChartJob<any>): void {
  const watch = new ResizeObserver(() => {
    if (!rendered(job.el)) return;
    watch.disconnect();
    waiting.delete(job);
    scheduleChart(job);
  });
  waiting.set(job, watch);
  watch.observe(job.el);
}

// biome-ignore lint/suspicious/noExplicitAny: as the queue
function step(jobs: Set<ChartJob<any>>, run: (job: ChartJob<any>) => void): void {
  for (const job of jobs) {
    try {
      run(job);
    } catch (error) {
      jobs.delete(job);
      job.fail(error);
    }
  }
}

function runAll(): void {
  scheduled = false;
  const jobs = new Set(queue);
  queue.clear();
  for (const job of jobs) {
    if (rendered(job.el) || typeof ResizeObserver !== 'function') continue;
    jobs.delete(job);
    wait(job);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as the queue
  const looks = new Map<ChartJob<any>, unknown>();
  step(jobs, (job) => job.prepare());
  step(jobs, (job) => looks.set(job, job.measure()));
  step(jobs, (job) => job.draw(looks.get(job)));
}

/**
 * Draws `job` with the other charts of the next animation frame (at once where there are no frames);
 * returns what takes it out of the queue if it has not run yet.
 */
export function scheduleChart<Look>(job: ChartJob<Look>): () => void {
  queue.add(job);
  if (!scheduled) {
    scheduled = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(runAll);
    else runAll();
  }
  return () => {
    queue.delete(job);
    waiting.get(job)?.disconnect();
    waiting.delete(job);
  };
}
