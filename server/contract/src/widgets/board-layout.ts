import type { BoardWidget } from '../types/boards.ts';

/**
 * What a board shows before anyone arranged it: the top customers (tall enough for all ten rows) and
 * the profit and loss, as the first dashboard did. A board stores no widgets until its first change,
 * so every count of a board's widgets (GET /group-account's `widgetCount`, the admin pages) and the
 * portal's grid read this one list: a board with none stored shows, and counts, these.
 */
export const DEFAULT_BOARD_WIDGETS: readonly Omit<BoardWidget, 'name'>[] = [
  { id: 'top-customers', widget: 'top-customers', x: 0, y: 0, width: 6, height: 7, view: 'single', note: null },
  { id: 'profit-loss', widget: 'profit-loss', x: 0, y: 7, width: 12, height: 11, view: 'single', note: null },
];
