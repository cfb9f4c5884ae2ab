import type { BoardWidget } from '@saldo/contract';
import { DEFAULT_BOARD_WIDGETS } from '@saldo/contract/widgets/board-layout';
import { variantOf } from '@saldo/contract/widgets/variant';
import { widgetListing } from '@saldo/sdk';

/** A widget's place on the 12-column grid, as gridstack reports it. */
export interface GridPosition {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const GRID_COLUMNS = 12;

/**
 * Default size of a newly added widget, in grid cells (80 px rows): enough to show its whole content
 * without scrolling (layout.spec.ts checks it in Chromium). Reports are full width; their month columns
 * scroll sideways inside the card.
 */
export function defaultSize(type: string): { width: number; height: number } {
  // A statement's card is tall enough for its table down to the result line (issue 27).
  if (type === 'profit-loss' || type === 'balance-sheet' || type === 'cash-flow') return { width: 12, height: 11 };
  // A widget type's own size is its registry entry's (a top list's ten rows, a KPI's formula under it).
  const size = listed(type)?.size;
  return size ? { width: size.width, height: size.height } : { width: 6, height: 5 };
}

/** The board widget type of a custom widget; its board widget's id is the custom widget's id. */
export const CUSTOM_TYPE = 'custom';
/** The board widget type of a saved AI question; its board widget's id is the question's id. */
export const AI_TYPE = 'ai';

/** Types a board holds any number of, each under its own id (custom widgets, AI answers). */
const OWN_ID_TYPES: ReadonlySet<string> = new Set([CUSTOM_TYPE, AI_TYPE]);

type Listed = { element: string; variant?: string; size: { width: number; height: number } };

/** A widget type's element and variant as the contract's registry has them (the SDK's listing of it), if it is one. */
const listed = (type: string): Listed | undefined =>
  Object.hasOwn(widgetListing, type) ? (widgetListing as Record<string, Listed>)[type] : undefined;

/** Whether a board widget's type is a widget type of the registry (the statements are not). */
export const isListedType = (type: string): boolean => listed(type) !== undefined;

/** The SDK element a board widget renders, as the contract's registry names it (reports: `saldo-<type>`). */
export function elementOf(type: string): string {
  return listed(type)?.element ?? `saldo-${type}`;
}

/** A board widget's choice of a type with a variant ('kpi:ebitda-margin' → 'ebitda-margin'), as the server reads it. */
export function widgetVariant(widget: { id: string; widget: string }): string | undefined {
  return variantOf(widget, listed(widget.widget)?.variant !== undefined);
}

/**
 * Whether a type is one a board holds once per choice (a KPI of the library, a line against its
 * budget): its board widgets are `<type>:<choice>`.
 */
export function hasVariant(type: string): boolean {
  return listed(type)?.variant !== undefined;
}

/**
 * The element's own attributes beyond board, period, language and view: the custom widget's or
 * question's id, or the choice of a KPI or budget widget (`kpi`, `line`).
 */
export function elementAttributes(widget: { id: string; widget: string }): Record<string, string> {
  if (widget.widget === CUSTOM_TYPE) return { 'widget-id': widget.id };
  if (widget.widget === AI_TYPE) return { 'query-id': widget.id };
  const variant = widgetVariant(widget);
  const attribute = listed(widget.widget)?.variant;
  return attribute && variant !== undefined ? { [attribute]: variant } : {};
}

/**
 * Spec §5: a widget may not be added twice. Catalogue widgets are keyed by their type; custom
 * widgets and AI answers by their own id, so a board holds as many of them as the user makes.
 */
export function canAddWidget(widgets: readonly BoardWidget[], type: string, choice?: string): boolean {
  if (OWN_ID_TYPES.has(type)) return true;
  // A KPI or a budget line once each; which one is chosen after the catalogue.
  if (hasVariant(type)) return choice === undefined || !widgets.some((widget) => widget.id === `${type}:${choice}`);
  return !widgets.some((widget) => widget.widget === type || widget.id === type);
}

/** A KPI or a budget line (`choice`) at the first free spot, once. */
export function addVariantWidget(
  widgets: readonly BoardWidget[],
  type: string,
  choice: string,
  name: string,
): BoardWidget[] {
  if (!canAddWidget(widgets, type, choice)) return [...widgets];
  const { width, height } = defaultSize(type);
  const { x, y } = firstFreeSpot(widgets, width, height);
  return [...widgets, { id: `${type}:${choice}`, name, widget: type, x, y, width, height, view: 'single', note: null }];
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The first place, row by row from the top left, where a width × height box fits on the grid
 * without covering a widget; below everything when no gap is big enough.
 */
export function firstFreeSpot(
  widgets: readonly BoardWidget[],
  width: number,
  height: number,
  columns = GRID_COLUMNS,
): { x: number; y: number } {
  const w = Math.min(Math.max(1, width), columns);
  const bottom = widgets.reduce((max, widget) => Math.max(max, widget.y + widget.height), 0);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + w <= columns; x++) {
      const box = { x, y, width: w, height };
      if (!widgets.some((widget) => overlaps(box, widget))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/**
 * Puts a custom widget or an AI answer (by its own id) on the grid at the first free spot; an id
 * already there is left alone.
 */
export function addCustomWidget(
  widgets: readonly BoardWidget[],
  custom: { id: string; name: string; view: 'single' | 'comparison' },
  type: typeof CUSTOM_TYPE | typeof AI_TYPE = CUSTOM_TYPE,
): BoardWidget[] {
  if (widgets.some((widget) => widget.id === custom.id)) return [...widgets];
  const { width, height } = defaultSize(type);
  const { x, y } = firstFreeSpot(widgets, width, height);
  return [
    ...widgets,
    { id: custom.id, name: custom.name, widget: type, x, y, width, height, view: custom.view, note: null },
  ];
}

/** A catalogue widget (e.g. the consolidation) at the first free spot, once. */
export function addWidgetAtFreeSpot(widgets: readonly BoardWidget[], type: string, name: string): BoardWidget[] {
  if (!canAddWidget(widgets, type)) return [...widgets];
  const { width, height } = defaultSize(type);
  const { x, y } = firstFreeSpot(widgets, width, height);
  return [...widgets, { id: type, name, widget: type, x, y, width, height, view: 'single', note: null }];
}

/** A widget from the catalogue goes into the first free slot (beside a half-width one, not under it). */
export const addWidget = addWidgetAtFreeSpot;

/**
 * Puts a removed widget back (Undo): at its old place when that is still free, else at the first free
 * slot; a widget already there again is left alone.
 */
export function restoreWidget(widgets: readonly BoardWidget[], removed: BoardWidget): BoardWidget[] {
  if (widgets.some((widget) => widget.id === removed.id)) return [...widgets];
  const free = !widgets.some((widget) => overlaps(removed, widget));
  const { x, y } = free ? removed : firstFreeSpot(widgets, removed.width, removed.height);
  return [...widgets, { ...removed, x, y }];
}

/**
 * The grid on a phone: one full-width column, the widgets in reading order (top to bottom, then left to
 * right) at their own heights. Only shown, never saved: the board keeps its 12-column layout.
 */
export function oneColumn(widgets: readonly BoardWidget[]): BoardWidget[] {
  let y = 0;
  return [...widgets]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((widget) => {
      const placed = { ...widget, x: 0, y, width: 1 };
      y += widget.height;
      return placed;
    });
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
 * What a board shows before anyone arranged it (the contract's default pair, which the server's
 * widget counts also use), named in the user's language. It is saved only once the user changes something.
 */
export function defaultLayout(names: { topCustomers: string; profitLoss: string }): BoardWidget[] {
  return DEFAULT_BOARD_WIDGETS.map((widget) => ({
    ...widget,
    name: widget.widget === 'top-customers' ? names.topCustomers : names.profitLoss,
  }));
}
