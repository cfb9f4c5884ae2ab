/** @jsxImportSource preact */
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../core/api-client';
import '../../register';
import { draw, mountElement, NBSP } from '../../testing/dom';
import { consolidation } from '../../testing/fixtures';
import { ConsolidationView } from './consolidation-view';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ConsolidationView', () => {
  it('lists the companies, the eliminations (negative) and the consolidated figures', () => {
    const clicked: string[] = [];
    const root = draw(
      <ConsolidationView
        state={{ status: 'data', data: consolidation }}
        lang="nor"
        onDrill={(row, column) => clicked.push(`${typeof row === 'object' ? row._id : row} ${column}`)}
      />,
    );
    const rows = [...root.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Selskap', 'Inntekter', 'Årsresultat'],
      ['Fjord Holding AS', `1${NBSP}000${NBSP}000`, `200${NBSP}000`],
      ['Fjord Drift AS', `500${NBSP}000`, `-50${NBSP}000`],
      ['Elimineringer', `-100${NBSP}000`, `-10${NBSP}000`],
      ['Konsolidert', `1${NBSP}400${NBSP}000`, `140${NBSP}000`],
    ]);
    expect(root.querySelectorAll('[part~="total-row"]')).toHaveLength(2);
    expect(root.querySelector('tbody tr:nth-child(2) [part~="result"]')?.className).toBe('amount negative');
    // A company's row as a whole is its result; every figure, the foot's too, drills into itself.
    root.querySelectorAll<HTMLElement>('tbody tr')[1]?.click();
    root.querySelector<HTMLButtonElement>('tbody tr:first-child [part~="revenue"] button')?.click();
    root.querySelector<HTMLElement>('tfoot tr')?.click();
    for (const button of root.querySelectorAll<HTMLButtonElement>('tfoot button')) button.click();
    expect(clicked).toEqual([
      'a2 result',
      'a1 revenue',
      'deducted revenue',
      'deducted result',
      'consolidated revenue',
      'consolidated result',
    ]);
  });

  it('without a consolidation group the eliminations have no postings to drill into', () => {
    const root = draw(
      <ConsolidationView
        state={{
          status: 'data',
          data: { ...consolidation, deducted: { revenue: 0, result: 0 }, deductAccounts: null },
        }}
        lang="nor"
        onDrill={() => undefined}
      />,
    );
    const foot = [...root.querySelectorAll('tfoot tr')].map((tr) => tr.querySelectorAll('button').length);
    expect(foot).toEqual([0, 2]);
  });
});

describe('<saldo-consolidation>', () => {
  it('drills from every figure: a company’s own postings, the eliminations’ and the consolidated sum’s', async () => {
    const attrs = { board: 'b1', from: '2026-01-01', to: '2026-06-30' };
    const { root: shadow, drills } = await mountElement('saldo-consolidation', consolidation, attrs);
    shadow.querySelectorAll<HTMLButtonElement>('tbody th button')[1]?.click();
    shadow.querySelector<HTMLButtonElement>('tbody tr:first-child [part~="revenue"] button')?.click();
    const [deducted, sum] = [...shadow.querySelectorAll('tfoot tr')];
    deducted?.querySelector<HTMLButtonElement>('[part~="revenue"] button')?.click();
    sum?.querySelector<HTMLButtonElement>('[part~="result"] button')?.click();
    const period = { from: '2026-01-01', to: '2026-06-30' };
    expect(drills).toEqual([
      {
        kind: 'company',
        origin: 'consolidation',
        key: 'result',
        id: 'a2',
        name: 'Fjord Drift AS',
        title: 'Fjord Drift AS – Årsresultat',
        ...period,
        apiAccountId: 'a2',
        accounts: '3000-8199,8300-8399',
        sign: -1,
        amount: -50_000_00,
      },
      {
        kind: 'company',
        origin: 'consolidation',
        key: 'revenue',
        id: 'a1',
        name: 'Fjord Holding AS',
        title: 'Fjord Holding AS – Inntekter',
        ...period,
        apiAccountId: 'a1',
        accounts: '3000-3999',
        sign: -1,
        amount: 1_000_000_00,
      },
      // Shown subtracted: -100 000 is the deducted postings' net (debit positive) as it is.
      {
        kind: 'subtotal',
        origin: 'consolidation',
        key: 'revenue',
        id: 'deducted',
        name: 'Elimineringer',
        title: 'Elimineringer – Inntekter',
        ...period,
        accounts: '3000-3999',
        consolidated: 'eliminations',
        sign: 1,
        amount: -100_000_00,
      },
      {
        kind: 'subtotal',
        origin: 'consolidation',
        key: 'result',
        id: 'consolidated',
        name: 'Konsolidert',
        title: 'Konsolidert – Årsresultat',
        ...period,
        accounts: '3000-8199,8300-8399',
        consolidated: 'true',
        sign: -1,
        amount: 140_000_00,
      },
    ]);
    resetConfig();
  });
});
