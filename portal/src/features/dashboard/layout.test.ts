import type { BoardWidget } from '@saldo/server/contract';
import { describe, expect, it } from 'vitest';
import {
  addWidget,
  applyPositions,
  boardPreferenceBody,
  canAddWidget,
  defaultLayout,
  layoutChanged,
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
  it('places a new widget below the others, keyed by its type', () => {
    const next = addWidget([w('a', 0, 0, 6, 5), w('b', 6, 0, 6, 7)], 'turnover', 'Turnover');
    expect(next[2]).toMatchObject({ id: 'turnover', widget: 'turnover', x: 0, y: 7, width: 6, height: 5 });
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
