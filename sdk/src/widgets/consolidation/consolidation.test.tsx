/** @jsxImportSource preact */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { configure, resetConfig } from '../../core/api-client';
import type { SaldoDrillDetail } from '../../core/types';
import '../../register';
import { consolidation, jsonResponse, settle } from '../../testing/fixtures';
import { ConsolidationView } from './consolidation-view';

const NBSP = '\u00a0';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ConsolidationView', () => {
  it('lists the companies, the eliminations (negative) and the consolidated figures', () => {
    const clicked: string[] = [];
    const root = document.createElement('div');
    document.body.append(root);
    render(
      <ConsolidationView
        state={{ status: 'data', data: consolidation }}
        lang="nor"
        onDrill={(row, column) => clicked.push(`${typeof row === 'object' ? row._id : row} ${column}`)}
      />,
      root,
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
    const root = document.createElement('div');
    document.body.append(root);
    render(
      <ConsolidationView
        state={{
          status: 'data',
          data: { ...consolidation, deducted: { revenue: 0, result: 0 }, deductAccounts: null },
        }}
        lang="nor"
        onDrill={() => undefined}
      />,
      root,
    );
    const foot = [...root.querySelectorAll('tfoot tr')].map((tr) => tr.querySelectorAll('button').length);
    expect(foot).toEqual([0, 2]);
  });
});

describe('<saldo-consolidation>', () => {
  it('drills from every figure: a company’s own postings, the eliminations’ and the consolidated sum’s', async () => {
    configure({ fetch: (async () => jsonResponse(consolidation)) as typeof fetch });
    const el = document.createElement('saldo-consolidation');
    el.setAttribute('board', 'b1');
    el.setAttribute('from', '2026-01-01');
    el.setAttribute('to', '2026-06-30');
    document.body.append(el);
    await el.updateComplete;
    await settle();
    await el.updateComplete;
    const drills: SaldoDrillDetail[] = [];
    el.addEventListener('saldo-drill', (e) => drills.push((e as CustomEvent<SaldoDrillDetail>).detail));
    const shadow = el.shadowRoot!;
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
