import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A wide table's sideways scroll box. While the table is wider than the box, the box is a named region
 * in the tab order, so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1; axe's
 * scrollable-region-focusable); a table that fits adds no tab stop.
 */
export function TableScroll({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={`table-scroll ${className}`}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
