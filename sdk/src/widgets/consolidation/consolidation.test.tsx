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
        onDrill={(c) => clicked.push(c._id)}
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
    root.querySelectorAll<HTMLButtonElement>('tbody button')[1]?.click();
    root.querySelector<HTMLElement>('tfoot tr')?.click();
    expect(clicked).toEqual(['a2']);
  });
});

describe('<saldo-consolidation>', () => {
  it('drills from a company into its own result: its source’s P&L accounts in the period', async () => {
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
    el.shadowRoot?.querySelectorAll<HTMLButtonElement>('tbody button')[1]?.click();
    expect(drills).toEqual([
      {
        kind: 'company',
        origin: 'consolidation',
        id: 'a2',
        name: 'Fjord Drift AS',
        title: 'Fjord Drift AS',
        from: '2026-01-01',
        to: '2026-06-30',
        apiAccountId: 'a2',
        accounts: '3000-8199,8300-8399',
        sign: -1,
      },
    ]);
    resetConfig();
  });
});
