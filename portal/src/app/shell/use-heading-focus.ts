import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (a lazy page, a board still loading) before we give up. */
const WAIT_MS = 5000;

/**
 * After a page change, moves the focus to the new page's heading (the first h1 in `main`), so a
 * keyboard or screen reader user starts at the page they chose rather than in the sidebar; the next
 * Tab goes on into the page. Not on the first page of a visit, not when only the address's query
 * changes (a period, a sub-board), and not when the user has already reached something inside the page
 * or a dialog holds the focus.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  const shown = useRef(pathname);
  useEffect(() => {
    if (first.current || shown.current === pathname) {
      first.current = false;
      return;
    }
    shown.current = pathname;
    const root = main.current;
    if (!root) return;
    const focusHeading = (): boolean => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      if (active && active !== root && root.contains(active)) return true;
      // A dialog still open over the page keeps its focus (the sidebar's drawer closes on a page change).
      if (active?.closest('[role="dialog"], [aria-modal="true"]') && !active.closest('#sidebar')) return true;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [main, pathname]);
}
