/** @jsxImportSource preact */
import type { CashFlowReport } from '@saldo/contract';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import { cashFlow, cashFlowWithComparison, emptyCashFlow } from '../../testing/fixtures';
import { cashFlowLines, isCashFlowEmpty } from './cash-flow-model';
import { CashFlowView, type CashFlowViewProps } from './cash-flow-view';

const NBSP = '\u00a0';
const kr = (text: string) => text.replaceAll(' ', NBSP);

function draw(state: WidgetState<CashFlowReport>, props: Partial<CashFlowViewProps> = {}) {
  const root = document.createElement('div');
  document.body.append(root);
  render(<CashFlowView state={state} lang="nor" totalOnly={false} showChart onDrill={() => {}} {...props} />, root);
  return root;
}

const cellTexts = (row: Element | null | undefined) =>
  [...(row?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent?.trim());

afterEach(() => {
  document.body.innerHTML = '';
});

describe('cash flow model', () => {
  it('ends in net change, opening and closing cash, and opening + net change = closing', () => {
    const lines = cashFlowLines(cashFlow, 'en');
    expect(lines.map((l) => l.id)).toEqual([
      'g:operating',
      'g:investing',
      'g:financing',
      'r:netChange',
      'r:openingBalance',
      'r:closingBalance',
    ]);
    const [net, opening, closing] = lines.slice(3);
    for (const i of [0, 1]) expect(opening!.values[i]! + net!.values[i]!).toBe(closing!.values[i]);
    expect(opening!.total + net!.total).toBe(closing!.total);
    expect([opening!.total, net!.total, closing!.total]).toEqual([380_000_00, 108_000_00, 488_000_00]);
  });

  it('is empty when no line moved', () => {
    expect(isCashFlowEmpty(cashFlow)).toBe(false);
    expect(isCashFlowEmpty(emptyCashFlow)).toBe(true);
  });
});

describe('CashFlowView', () => {
  it('shows the groups open with their lines, months, a total and the balances', () => {
    const root = draw({ status: 'data', data: cashFlow });
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Kontantstrøm');
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Linje',
      'jan 2026',
      'feb 2026',
      'Totalt',
    ]);
    expect(cellTexts(root.querySelector('[data-group="operating"]'))).toEqual([
      'Kontantstrømmer fra driften',
      kr('35 000'),
      kr('73 000'),
      kr('108 000'),
    ]);
    // Lines that never moved (inventory, financing…) are left out.
    const lines = [...root.querySelectorAll('[part~="line-row"]')].map((r) => r.getAttribute('data-cashflow-line'));
    expect(lines).toEqual(['resultBeforeTax', 'depreciation', 'receivables', 'payables']);
    expect(cellTexts(root.querySelector('[data-cashflow-line="receivables"]'))).toEqual([
      'Endring i fordringer',
      kr('-25 000'),
      kr('25 000'),
      '0',
    ]);
    expect(cellTexts(root.querySelector('[data-line="openingBalance"]'))).toEqual([
      'Likvider ved periodens start',
      kr('380 000'),
      kr('415 000'),
      kr('380 000'),
    ]);
    expect(cellTexts(root.querySelector('[data-line="closingBalance"]'))?.slice(1)).toEqual([
      kr('415 000'),
      kr('488 000'),
      kr('488 000'),
    ]);
    expect(root.querySelector('[part="chart"]')).not.toBeNull();
  });

  it('drills into a clicked line', () => {
    const drills: SaldoDrillDetail[] = [];
    const root = draw({ status: 'data', data: cashFlow }, { onDrill: (d) => drills.push(d) });
    root.querySelector<HTMLButtonElement>('[data-cashflow-line="payables"] button')?.click();
    expect(drills).toEqual([{ kind: 'cashflow-line', group: 'operating', key: 'payables' }]);
  });

  it('adds the comparison period’s total and the change', () => {
    const root = draw(
      { status: 'data', data: cashFlowWithComparison },
      { lang: 'en', totalOnly: true, showChart: false },
    );
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Line',
      'Jan 2026 – Feb 2026',
      'Jan 2025 – Feb 2025',
      'Change',
    ]);
    expect(cellTexts(root.querySelector('[data-line="netChange"]'))).toEqual([
      'Net change in cash',
      kr('108 000'),
      kr('54 000'),
      kr('54 000'),
    ]);
    expect(root.querySelector('[part="chart"]')).toBeNull();
  });

  it('shows the empty state', () => {
    const root = draw({ status: 'empty', data: emptyCashFlow }, { lang: 'en' });
    expect(root.querySelector('[role="status"]')?.textContent).toBe('No data for this period');
    expect(root.querySelector('table')).toBeNull();
  });
});
