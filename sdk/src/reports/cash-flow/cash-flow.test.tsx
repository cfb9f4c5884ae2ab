/** @jsxImportSource preact */
import type { CashFlowReport } from '@saldo/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import { cellTexts, draw as drawView, kr } from '../../testing/dom';
import { cashFlow, cashFlowWithComparison, emptyCashFlow } from '../../testing/fixtures';
import { cashFlowLines, isCashFlowEmpty } from './cash-flow-model';
import { CashFlowView, type CashFlowViewProps } from './cash-flow-view';

const draw = (state: WidgetState<CashFlowReport>, props: Partial<CashFlowViewProps> = {}) =>
  drawView(<CashFlowView state={state} lang="nor" totalOnly={false} showChart onDrill={() => {}} {...props} />);

/** The table alone, its Total column only, in English. */
const drawTotals = (data: CashFlowReport) =>
  draw({ status: 'data', data }, { lang: 'en', totalOnly: true, showChart: false });
const headings = (root: Element) => cellTexts(root.querySelector('[part="table"] thead tr'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('cash flow model', () => {
  it('ends in net change, opening and closing cash, and opening + net change = closing', () => {
    const lines = cashFlowLines(cashFlow, 'en');
    // NRS 2: each section a heading, its lines, its net.
    expect(lines.filter((l) => l.kind !== 'group').map((l) => l.id)).toEqual([
      's:operating',
      'r:netOperating',
      's:investing',
      'r:netInvesting',
      's:financing',
      'r:netFinancing',
      'r:netChange',
      'r:openingBalance',
      'r:closingBalance',
    ]);
    expect(lines.filter((l) => l.id.startsWith('l:investing')).map((l) => l.id)).toEqual([
      'l:investing:fixedAssets',
      'l:investing:investments',
    ]);
    const [net, opening, closing] = lines.slice(-3);
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
  it('shows each section with its lines and net, months, a total and the balances', () => {
    const root = draw({ status: 'data', data: cashFlow });
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Kontantstrøm');
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Linje',
      'jan 2026',
      'feb 2026',
      'Totalt',
    ]);
    expect([...root.querySelectorAll('[part~="section-row"]')].map((r) => r.textContent)).toEqual([
      'Kontantstrømmer fra operasjonelle aktiviteter',
      'Kontantstrømmer fra investeringsaktiviteter',
      'Kontantstrømmer fra finansieringsaktiviteter',
    ]);
    expect(cellTexts(root.querySelector('[data-line="netOperating"]'))).toEqual([
      'Netto kontantstrøm fra operasjonelle aktiviteter',
      kr('35 000'),
      kr('73 000'),
      kr('108 000'),
    ]);
    expect(cellTexts(root.querySelector('[data-line="netInvesting"]'))).toEqual([
      'Netto kontantstrøm fra investeringsaktiviteter',
      '0',
      '0',
      '0',
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

  it('drills from every figure into its accounts and its column’s period', () => {
    const drills: SaldoDrillDetail[] = [];
    const root = draw({ status: 'data', data: cashFlowWithComparison }, { onDrill: (d) => drills.push(d) });
    const click = (row: string, column: string) =>
      root.querySelector<HTMLButtonElement>(`${row} [data-column="${column}"] button`)!.click();
    click('[data-cashflow-line="payables"]', '2026-02');
    click('[data-cashflow-line="depreciation"]', 'total');
    click('[data-line="netOperating"]', 'comparison');
    click('[data-line="netChange"]', '2026-01');
    click('[data-line="closingBalance"]', '2026-02');
    const base = { origin: 'cash-flow' };
    expect(drills).toEqual([
      {
        ...base,
        kind: 'line',
        title: 'Endring i leverandørgjeld',
        group: 'operating',
        key: 'payables',
        accounts: '2400-2499',
        sign: -1,
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
      },
      {
        ...base,
        kind: 'line',
        title: 'Avskrivninger',
        group: 'operating',
        key: 'depreciation',
        accounts: '6000-6099',
        sign: 1,
        from: '2026-01-01',
        to: '2026-02-28',
        column: 'total',
      },
      {
        ...base,
        kind: 'subtotal',
        title: 'Netto kontantstrøm fra operasjonelle aktiviteter',
        group: 'operating',
        key: 'netOperating',
        // Depreciation is added back and charged in the result: it cancels out of the section.
        accounts: '0-999,1400-1799,2100-2199,2400-2799,2900-5999,6100-8799,9000-99999',
        sign: -1,
        from: '2025-01-01',
        to: '2025-02-28',
        column: 'comparison',
      },
      {
        ...base,
        kind: 'subtotal',
        title: 'Netto endring i likvider',
        key: 'netChange',
        accounts: '1900-1999',
        sign: 1,
        from: '2026-01-01',
        to: '2026-01-31',
        column: '2026-01',
      },
      {
        ...base,
        kind: 'balance',
        title: 'Likvider ved periodens slutt',
        key: 'closingBalance',
        accounts: '1900-1999',
        sign: 1,
        balance: true,
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
      },
    ]);
    // The change column is a difference of two figures: nothing to drill.
    expect(root.querySelector('[data-line="netChange"] [part~="change"] button')).toBeNull();
  });

  it('adds the comparison period’s total and the change', () => {
    const root = drawTotals(cashFlowWithComparison);
    expect(headings(root)).toEqual(['Line', 'Jan 2026 – Feb 2026', 'Jan 2025 – Feb 2025', 'Change']);
    expect(cellTexts(root.querySelector('[data-line="netChange"]'))).toEqual([
      'Net change in cash',
      kr('108 000'),
      kr('54 000'),
      kr('54 000'),
    ]);
    expect(root.querySelector('[part="chart"]')).toBeNull();
  });

  it('against a budget adds the variance and its %, and says when the budget does not balance', () => {
    const budget: CashFlowReport = { ...cashFlowWithComparison.comparison!, basis: 'budget' };
    const root = drawTotals({ ...cashFlowWithComparison, comparison: budget });
    expect(headings(root)).toEqual(['Line', 'Jan 2026 – Feb 2026', 'Budget', 'Variance', 'Variance %']);
    // 108 000 against a budgeted 54 000: 54 000 over, +100.0 %.
    expect(cellTexts(root.querySelector('[data-line="netChange"]'))?.slice(1, 3)).toEqual([
      kr('108 000'),
      kr('54 000'),
    ]);
    expect(root.querySelector('[data-line="netChange"] [part~="change-percent"]')?.textContent).toMatch(/^\+100[.,]0/);
    expect(root.querySelector('[part~="comparison"] button')).toBeNull();
    expect(root.querySelector('[part~="budget-warning"]')).toBeNull();

    // The gap over the period is in the total, as the server sends it.
    const off = {
      group: 'unbalancedBudget',
      no: 'Budsjettet går ikke i balanse',
      en: 'Budget does not balance',
      amount: -2_500_000,
    };
    const unbalanced: CashFlowReport = {
      ...budget,
      total: {
        ...budget.total,
        groups: budget.total.groups.map((g, i) => (i === 0 ? { ...g, subItems: [...g.subItems, off] } : g)),
      },
    };
    const nor = draw(
      { status: 'data', data: { ...cashFlowWithComparison, comparison: unbalanced } },
      { showChart: false },
    );
    const notice = nor.querySelector('[part~="budget-warning"]');
    expect(notice?.getAttribute('role')).toBe('alert');
    expect(notice?.textContent).toContain('Budsjettet går ikke i balanse');
    expect(notice?.textContent).toContain(`${kr('-25 000')} (feb 2025)`);
  });

  it('shows the empty state', () => {
    const root = draw({ status: 'empty', data: emptyCashFlow }, { lang: 'en' });
    expect(root.querySelector('[role="status"]')?.textContent).toBe('No data for this period');
    expect(root.querySelector('table')).toBeNull();
  });
});
