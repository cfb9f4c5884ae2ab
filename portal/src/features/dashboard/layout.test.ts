import type { BoardWidget } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import {
  addCustomWidget,
  addVariantWidget,
  addWidget,
  addWidgetAtFreeSpot,
  applyPositions,
  boardPreferenceBody,
  canAddWidget,
  defaultLayout,
  elementAttributes,
  elementOf,
  firstFreeSpot,
  layoutChanged,
  oneColumn,
  restoreWidget,
  serialiseWidgets,
} from './layout';

const w = (id: string, x: number, y: number, width = 6, height = 5): BoardWidget => ({
  id,
  name: id,
  widget: id,
  x,
  y,
  width,
  height,
  view: 'single',
  note: null,
});

describe('the add-twice rule', () => {
  it('refuses a type already on the board', () => {
    const widgets = [w('top-customers', 0, 0)];
    expect(canAddWidget(widgets, 'top-customers')).toBe(false);
    expect(canAddWidget(widgets, 'turnover')).toBe(true);
    expect(addWidget(widgets, 'top-customers', 'x')).toEqual(widgets);
  });
  it('places a new widget in the first free slot, keyed by its type', () => {
    // Beside a half-width widget, not under it.
    const beside = addWidget([w('a', 0, 0, 6, 7)], 'turnover', 'Turnover');
    expect(beside[1]).toMatchObject({ id: 'turnover', widget: 'turnover', x: 6, y: 0, width: 6, height: 5 });
    // Under both when the row is full.
    const next = addWidget([w('a', 0, 0, 6, 5), w('b', 6, 0, 6, 7)], 'turnover', 'Turnover');
    expect(next[2]).toMatchObject({ id: 'turnover', widget: 'turnover', x: 0, y: 5, width: 6, height: 5 });
  });
  it('sizes a top list for all ten rows and a report for the full width', () => {
    expect(addWidget([], 'top-suppliers', 'T')[0]).toMatchObject({ width: 6, height: 7 });
    expect(addWidget([], 'largest-transactions', 'L')[0]).toMatchObject({ width: 6, height: 7 });
    expect(addWidget([], 'balance-sheet', 'B')[0]).toMatchObject({ x: 0, width: 12, height: 11 });
    expect(addWidget([], 'turnover', 'O')[0]).toMatchObject({ width: 6, height: 5 });
  });
});

describe('undo and the phone column', () => {
  it('puts a removed widget back at its place, or at the first free slot when that is taken', () => {
    const removed = w('b', 6, 0, 6, 5);
    expect(restoreWidget([w('a', 0, 0, 6, 5)], removed)[1]).toEqual(removed);
    const taken = restoreWidget([w('a', 0, 0, 6, 5), w('c', 6, 0, 6, 5)], removed);
    expect(taken[2]).toMatchObject({ id: 'b', x: 0, y: 5 });
    expect(restoreWidget([removed], removed)).toEqual([removed]);
  });
  it('stacks the widgets in reading order in one column, each at its own height', () => {
    const column = oneColumn([w('p', 0, 7, 12, 9), w('t', 6, 0, 6, 5), w('c', 0, 0, 6, 7)]);
    expect(column.map(({ id, x, y, width, height }) => [id, x, y, width, height])).toEqual([
      ['c', 0, 0, 1, 7],
      ['t', 0, 7, 1, 5],
      ['p', 0, 12, 1, 9],
    ]);
  });
});

describe('layout diffing and serialising', () => {
  it('applies gridstack changes by id', () => {
    const moved = applyPositions([w('a', 0, 0), w('b', 6, 0)], [{ id: 'b', x: 0, y: 5, w: 4, h: 3 }]);
    expect(moved[1]).toMatchObject({ x: 0, y: 5, width: 4, height: 3 });
    expect(moved[0]).toMatchObject({ x: 0, y: 0 });
  });
  it('sees a change in place or size but not in order', () => {
    const a = [w('a', 0, 0), w('b', 6, 0)];
    expect(layoutChanged(a, [a[1] as BoardWidget, a[0] as BoardWidget])).toBe(false);
    expect(layoutChanged(a, applyPositions(a, [{ id: 'a', x: 0, y: 0, w: 7, h: 5 }]))).toBe(true);
    expect(layoutChanged(a, [{ ...(a[0] as BoardWidget), view: 'comparison' }, a[1] as BoardWidget])).toBe(true);
  });
  it('serialises whole, clamped numbers and every stored field', () => {
    const [out] = serialiseWidgets([{ ...w('a', -1, 2.4, 20, 0), note: undefined }]);
    expect(out).toEqual({
      id: 'a',
      name: 'a',
      widget: 'a',
      x: 0,
      y: 2,
      width: 12,
      height: 1,
      view: 'single',
      note: null,
    });
  });
  it('builds the board-preference body', () => {
    expect(boardPreferenceBody('g1', [w('a', 0, 0)])).toEqual({
      groupId: 'g1',
      widgets: serialiseWidgets([w('a', 0, 0)]),
    });
  });
  it('has a default layout with the top customers and the profit and loss', () => {
    expect(defaultLayout({ topCustomers: 'T', profitLoss: 'P' }).map((x) => x.widget)).toEqual([
      'top-customers',
      'profit-loss',
    ]);
  });
});

describe('custom widgets and the first free spot', () => {
  it('finds the first gap row by row, from the top left', () => {
    expect(firstFreeSpot([], 6, 5)).toEqual({ x: 0, y: 0 });
    expect(firstFreeSpot([w('a', 0, 0, 6, 5)], 6, 5)).toEqual({ x: 6, y: 0 });
    // A gap too narrow is skipped; the next row where the box fits is taken.
    expect(firstFreeSpot([w('a', 0, 0, 8, 2), w('b', 0, 2, 12, 3)], 6, 5)).toEqual({ x: 0, y: 5 });
    expect(firstFreeSpot([w('a', 0, 0, 4, 5), w('b', 8, 0, 4, 5)], 4, 5)).toEqual({ x: 4, y: 0 });
    expect(firstFreeSpot([w('a', 0, 0, 4, 5), w('b', 8, 0, 4, 5)], 6, 5)).toEqual({ x: 0, y: 5 });
  });
  it('allows several custom widgets, each by its own id, at free spots', () => {
    let widgets = [w('top-customers', 0, 0, 6, 5)];
    widgets = addCustomWidget(widgets, { id: 'c1', name: 'Salg', view: 'single' });
    widgets = addCustomWidget(widgets, { id: 'c2', name: 'Margin', view: 'comparison' });
    expect(widgets.slice(1)).toEqual([
      { id: 'c1', name: 'Salg', widget: 'custom', x: 6, y: 0, width: 6, height: 5, view: 'single', note: null },
      { id: 'c2', name: 'Margin', widget: 'custom', x: 0, y: 5, width: 6, height: 5, view: 'comparison', note: null },
    ]);
    expect(canAddWidget(widgets, 'custom')).toBe(true);
    expect(addCustomWidget(widgets, { id: 'c1', name: 'Again', view: 'single' })).toEqual(widgets);
  });
  it('places a catalogue widget at a free spot only once', () => {
    const once = addWidgetAtFreeSpot([w('a', 0, 0, 6, 5)], 'consolidation', 'Konsolidering');
    expect(once[1]).toMatchObject({ id: 'consolidation', widget: 'consolidation', x: 6, y: 0 });
    expect(addWidgetAtFreeSpot(once, 'consolidation', 'Konsolidering')).toEqual(once);
  });
  it('renders custom widgets with saldo-custom-widget, AI answers with saldo-ai-widget, the others with saldo-<type>', () => {
    expect(elementOf('custom')).toBe('saldo-custom-widget');
    expect(elementOf('ai')).toBe('saldo-ai-widget');
    expect(elementOf('turnover')).toBe('saldo-turnover');
    expect(elementAttributes({ id: 'c1', widget: 'custom' })).toEqual({ 'widget-id': 'c1' });
    expect(elementAttributes({ id: 'q1', widget: 'ai' })).toEqual({ 'query-id': 'q1' });
    expect(elementAttributes({ id: 'turnover', widget: 'turnover' })).toEqual({});
  });
  it('holds several AI answers, each by its question id', () => {
    let widgets = [w('top-customers', 0, 0, 6, 5)];
    widgets = addCustomWidget(widgets, { id: 'q1', name: 'Hva var omsetningen i mars?', view: 'single' }, 'ai');
    widgets = addCustomWidget(widgets, { id: 'q2', name: 'Hvem er største kunde i år?', view: 'single' }, 'ai');
    expect(widgets.map((x) => [x.id, x.widget])).toEqual([
      ['top-customers', 'top-customers'],
      ['q1', 'ai'],
      ['q2', 'ai'],
    ]);
    expect(canAddWidget(widgets, 'ai')).toBe(true);
  });
});

describe('KPIs and budget lines: one widget per choice', () => {
  it('adds each KPI once, under its own id, and gives the element its choice', () => {
    let widgets = addVariantWidget([], 'kpi', 'ebitda-margin', 'EBITDA-margin');
    expect(widgets).toMatchObject([{ id: 'kpi:ebitda-margin', widget: 'kpi', width: 4, height: 6 }]);
    expect(canAddWidget(widgets, 'kpi')).toBe(true);
    expect(canAddWidget(widgets, 'kpi', 'ebitda-margin')).toBe(false);
    expect(canAddWidget(widgets, 'kpi', 'dso')).toBe(true);
    widgets = addVariantWidget(widgets, 'kpi', 'ebitda-margin', 'again');
    expect(widgets).toHaveLength(1);
    widgets = addVariantWidget(widgets, 'kpi', 'dso', 'DSO');
    expect(widgets[1]).toMatchObject({ id: 'kpi:dso', x: 4, y: 0 });
    expect(elementOf('kpi')).toBe('saldo-kpi');
    expect(elementAttributes(widgets[1]!)).toEqual({ kpi: 'dso' });
    expect(elementAttributes({ id: 'budget:payroll', widget: 'budget' })).toEqual({ line: 'payroll' });
    // Without a choice the element's default applies.
    expect(elementAttributes({ id: 'kpi', widget: 'kpi' })).toEqual({});
  });
});
