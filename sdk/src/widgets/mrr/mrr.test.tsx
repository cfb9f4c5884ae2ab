/** @jsxImportSource preact */
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../core/api-client';
import '../../register';
import { mountElement } from '../../testing/dom';
import { employees, mrr } from '../../testing/fixtures';
import { drillMonth } from '../../views/metric-view';
import { mrrMetric } from './mrr-view';

afterEach(() => {
  document.body.innerHTML = '';
  resetConfig();
});

const element = (tag: string, body: unknown) =>
  mountElement(tag, body, { board: 'b1', from: '2026-01-01', to: '2026-02-28' });

const stat = (root: ShadowRoot, label: string) =>
  [...root.querySelectorAll('[part="stat"]')].find((s) => s.querySelector('dt')?.textContent === label);

describe('<saldo-mrr> drill-down', () => {
  it('a month’s MRR, and the headline month’s new and churned MRR, each into its customers’ revenue postings', async () => {
    const { root, drills } = await element('saldo-mrr', mrr);
    root.querySelector<HTMLButtonElement>('[part~="value"] button')!.click();
    root.querySelectorAll<HTMLButtonElement>('[part="months"] tbody button')[0]!.click();
    stat(root, 'Ny')!.querySelector('button')!.click();
    stat(root, 'Tapt')!.querySelector('button')!.click();
    // Expansion and contraction are changes in what customers pay: no postings of their own.
    expect(stat(root, 'Økning')?.querySelector('button') ?? null).toBeNull();
    const base = { kind: 'line', origin: 'mrr', accounts: '3000-3999', sign: -1 };
    expect(drills).toEqual([
      {
        ...base,
        key: 'mrr',
        mrr: 'mrr',
        title: 'MRR feb 2026',
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
        amount: 420_000_00,
      },
      {
        ...base,
        key: 'mrr',
        mrr: 'mrr',
        title: 'MRR jan 2026',
        from: '2026-01-01',
        to: '2026-01-31',
        column: '2026-01',
        amount: 400_000_00,
      },
      {
        ...base,
        key: 'newMrr',
        mrr: 'new',
        title: 'Ny feb 2026',
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
        amount: 20_000_00,
      },
      // February's churn is what the customers lost paid in January.
      {
        ...base,
        key: 'churnedMrr',
        mrr: 'churned',
        title: 'Tapt feb 2026',
        from: '2026-01-01',
        to: '2026-01-31',
        column: '2026-01',
        amount: 3_000_00,
      },
    ]);
  });

  it('a chart point picks its month as the month’s row does; a month not yet booked drills nowhere', () => {
    const picked: string[] = [];
    const metric = mrrMetric({ ...mrr, lastBookedMonth: '2026-01' }, 'nor', false, (figure, month) =>
      picked.push(`${figure} ${month}`),
    );
    drillMonth(metric, 0);
    drillMonth(metric, 1);
    drillMonth(metric, 5);
    expect(picked).toEqual(['mrr 2026-01']);
  });
});

describe('<saldo-employees>', () => {
  it('does not drill: a head count is people in work (master data), no sum of postings', async () => {
    const { root, drills } = await element('saldo-employees', employees);
    expect(root.querySelector('[part~="value"] button')).toBeNull();
    expect(root.querySelector('[part="months"] tbody button')).toBeNull();
    root.querySelector<HTMLElement>('[part="months"] tbody tr')?.click();
    expect(drills).toEqual([]);
  });
});
