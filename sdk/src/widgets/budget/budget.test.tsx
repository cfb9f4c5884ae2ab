/** @jsxImportSource preact */
import type { BudgetWidgetData, ProfitLossReport } from '@saldo/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfitLossView } from '../../reports/profit-loss/profit-loss-view';
import { cellTexts, draw, kr, NBSP } from '../../testing/dom';
import { profitLoss } from '../../testing/fixtures';
import { BudgetView } from './budget-view';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('BudgetView', () => {
  const data: BudgetWidgetData = {
    line: 'payroll',
    title: { no: 'Lønnskostnad', en: 'Payroll' },
    months: [
      { month: '2026-01', actual: -380_000_00, budget: -400_000_00 },
      { month: '2026-02', actual: -410_000_00, budget: -400_000_00 },
      { month: '2026-03', actual: 0, budget: -400_000_00 },
    ],
    actual: -790_000_00,
    budget: -800_000_00,
    variance: 10_000_00,
    variancePercent: 1.3,
    budgetPeriod: -1_200_000_00,
    hasBudget: true,
    lastBookedMonth: '2026-02',
  };

  it('shows the booked months against the budget: the variance and its share, and the whole period’s budget', () => {
    const root = draw(<BudgetView state={{ status: 'data', data }} lang="nor" />);
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Budsjett mot regnskap: Lønnskostnad');
    expect(root.querySelector('[part="value"]')?.textContent).toBe(kr('-790 000'));
    expect(root.querySelector('[part="label"]')?.textContent).toBe('Regnskap · jan 2026 – feb 2026');
    const stats = [...root.querySelectorAll('[part="stat"]')].map((s) => [
      s.querySelector('dt')?.textContent,
      s.querySelector('dd')?.textContent,
      s.querySelector('dd')?.className,
    ]);
    expect(stats).toEqual([
      ['Budsjett', kr('-800 000'), ''],
      ['Avvik', kr('10 000'), 'positive'],
      ['Avvik %', `+1,3${NBSP}%`, 'positive'],
      ['Budsjett hele perioden', kr('-1 200 000'), ''],
    ]);
    const months = [...root.querySelectorAll('[part="months"] tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(months).toEqual([
      ['jan 2026', kr('-380 000'), kr('-400 000')],
      ['feb 2026', kr('-410 000'), kr('-400 000')],
      ['mar 2026', '–', kr('-400 000')],
    ]);
  });

  it('says so when the board has no budget', () => {
    const none = { ...data, hasBudget: false, budget: 0, budgetPeriod: 0, variancePercent: null };
    const root = draw(<BudgetView state={{ status: 'data', data: none }} lang="en" />);
    expect(root.querySelector('[part="note"]')?.textContent).toBe(
      'The board has no budget for this period. Enter it on the Budget page.',
    );
  });
});

describe('the profit and loss against a budget', () => {
  it('heads the comparison Budget, the change Variance, and adds the variance %', () => {
    const budget: ProfitLossReport = {
      ...profitLoss,
      basis: 'budget',
      total: { ...profitLoss.total, result: profitLoss.total.result * 2 },
    };
    const report = { ...profitLoss, comparison: budget };
    const root = draw(
      <ProfitLossView
        state={{ status: 'data', data: report }}
        lang="nor"
        totalOnly
        showChart={false}
        onDrill={() => {}}
      />,
    );
    const header = cellTexts(root.querySelector('thead tr'));
    expect(header.slice(-3)).toEqual(['Budsjett', 'Avvik', 'Avvik %']);
    const result = root.querySelector('[data-line="result"]');
    const cells = cellTexts(result);
    const actual = Number(cells[1]!.replace(/\u00a0/g, ''));
    const planned = Number(cells[2]!.replace(/\u00a0/g, ''));
    expect(Number(cells[3]!.replace(/\u00a0/g, ''))).toBe(actual - planned);
    expect(cells[4]).toBe(
      planned === 0
        ? '–'
        : `${actual > planned ? '+' : ''}${(Math.round(((actual - planned) / Math.abs(planned)) * 1000) / 10).toFixed(1).replace('.', ',')}${NBSP}%`,
    );
    expect(result?.querySelector('[part~="change-percent"]')).not.toBeNull();
  });
});
