import type { BoardWidget } from '@saldo/server/contract';

/** A widget's place on the 12-column grid, as gridstack reports it. */
export interface GridPosition {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const GRID_COLUMNS = 12;

/** Default size of a newly added widget: reports are taller than lists. */
export function defaultSize(type: string): { width: number; height: number } {
  if (type === 'profit-loss' || type === 'balance-sheet' || type === 'cash-flow') return { width: 12, height: 8 };
  return { width: 6, height: 5 };
}

/** Spec §5: a widget may not be added twice. Widgets are keyed by their type. */
export function canAddWidget(widgets: readonly BoardWidget[], type: string): boolean {
  return !widgets.some((widget) => widget.widget === type || widget.id === type);
}

/** The next widget goes below everything already on the grid, at the left edge. */
export function addWidget(widgets: readonly BoardWidget[], type: string, name: string): BoardWidget[] {
  if (!canAddWidget(widgets, type)) return [...widgets];
  const bottom = widgets.reduce((max, widget) => Math.max(max, widget.y + widget.height), 0);
  const { width, height } = defaultSize(type);
  return [...widgets, { id: type, name, widget: type, x: 0, y: bottom, width, height, view: 'single', note: null }];
}

/** Applies gridstack's change list; ids it does not name keep their place. */
export function applyPositions(widgets: readonly BoardWidget[], changes: readonly GridPosition[]): BoardWidget[] {
  const byId = new Map(changes.map((change) => [change.id, change]));
  return widgets.map((widget) => {
    const change = byId.get(widget.id);
    if (!change) return widget;
    return { ...widget, x: change.x, y: change.y, width: change.w, height: change.h };
  });
}

/** True when the two layouts differ in anything the server stores. */
export function layoutChanged(a: readonly BoardWidget[], b: readonly BoardWidget[]): boolean {
  return JSON.stringify(serialiseWidgets(a)) !== JSON.stringify(serialiseWidgets(b));
}

/** The widget list in the exact shape the board-preference and sub-board calls take, in a stable order. */
export function serialiseWidgets(widgets: readonly BoardWidget[]): BoardWidget[] {
  return [...widgets]
    .sort((a, b) => a.y - b.y || a.x - b.x || a.id.localeCompare(b.id))
    .map((w) => ({
      id: w.id,
      name: w.name,
      widget: w.widget,
      x: Math.max(0, Math.round(w.x)),
      y: Math.max(0, Math.round(w.y)),
      width: Math.min(GRID_COLUMNS, Math.max(1, Math.round(w.width))),
      height: Math.max(1, Math.round(w.height)),
      view: w.view === 'comparison' ? 'comparison' : 'single',
      note: w.note ?? null,
    }));
}

/** The body of PATCH /api/widgets/board-preference/:groupId/update. */
export function boardPreferenceBody(groupId: string, widgets: readonly BoardWidget[]) {
  return { groupId, widgets: serialiseWidgets(widgets) };
}

/**
 * What a board shows before anyone arranged it: the top customers and the profit and loss, as the
 * first dashboard did. It is saved only once the user changes something.
 */
export function defaultLayout(names: { topCustomers: string; profitLoss: string }): BoardWidget[] {
  return [
    {
      id: 'top-customers',
      name: names.topCustomers,
      widget: 'top-customers',
      x: 0,
      y: 0,
      width: 6,
      height: 6,
      view: 'single',
      note: null,
    },
    {
      id: 'profit-loss',
      name: names.profitLoss,
      widget: 'profit-loss',
      x: 0,
      y: 6,
      width: 12,
      height: 9,
      view: 'single',
      note: null,
    },
  ];
}
