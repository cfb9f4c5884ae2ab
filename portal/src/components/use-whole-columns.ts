import { type RefObject, useLayoutEffect } from 'react';
import './whole-columns.css';

/**
 * Keeps a wide table's figures whole in its sideways scroll box (issue 27: nothing a person needs to
 * read is cut off). The first column (the row names) is pinned at the left and the columns whose head
 * cell says `data-pin="end"` at the right; the columns between them share the room left in equal
 * columns, a whole number of them, each at least as wide as the widest figure of any, and the box
 * snaps to their edges. So at any scroll position (the first, a swipe, a focused input scrolled into
 * view) the box shows whole columns: no figure is cut at its edge or under a pinned column.
 *
 * The statements do the same in the SDK (sdk/src/reports/shared/statement-grid.ts, for a grid of the
 * SDK's own markup inside a shadow root); this one serves the portal's own tables, e.g. the budget grid.
 * A table that fits its box is left to its automatic layout.
 */
export function useWholeColumns(boxRef: RefObject<HTMLElement | null>, content: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` names what the table shows (its figures); the layout is measured anew when it changes.
  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = box?.querySelector<HTMLTableElement>(':scope > table');
    if (!box || !table) return;
    let width = -1;
    const fit = () => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fitWholeColumns(box, table);
    };
    fit();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef, content]);
}

/** Lays `table` out in whole columns inside `box` (see useWholeColumns); false when it fits as it is. */
export function fitWholeColumns(box: HTMLElement, table: HTMLTableElement): boolean {
  table.style.removeProperty('width');
  table.style.removeProperty('--name-width');
  table.style.removeProperty('--column-width');
  table.classList.remove('whole-columns');
  box.classList.remove('whole-columns-box');
  for (const cell of table.querySelectorAll<HTMLElement>('[data-pinned]')) {
    cell.style.removeProperty('right');
    cell.style.removeProperty('width');
    delete cell.dataset.pinned;
  }
  const head = table.tHead?.rows[0];
  const all = box.clientWidth;
  if (!head || table.getBoundingClientRect().width <= all + 0.5) return false;

  const heads = [...head.cells];
  const pinnedAt = heads.flatMap((cell, i) => (cell.dataset.pin === 'end' ? [i] : []));
  const moving = heads.flatMap((cell, i) => (i > 0 && cell.dataset.pin !== 'end' ? [i] : []));
  if (moving.length === 0) return false;
  const rows = [...table.rows].filter((row) => row.cells.length === heads.length);
  const need = (i: number) =>
    Math.ceil(
      Math.max(...rows.map((row) => Math.max(row.cells[i]!.getBoundingClientRect().width, row.cells[i]!.scrollWidth))),
    );
  const widest = Math.max(...moving.map(need));
  const pinWidths = pinnedAt.map(need);
  const right = pinWidths.reduce((sum, w) => sum + w, 0);
  // The names keep their width, or give way to one column beside the pinned ones (down to 88 px).
  const names = Math.max(88, Math.min(need(0), all - right - widest));
  const room = Math.max(widest, all - names - right);
  // A hair under the exact share, so rounding never leaves a column a pixel too wide for the room.
  const column = Math.floor((room / Math.max(1, Math.floor(room / widest))) * 100) / 100;

  table.style.setProperty('--name-width', `${names}px`);
  table.style.setProperty('--column-width', `${column}px`);
  table.style.width = `${names + column * moving.length + right}px`;
  table.classList.add('whole-columns');
  // Each pinned cell sits at the sum of the pinned widths to its right.
  for (const row of rows) {
    let offset = right;
    pinnedAt.forEach((i, k) => {
      offset -= pinWidths[k]!;
      const cell = row.cells[i]!;
      cell.dataset.pinned = 'end';
      cell.style.right = `${offset}px`;
      cell.style.width = `${pinWidths[k]}px`;
    });
  }
  box.style.setProperty('--pin-left', `${names}px`);
  box.style.setProperty('--pin-right', `${right}px`);
  box.classList.add('whole-columns-box');
  return true;
}
