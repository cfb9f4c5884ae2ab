/** @jsxImportSource preact */
import type { TopRow as TopListItem } from '@saldo/contract';
import { errors } from '@saldo/contract/errors/errors';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetState } from '../../core/types';
import { topCustomers } from '../../testing/fixtures';
import { topLists } from '../top-list/top-list';
import { TopListView } from '../top-list/top-list-view';

const NBSP = '\u00a0';

function draw(state: WidgetState<TopListItem[]>, lang: 'nor' | 'en' = 'nor', onDrill = (_: TopListItem) => {}) {
  const root = document.createElement('div');
  document.body.append(root);
  render(<TopListView spec={topLists['top-customers']} state={state} lang={lang} showBars onDrill={onDrill} />, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('TopListView for customers', () => {
  it('shows rank, name and whole-krone amounts in order', () => {
    const root = draw({ status: 'data', data: topCustomers });
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Topp 10 kunder');
    const rows = [...root.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(3);
    const cells = rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim()));
    expect(cells[0]).toEqual(['1', 'Fjord Fisk AS', '', `1${NBSP}234${NBSP}568`]);
    expect(cells[1]?.[3]).toBe(`617${NBSP}284`);
    expect(cells[2]?.[3]).toBe('2');
  });

  it('scales the bars to the largest amount', () => {
    const root = draw({ status: 'data', data: topCustomers });
    const widths = [...root.querySelectorAll<HTMLElement>('.bar')].map((bar) => bar.style.width);
    expect(widths).toEqual(['100%', '50%', '0%']);
  });

  it('reports the clicked customer', () => {
    const clicked: TopListItem[] = [];
    const root = draw({ status: 'data', data: topCustomers }, 'en', (item) => clicked.push(item));
    root.querySelectorAll<HTMLButtonElement>('tbody button')[1]?.click();
    expect(clicked.map((c) => c._id)).toEqual(['c2']);
  });

  it('shows loading, empty and error states in the chosen language', () => {
    expect(draw({ status: 'loading' }, 'en').querySelector('[role="status"]')?.textContent).toContain('Loading');
    const empty = draw({ status: 'empty', data: [] }, 'nor');
    expect(empty.querySelector('[role="status"]')?.textContent).toBe('Ingen data for perioden');
    expect(empty.querySelector('table')).toBeNull();
    const error = draw({ status: 'error', error: { code: 'FORBIDDEN', message: 'x', status: 403 } }, 'en');
    expect(error.querySelector('[role="alert"]')?.textContent).toBe(errors.FORBIDDEN.en);
  });
});
