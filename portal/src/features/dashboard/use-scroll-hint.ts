import { type RefObject, useEffect, useState } from 'react';

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
    check();
    el.addEventListener('scroll', check, { passive: true });
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(check);
      observer.observe(el);
      // The SDK element inside grows when its data arrives.
      for (const child of el.children) observer.observe(child);
    }
    return () => {
      el.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [ref]);
  return state;
}
