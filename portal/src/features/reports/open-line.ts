import { type RefObject, useCallback, useRef } from 'react';

/**
 * Opens the drill-down of one statement line as a click on its period figure would: the line named by
 * the statement element's `data-line` (a sum) or `data-group` (a line), its period figure the Total
 * column's, or (a balance sheet) the last month end's. A page linking to a line (the portfolio's
 * figures) names it in the address as `line`; the element then reports the same `saldo-drill` as
 * the click, so the page's drill panel lists the same postings.
 */
export function openLine(host: HTMLElement | null, key: string): boolean {
  const root = host?.shadowRoot;
  if (!root) return false;
  const name = CSS.escape(key);
  const row = root.querySelector<HTMLElement>(`tr[data-line="${name}"], tr[data-group="${name}"]`);
  if (!row) return false;
  const figures = [...row.querySelectorAll<HTMLButtonElement>('td[data-column] > button')].filter(
    (button) => button.parentElement?.dataset.column !== 'comparison',
  );
  const figure =
    figures.find((button) => button.parentElement?.dataset.column === 'total') ?? figures[figures.length - 1];
  if (!figure) return false;
  figure.scrollIntoView?.({ block: 'center' });
  figure.click();
  return true;
}

/**
 * The report page's part: once the statement reports its data, the line the address names (if any) is
 * opened, once per visit; the element draws its table a frame or so after it reports, so it is tried
 * for a few frames.
 */
export function useOpenLine(element: RefObject<HTMLElement | null>, line: string | null): () => void {
  const asked = useRef(line);
  asked.current = line;
  const done = useRef(false);
  return useCallback(() => {
    const key = asked.current;
    if (!key || done.current) return;
    done.current = true;
    let frames = 0;
    const attempt = () => {
      if (!openLine(element.current, key) && ++frames < 30) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  }, [element]);
}
