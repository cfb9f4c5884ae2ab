/** @jsxImportSource preact */
import type { ProfitLossReport } from '@saldo/contract';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetState } from '../../core/types';
import { balanceSheet, profitLoss } from '../../testing/fixtures';
import { BalanceSheetView } from '../balance-sheet/balance-sheet-view';
import { ProfitLossView } from '../profit-loss/profit-loss-view';

function draw(node: preact.VNode) {
  const root = document.createElement('div');
  document.body.append(root);
  render(node, root);
  return root;
}

const data = <T,>(value: T): WidgetState<T> => ({ status: 'data', data: value });

/** The elements of the table that take focus now (tabindex 0). */
const stops = (root: Element) => [...root.querySelectorAll('table [tabindex="0"]')];

const press = (el: Element, key: string, extra: KeyboardEventInit = {}) =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra }));

const active = () => document.activeElement as HTMLElement;
const cellOf = (el: Element) => el.closest('td, th') as HTMLTableCellElement;
const column = (el: Element) => [...cellOf(el).parentElement!.children].indexOf(cellOf(el));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the statement grid', () => {
  it('is one Tab stop, and the arrow keys, Home and End move the focus between its cells', () => {
    const root = draw(
      <ProfitLossView
        state={data<ProfitLossReport>(profitLoss)}
        lang="nor"
        totalOnly={false}
        showChart={false}
        onDrill={() => {}}
      />,
    );
    const table = root.querySelector('table')!;
    expect(table.getAttribute('role')).toBe('grid');
    // Every drill button and toggle is a cell of the grid, but only one of them is in the Tab order.
    expect(table.querySelectorAll('button').length).toBeGreaterThan(5);
    expect(stops(root)).toHaveLength(1);
    const start = stops(root)[0] as HTMLElement;
    start.focus();
    expect(column(active())).toBe(0);

    press(active(), 'ArrowRight');
    expect(column(active())).toBe(1);
    expect(stops(root)).toEqual([active()]);
    const row = cellOf(active()).parentElement;
    press(active(), 'ArrowDown');
    expect(column(active())).toBe(1);
    expect(cellOf(active()).parentElement).not.toBe(row);
    // Section headings are no stop: a row down is the next line with figures.
    expect(cellOf(active()).parentElement!.classList.contains('section')).toBe(false);
    press(active(), 'End');
    const last = cellOf(active()).parentElement!.children.length - 1;
    expect(column(active())).toBe(last);
    expect(cellOf(active()).getAttribute('part')).toContain('total');
    press(active(), 'ArrowRight');
    expect(column(active())).toBe(last);
    press(active(), 'Home');
    expect(column(active())).toBe(0);
    press(active(), 'ArrowUp');
    press(active(), 'ArrowUp');
    expect(cellOf(active()).parentElement).toBe(row);
    // A key the grid does not use is left alone.
    expect(press(active(), 'a')).toBe(true);
    expect(stops(root)).toEqual([active()]);
  });

  it('pins the total at the right, or a balance sheet’s period end where it has no total', () => {
    const pl = draw(
      <ProfitLossView state={data(profitLoss)} lang="nor" totalOnly={false} showChart={false} onDrill={() => {}} />,
    );
    const plHead = [...pl.querySelectorAll('thead th')];
    expect(plHead.at(-1)!.classList.contains('pinned-end')).toBe(true);
    expect(plHead.at(-1)!.getAttribute('part')).toBe('total-header');
    expect(pl.querySelectorAll('tbody tr:not(.section)').length).toBe(
      pl.querySelectorAll('tbody td.pinned-end').length,
    );
    document.body.innerHTML = '';
    const bs = draw(<BalanceSheetView state={data(balanceSheet)} lang="nor" totalOnly={false} onDrill={() => {}} />);
    const bsHead = [...bs.querySelectorAll('thead th')];
    expect(bsHead.at(-1)!.classList.contains('pinned-end')).toBe(true);
    expect(bsHead.at(-1)!.getAttribute('part')).toBe('period-end-header');
    // The other month ends scroll; they carry their month for the layout.
    expect(bsHead.slice(1, -1).every((th) => th.hasAttribute('data-month'))).toBe(true);
  });
});
