import { type RefObject, useEffect, useState } from 'react';

type Check = () => void;

// One observer for every scroll box of the page: its one callback reads all the boxes that changed and
// only then do their states change (React renders them together after it). With an observer per box,
// each box's re-render came before the next box's read, and each read laid the page out again.
const checks = new Map<Element, Check>();
let shared: ResizeObserver | undefined;

function observe(elements: Element[], check: Check): () => void {
  if (typeof ResizeObserver !== 'function') {
    check();
    return () => {};
  }
  shared ??= new ResizeObserver((entries) => {
    const due = new Set<Check>();
    for (const entry of entries) {
      const found = checks.get(entry.target);
      if (found) due.add(found);
    }
    for (const run of due) run();
  });
  for (const el of elements) {
    checks.set(el, check);
    shared.observe(el);
  }
  return () => {
    for (const el of elements) {
      if (checks.get(el) !== check) continue;
      checks.delete(el);
      shared?.unobserve(el);
    }
  };
}

/**
 * Whether a scroll box's content is taller than the box (`scrolls`), and whether some of it is still
 * below the visible part (`more`), following the content as it loads and the user as they scroll.
 */
export function useScrollHint(ref: RefObject<HTMLElement | null>): { scrolls: boolean; more: boolean } {
  const [state, setState] = useState({ scrolls: false, more: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const scrolls = el.scrollHeight > el.clientHeight + 1;
      const more = scrolls && el.scrollTop + el.clientHeight < el.scrollHeight - 1;
      setState((old) => (old.scrolls === scrolls && old.more === more ? old : { scrolls, more }));
    };
    el.addEventListener('scroll', check, { passive: true });
    // The SDK element inside grows when its data arrives. The observer's first report, after the
    // browser's own layout, is the first check: read at mount, each card laid the page out early.
    const unobserve = observe([el, ...el.children], check);
    return () => {
      el.removeEventListener('scroll', check);
      unobserve();
    };
  }, [ref]);
  return state;
}
