import type { BoardWidget, TemplateBody, TemplateWidget } from '@saldo/contract';
import { DEFAULT_BOARD_WIDGETS } from '@saldo/contract/widgets/board-layout';
import type { BoardDashboardState } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * What a template takes of a board and what applying one makes of a board: pure functions over the
 * board's stored state (queries.ts reads and writes it).
 */

const CUSTOM = 'custom';
/** A saved assistant answer is one company's figures: a template does not carry it. */
const AI = 'ai';
/** The most widgets a dashboard (or sub-board) holds, as the widget routes allow. */
export const MAX_WIDGETS = 100;

/** What a board shows: its stored widgets, or the default pair while none are stored (board-layout.ts). */
const shown = (widgets: readonly BoardWidget[]): BoardWidget[] =>
  widgets.length ? [...widgets] : DEFAULT_BOARD_WIDGETS.map((w) => ({ ...w, name: '' }));

const asTemplateWidget = (w: BoardWidget): TemplateWidget => ({
  id: w.id,
  name: w.name,
  widget: w.widget,
  x: w.x,
  y: w.y,
  width: w.width,
  height: w.height,
  view: w.view,
  note: w.note ?? null,
});

const carried = (widgets: readonly BoardWidget[]) => widgets.filter((w) => w.widget !== AI).map(asTemplateWidget);

/**
 * A template's body (version 1) from a board: its dashboard as shown, its sub-boards, and the custom
 * widgets they show (by their ids as `ref`). Unchecked: the caller checks it with the contract's schema.
 */
export function templateFromState(state: BoardDashboardState): TemplateBody {
  const widgets = carried(shown(state.widgets));
  const subBoards = state.subBoards.map((s) => ({ name: s.name, widgets: carried(s.widgets) }));
  const used = new Set(
    [...widgets, ...subBoards.flatMap((s) => s.widgets)].filter((w) => w.widget === CUSTOM).map((w) => w.id),
  );
  const customWidgets = state.customWidgets
    .filter((c) => used.has(c.id))
    .map((c) => ({ ref: c.id, name: c.name, type: c.type, accounts: c.accounts, view: c.view, note: c.note }));
  return { version: 1, widgets, subBoards, customWidgets, reports: null };
}

/** The KPIs of the library a template's widgets show (`kpi:<id>`), once each. */
export function templateKpis(body: TemplateBody): string[] {
  const all = [...body.widgets, ...body.subBoards.flatMap((s) => s.widgets)];
  return [...new Set(all.filter((w) => w.widget === 'kpi' && w.id.startsWith('kpi:')).map((w) => w.id.slice(4)))];
}

/**
 * The board after a template is applied. `replace`: the template's dashboard, sub-boards and custom
 * widgets instead of the board's. `add`: the template's widgets appended below the board's (those the
 * board already shows, by id, left out), its sub-boards after the board's, its custom widgets beside
 * the board's. Each custom widget and sub-board applied is a new row (`newId`), so boards never share one.
 * TEMPLATE_TOO_MANY_WIDGETS when a dashboard would hold more than MAX_WIDGETS.
 */
export function appliedState(
  before: BoardDashboardState,
  body: TemplateBody,
  mode: 'replace' | 'add',
  newId: () => string,
  now: number,
): BoardDashboardState {
  const ids = new Map(body.customWidgets.map((c) => [c.ref, newId()]));
  const mapped = (ws: readonly TemplateWidget[]): BoardWidget[] =>
    ws.map((w) => (w.widget === CUSTOM ? { ...w, id: ids.get(w.id)! } : { ...w }));
  const customs = body.customWidgets.map((c) => ({
    id: ids.get(c.ref)!,
    boardId: '',
    name: c.name,
    type: c.type,
    accounts: c.accounts,
    view: c.view,
    note: c.note,
    createdAt: now,
  }));
  const subs = body.subBoards.map((s, i) => ({
    id: newId(),
    name: s.name,
    widgets: mapped(s.widgets),
    createdAt: now + i,
  }));
  if (mode === 'replace') return { widgets: mapped(body.widgets), subBoards: subs, customWidgets: customs };

  const existing = shown(before.widgets);
  const below = existing.reduce((bottom, w) => Math.max(bottom, w.y + w.height), 0);
  const present = new Set(existing.map((w) => w.id));
  const added = mapped(body.widgets)
    .filter((w) => !present.has(w.id))
    .map((w) => ({ ...w, y: w.y + below }));
  const widgets = [...existing, ...added];
  if (widgets.length > MAX_WIDGETS) throw new ApiError('TEMPLATE_TOO_MANY_WIDGETS');
  const last = before.subBoards.reduce((t, s) => Math.max(t, s.createdAt), 0);
  return {
    widgets,
    subBoards: [...before.subBoards, ...subs.map((s, i) => ({ ...s, createdAt: Math.max(now, last + 1) + i }))],
    customWidgets: [...before.customWidgets, ...customs],
  };
}
