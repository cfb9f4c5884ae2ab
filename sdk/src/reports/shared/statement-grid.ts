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

/** The pinned columns' widths and the months' room, in the first row of the head. */
function pinned(table: HTMLTableElement) {
  const head = table.querySelector<HTMLTableRowElement>(':scope > thead > tr');
  if (!head) return null;
  const cells = cellsOf(head);
  const left = cells[0]!;
  const right = cells.at(-1)!;
  const pinnedRight = right.classList.contains('pinned-end');
  return { left, right: pinnedRight ? right : null, months: cells.filter((c) => c.dataset.month !== undefined) };
}

/**
 * Lays the columns out so a whole number of months fills the room between the pinned columns: the
 * natural widths are measured, then the table takes a fixed layout (line names at their width, giving
 * way to one month and the period column; the months at the room's share; the period column at its own width) and the box
 * snaps to month edges. Without a pinned right column, or when every month fits, the table keeps its
 * automatic layout. Returns whether the months scroll.
 */
export function fitMonths(box: HTMLElement, table: HTMLTableElement): boolean {
  for (const name of ['--name-width', '--month-width', '--pin-width', 'width']) table.style.removeProperty(name);
  table.classList.remove('fitted');
  box.classList.remove('snap');
  const cols = pinned(table);
  if (!cols?.right || cols.months.length < 2) return false;
  const width = (el: Element) => el.getBoundingClientRect().width;
  const all = box.clientWidth;
  // What each column's figures need (a cell's scrollWidth: its content and padding, even where the
  // automatic layout squeezed it), not only the width the layout gave it.
  const need = (cells: Iterable<Element>) => Math.max(0, ...[...cells].map((c) => Math.max(width(c), c.scrollWidth)));
  const keys = new Set(cols.months.map((c) => c.dataset.month));
  const widest = Math.ceil(
    Math.max(
      need(cols.months),
      need([...table.querySelectorAll<HTMLElement>('tbody td[data-column]')].filter((c) => keys.has(c.dataset.column))),
    ),
  );
  const right = Math.ceil(Math.max(need([cols.right]), need(table.querySelectorAll('tbody .pinned-end'))));
  // The names keep the width the automatic layout gave them, or a quarter of the box up to 260 px so
  // most fit on one line; they give way to one month and the period column (wrapping), down to 88 px.
  const names = Math.max(88, Math.min(all - right - widest, Math.max(width(cols.left), Math.min(all / 4, 260))));
  const room = all - names - right;
  if (room <= 0 || widest <= 0 || room >= widest * cols.months.length) return false;
  const fit = Math.max(1, Math.floor(room / widest));
  // A hair under the exact share, so rounding never leaves a month a pixel too wide for the room.
  const month = Math.floor((room / fit) * 100) / 100;
  table.style.setProperty('--name-width', `${names}px`);
  table.style.setProperty('--month-width', `${month}px`);
  table.style.setProperty('--pin-width', `${right}px`);
  table.style.width = `${names + month * cols.months.length + right}px`;
  table.classList.add('fitted');
  box.style.setProperty('--pin-left', `${width(cols.left)}px`);
  box.style.setProperty('--pin-right', `${width(cols.right)}px`);
  box.classList.add('snap');
  return true;
}

/** Scrolls the box to its end: the latest month beside the period column. */
export function showLatest(box: HTMLElement): void {
  box.scrollLeft = box.scrollWidth;
}

/**
 * Moves the box by the few pixels that leave a month partly under the line names (a layout that
 * settled after the fit: a late scrollbar, a font), so every month is wholly in view or wholly under.
 */
export function alignMonths(box: HTMLElement, table: HTMLTableElement): void {
  const cols = pinned(table);
  if (!cols?.right || !box.classList.contains('snap')) return;
  const edge = cols.left.getBoundingClientRect().right;
  for (const month of cols.months) {
    const r = month.getBoundingClientRect();
    if (r.left < edge - 0.5 && r.right > edge + 0.5) {
      // Hide it if most of it is hidden already (towards the latest), else show it whole.
      box.scrollLeft += r.right - edge < r.width / 2 ? r.right - edge : -(edge - r.left);
      return;
    }
  }
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
    // Kept at the latest month until the reader scrolls away from it, through every refit (a card that
    // is laid out late, a window that resizes).
    let atEnd = true;
    let frame = 0;
    const refit = () => {
      fitMonths(el, grid);
      if (atEnd) showLatest(el);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => alignMonths(el, grid));
    };
    const onScroll = () => {
      atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
    };
    refit();
    el.addEventListener('scroll', onScroll, { passive: true });
    if (typeof ResizeObserver !== 'function')
      return () => {
        cancelAnimationFrame(frame);
        el.removeEventListener('scroll', onScroll);
      };
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      refit();
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
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
