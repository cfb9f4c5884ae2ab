/** @jsxImportSource preact */

import { h } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountElement } from '../testing/dom';
import { resetConfig } from './api-client';
import { defineElement, widgetRequest } from './define-element';
import { widgetTitle } from './registry';
import type { WidgetState } from './types';

afterEach(() => {
  resetConfig();
  document.body.innerHTML = '';
});

interface Data {
  total: number;
}

interface ViewProps {
  state: WidgetState<Data>;
  lang: string;
  comparison: boolean;
  onDrill?: ((figure: 'period' | string) => void) | undefined;
}

/** A view that shows the props it got, and a button that drills into a month. */
function View({ state, lang, comparison, onDrill }: ViewProps) {
  const shown = state.status === 'data' ? state.data.total : state.status;
  const text = `${shown} ${lang} ${comparison ? 'comparison' : 'single'}`;
  return onDrill ? (
    <button type="button" onClick={() => onDrill('2026-02')}>
      {text}
    </button>
  ) : (
    <p>{text}</p>
  );
}

describe('defineElement', () => {
  it("reads its type's registry path with the board and period, and hands the view lang and view", async () => {
    const TestTurnover = defineElement<Data>('saldo-test-turnover', {
      request: (_, range) => widgetRequest('turnover', range),
      isEmpty: (d) => !d.total,
      render: (el, lang) => h(View, { state: el.state, lang, comparison: el.view === 'comparison' }),
    });
    expect(TestTurnover.name).toBe('SaldoTestTurnover');
    customElements.define('test-turnover', TestTurnover);
    const { root, requested, drills } = await mountElement(
      'test-turnover',
      { total: 5 },
      {
        board: 'b1',
        from: '2026-01-01',
        to: '2026-03-31',
        lang: 'en',
        view: 'comparison',
      },
    );
    expect(requested).toContain('/api/widgets/turnover?groupId=b1&startDate=2026-01-01&endDate=2026-03-31');
    expect(root.querySelector('p')?.textContent).toBe('5 en comparison');
    expect(drills).toEqual([]);
  });

  it('shows the empty state by isEmpty, and drills with the title, type and the figure’s period (figurePeriod)', async () => {
    customElements.define(
      'test-employees',
      defineElement<Data>('saldo-test-employees', {
        request: (_, range) => widgetRequest('employees', range),
        isEmpty: (d) => !d.total,
        render: (el, lang) =>
          h(View, {
            state: el.state,
            lang,
            comparison: el.view === 'comparison',
            onDrill: (figure) =>
              el.drill({
                kind: 'line',
                sign: 1,
                title: widgetTitle('employees', lang),
                origin: 'employees',
                ...el.figurePeriod(figure),
              }),
          }),
      }),
    );
    const empty = await mountElement('test-employees', { total: 0 }, { board: 'b1' });
    expect(empty.root.textContent).toContain('empty nor single');
    const shown = await mountElement(
      'test-employees',
      { total: 7 },
      { board: 'b1', from: '2026-01-01', to: '2026-03-31' },
    );
    shown.root.querySelector('button')?.click();
    expect(shown.drills).toEqual([
      {
        kind: 'line',
        sign: 1,
        title: 'Ansatte',
        origin: 'employees',
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
      },
    ]);
  });
});
