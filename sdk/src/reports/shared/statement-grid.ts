/**
 * How a statement's table sits in its scroll box and how a keyboard moves through it (issue 27).
 *
 * Layout: the line names are pinned at the left and the period column (the total, or a balance sheet's
 * period end) at the right; the months scroll between them. Each month column is widened so that a
 * whole number of them fills the room between the pinned columns exactly, and the box snaps to month
 * boundaries, so no month is ever cut mid-digit under a pinned column. The box opens scrolled to its
 * end: the latest month beside the total.
 *
 * Keyboard: the table is one Tab stop (a grid with a roving tabindex); the arrow keys, Home and End
 * move between its cells, and the focused cell is scrolled clear of the pinned columns.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';

/** The cells of a body row that take part in the grid (section headings do not). */
const rowsOf = (table: HTMLTableElement): HTMLTableRowElement[] =>
  [...table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr')].filter(
    (row) => !row.classList.contains('section'),
  );

/** A row's cells (the DOM's own `cells`, read through `children` so every DOM implementation agrees). */
const cellsOf = (row: HTMLTableRowElement): HTMLTableCellElement[] => [...row.children] as HTMLTableCellElement[];

/** What a cell's focus lands on: its button (a drill or a toggle), else the cell itself. */
const targetOf = (cell: HTMLTableCellElement): HTMLElement =>
  (cell.querySelector('button') as HTMLElement | null) ?? cell;

const cellOf = (el: Element | null): HTMLTableCellElement | null =>
  (el?.closest('td, th') as HTMLTableCellElement | null) ?? null;

/** The head's line-name cell, its pinned period cell (where it is pinned, see `even`), its months and every figure column. */
function pinned(table: HTMLTableElement) {
  const head = table.querySelector<HTMLTableRowElement>(':scope > thead > tr');
  if (!head) return null;
  const cells = cellsOf(head);
  const left = cells[0]!;
  const right = cells.at(-1)!;
  const pinnedRight = right.classList.contains('pinned-end') && !table.classList.contains('even');
  return {
    left,
    right: pinnedRight ? right : null,
    months: cells.filter((c) => c.dataset.month !== undefined),
    figures: cells.slice(1),
  };
}

/**
 * Lays the columns out so whole columns fill the room beside the pinned line names, and the box snaps
 * to column edges (theme.css: scroll-snap-type, scroll-padding = the pinned columns' widths), so any
 * scroll position (the opening one, a swipe, a focused cell scrolled into view) lands on whole columns
 * and no figure is ever cut under a pinned column or at the box's edge.
 * - With the period column pinned at the right and room for a month beside it: the months share the
 *   room between the pinned columns (line names at their width, giving way to one month and the
 *   period column; the period column at its own width).
 * - Otherwise (a comparison, or a column too narrow for a month beside both pinned columns): every
 *   figure column, the period column included, takes an equal share of the room beside the line names
 *   (class `even`: the period column scrolls with the months).
 * The natural widths are measured first; a table that fits its box keeps its automatic layout.
 * Returns whether the columns scroll.
 */
export function fitMonths(box: HTMLElement, table: HTMLTableElement): boolean {
  for (const name of ['--name-width', '--month-width', '--pin-width', 'width']) table.style.removeProperty(name);
  table.classList.remove('fitted', 'even');
  box.classList.remove('snap');
  const cols = pinned(table);
  if (!cols || cols.figures.length === 0) return false;
  const width = (el: Element) => el.getBoundingClientRect().width;
  const all = box.clientWidth;
  if (table.getBoundingClientRect().width <= all + 0.5) return false;
  // What each column's figures need (a cell's scrollWidth: its content and padding, even where the
  // automatic layout squeezed it), not only the width the layout gave it.
  const need = (cells: Iterable<Element>) =>
    Math.ceil(Math.max(0, ...[...cells].map((c) => Math.max(width(c), c.scrollWidth))));
  const bodyCells = (keep: (c: HTMLElement) => boolean) =>
    [...table.querySelectorAll<HTMLElement>(':scope > tbody > tr:not(.section) > td')].filter(keep);
  const monthKeys = new Set(cols.months.map((c) => c.dataset.month));
  const widest = Math.max(need(cols.months), need(bodyCells((c) => monthKeys.has(c.dataset.column))));
  const right = cols.right
    ? Math.max(need([cols.right]), need(bodyCells((c) => c.classList.contains('pinned-end'))))
    : 0;
  // The names keep the width the automatic layout gave them, or a quarter of the box up to 260 px so
  // most fit on one line; they give way to one column (and the period column), down to 88 px.
  const namesBeside = (others: number) =>
    Math.max(88, Math.min(all - others, Math.max(width(cols.left), Math.min(all / 4, 260))));
  const set = (names: number, column: number, count: number, pin: number) => {
    table.style.setProperty('--name-width', `${names}px`);
    table.style.setProperty('--month-width', `${column}px`);
    table.style.setProperty('--pin-width', `${pin}px`);
    table.style.width = `${names + column * count + pin}px`;
    table.classList.add('fitted');
  };
  // A hair under the exact share, so rounding never leaves a column a pixel too wide for the room.
  const share = (room: number, column: number) =>
    Math.floor((room / Math.max(1, Math.floor(room / column))) * 100) / 100;
  const names = namesBeside(widest + right);
  if (cols.right && cols.months.length >= 2 && widest > 0 && all - names - right >= widest) {
    set(names, share(all - names - right, widest), cols.months.length, right);
  } else {
    // Every figure column alike, each at least the widest figure of any of them.
    const figures = cols.figures.map((th, i) =>
      Math.max(
        need([th]),
        need(
          [...table.querySelectorAll(`:scope > tbody > tr:not(.section)`)]
            .map((row) => row.children[i + 1])
            .filter((c): c is Element => !!c),
        ),
      ),
    );
    const column = Math.max(...figures);
    // The names give way to two columns where they can (a period beside its comparison), else to one.
    const beside = all - 2 * column >= 88 ? namesBeside(2 * column) : namesBeside(column);
    table.classList.add('even');
    set(beside, share(all - beside, column), cols.figures.length, 0);
  }
  box.style.setProperty('--pin-left', `${width(cols.left)}px`);
  box.style.setProperty('--pin-right', `${cols.right && !table.classList.contains('even') ? width(cols.right) : 0}px`);
  box.classList.add('snap');
  return true;
}

/**
 * Scrolls the box to what the statement reports: its end (the latest month beside the pinned period
 * column), or where a comparison follows the period (`even` columns), the period's own column at the
 * line names' edge, the comparison beside it (a column edge, so the snapping keeps it). Returns the
 * position it scrolled to.
 */
export function showLatest(box: HTMLElement, table?: HTMLTableElement): number {
  const head = table?.classList.contains('even') ? table.querySelector(':scope > thead > tr') : null;
  const compare = head?.querySelector<HTMLElement>(':scope > [part~="comparison-header"]');
  const period =
    head?.querySelector<HTMLElement>(':scope > [part~="total-header"]') ??
    (compare?.previousElementSibling as HTMLElement | null | undefined);
  const names = head?.firstElementChild as HTMLElement | null | undefined;
  box.scrollLeft = compare && period && names ? period.offsetLeft - names.offsetWidth : box.scrollWidth;
  return box.scrollLeft;
}

/** Gives the grid its one Tab stop: `active` (or the first row's name) takes 0, every other cell -1. */
export function rove(table: HTMLTableElement, active: HTMLElement | null): HTMLElement | null {
  const rows = rowsOf(table);
  const targets = rows.flatMap((row) => cellsOf(row).map(targetOf));
  for (const cell of rows.flatMap(cellsOf)) {
    if (targetOf(cell) !== cell) cell.removeAttribute('tabindex');
  }
  const stop = active && targets.includes(active) ? active : (targets[0] ?? null);
  for (const target of targets) target.tabIndex = target === stop ? 0 : -1;
  return stop;
}

/** Moves the focus for an arrow key, Home or End; returns the newly focused element, or null if the key is not ours. */
export function move(table: HTMLTableElement, from: Element, key: string, ctrl: boolean): HTMLElement | null {
  const cell = cellOf(from);
  if (!cell) return null;
  const rows = rowsOf(table);
  const row = rows.indexOf(cell.parentElement as HTMLTableRowElement);
  if (row < 0) return null;
  const col = cellsOf(rows[row]!).indexOf(cell);
  let r = row;
  let c = col;
  const last = (i: number) => rows[i]!.children.length - 1;
  switch (key) {
    case 'ArrowRight':
      c = Math.min(col + 1, last(row));
      break;
    case 'ArrowLeft':
      c = Math.max(col - 1, 0);
      break;
    case 'ArrowDown':
      r = Math.min(row + 1, rows.length - 1);
      break;
    case 'ArrowUp':
      r = Math.max(row - 1, 0);
      break;
    case 'Home':
      c = 0;
      if (ctrl) r = 0;
      break;
    case 'End':
      c = last(row);
      if (ctrl) r = rows.length - 1;
      break;
    default:
      return null;
  }
  c = Math.min(c, last(r));
  const target = targetOf(cellsOf(rows[r]!)[c]!);
  rove(table, target);
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return target;
}

/** Scrolls the box sideways so `el`'s cell lies between the pinned columns, not under them. */
export function clearOfPins(box: HTMLElement, table: HTMLTableElement, el: Element): void {
  const cell = cellOf(el);
  const cols = pinned(table);
  if (!cell || !cols || getComputedStyle(cell).position === 'sticky') return;
  const boxRect = box.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  const left = boxRect.left + cols.left.getBoundingClientRect().width;
  const right = boxRect.right - (cols.right ? cols.right.getBoundingClientRect().width : 0);
  if (rect.left < left) box.scrollLeft -= left - rect.left;
  else if (rect.right > right) box.scrollLeft += rect.right - right;
}

/**
 * The statement table's layout and keyboard: refs for its scroll box and table, and the handlers the
 * table takes. `months` (the month keys) and `pinned` say when the months must be fitted again.
 */
export function useStatementGrid(months: string, pinnedColumn: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const stop = useRef<HTMLElement | null>(null);
  // Months sized to fill the room between the pinned columns, opened on the latest; refitted as the box resizes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the months and the pinned column are what make a new fit due
  useLayoutEffect(() => {
    const el = box.current;
    const grid = table.current;
    if (!el || !grid) return;
    // Kept at its opening position (showLatest) until the reader scrolls away from it, through every
    // refit (a card that is laid out late, a window that resizes).
    let atOpening = true;
    let opening = 0;
    const refit = () => {
      fitMonths(el, grid);
      if (atOpening) opening = showLatest(el, grid);
    };
    const onScroll = () => {
      atOpening = Math.abs(el.scrollLeft - opening) <= 2;
    };
    refit();
    el.addEventListener('scroll', onScroll, { passive: true });
    if (typeof ResizeObserver !== 'function') return () => el.removeEventListener('scroll', onScroll);
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      refit();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [months, pinnedColumn]);
  // One Tab stop: after every render the remembered cell (or the first) keeps tabindex 0.
  useLayoutEffect(() => {
    if (table.current) stop.current = rove(table.current, stop.current);
  });
  const onKeyDown = (event: KeyboardEvent) => {
    const grid = table.current;
    if (!grid || !box.current || event.altKey || event.metaKey) return;
    const moved = move(grid, event.target as Element, event.key, event.ctrlKey);
    if (!moved) return;
    event.preventDefault();
    stop.current = moved;
    clearOfPins(box.current, grid, moved);
  };
  const onFocusIn = (event: FocusEvent) => {
    const grid = table.current;
    const target = event.target as HTMLElement;
    if (!grid || !box.current || !grid.querySelector(':scope > tbody')?.contains(target)) return;
    stop.current = rove(grid, target);
    clearOfPins(box.current, grid, target);
  };
  return { box, table, onKeyDown, onFocusIn };
}
