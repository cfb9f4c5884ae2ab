import type { CustomWidgetData, ExportTable } from '@saldo/contract';
import { type WidgetDefinition, widgetRegistry, widgetTypes } from '@saldo/contract/widgets/registry';
import { describe, expect, it } from 'vitest';
import { buildBalanceSheet } from '../../../engine/balance-sheet.ts';
import { buildCashFlow } from '../../../engine/cash-flow.ts';
import { buildProfitLoss, type MonthlyMovement } from '../../../engine/profit-loss.ts';
import { parsePeriod } from '../../../http/period.ts';
import { balanceSheetTable, cashFlowTable, type ExportKind, profitLossTable, toTable } from '../tables.ts';
import { type Chart, chartOf, type SeriesChart } from './chart-data.ts';
import { COLORS } from './style.ts';

// A widget's chart in the PDF is the kind its SDK element draws, over the very figures of its table.

const period = parsePeriod('2026-01-01', '2026-04-30');
const MONTHS = period.months;
const LAST = '2026-03'; // April not yet booked

const series = (chart: Chart | null): SeriesChart => {
  expect(chart?.type).not.toBe('share');
  return chart as SeriesChart;
};
/** A column's numbers over the month rows, null where the row shows none. */
const column = (table: ExportTable, c: number, rows = table.rows) =>
  rows.map((r) => (typeof r[c] === 'number' ? r[c] : null));

const movements: MonthlyMovement[] = [
  ...['2025-12', ...MONTHS.slice(0, 3)].flatMap((month, i) => [
    { month, accountNumber: 3000, amount: -(100_000_50 + i * 7_000_25) },
    { month, accountNumber: 4300, amount: 40_000_50 },
    { month, accountNumber: 5000, amount: 30_000_25 },
    { month, accountNumber: 8040, amount: -1_000_00 },
    { month, accountNumber: 1920, amount: 31_000_00 - i * 1_000_50 },
  ]),
];
const history = {
  before: movements.filter((m) => m.month < '2026-01'),
  fromMonth: '2026-01',
  movements: movements.filter((m) => m.month >= '2026-01'),
};

describe('chartOf', () => {
  it('turnover: a bar per month in the revenue colour, the total row left out, an unbooked month a gap', () => {
    const table = toTable(
      'turnover',
      {
        months: MONTHS.map((month, i) => ({ month, amount: i < 3 ? 100_000_50 * (i + 1) : 0 })),
        total: 600_001_50,
        previousTotal: 0,
        changePercent: null,
        lastBookedMonth: LAST,
      },
      'nor',
    );
    const chart = series(chartOf('turnover', table, 'nor'));
    expect(chart).toMatchObject({ type: 'bars', labels: ['jan 2026', 'feb 2026', 'mar 2026', 'apr 2026'] });
    expect(chart.series).toHaveLength(1);
    expect(chart.series[0]!.color).toBe(COLORS.revenue);
    expect(chart.series[0]!.values).toEqual([...column(table, 1, table.rows.slice(0, 3)), null]);
  });

  it('employees: bars in the result colour; MRR: a line of the MRR column', () => {
    const employees = toTable(
      'employees',
      {
        source: 'employments',
        current: 4,
        months: MONTHS.map((month, i) => ({ month, count: i + 2 })),
        lastBookedMonth: LAST,
      },
      'nor',
    );
    const bars = series(chartOf('employees', employees, 'nor'));
    expect(bars.type).toBe('bars');
    expect(bars.series[0]).toMatchObject({ color: COLORS.result, values: [2, 3, 4, null] });
    const mrr = toTable(
      'mrr',
      {
        accounts: { from: 3000, to: 3999 },
        mrr: 0,
        previousMrr: 0,
        month: LAST,
        lastBookedMonth: LAST,
        months: MONTHS.map((month, i) => ({
          month,
          mrr: 50_000_50 * (i + 1),
          previousMrr: 0,
          newMrr: 0,
          expansionMrr: 0,
          contractionMrr: 0,
          churnedMrr: 0,
          customers: 3,
          averageRevenuePerCustomer: 0,
        })),
      },
      'nor',
    );
    const line = series(chartOf('mrr', mrr, 'nor'));
    expect(line.type).toBe('lines');
    expect(line.series[0]!.values).toEqual(column(mrr, 1));
    expect(line.series[0]!.values.at(-1)).toBeNull();
  });

  it('custom widgets: a line of their value, in percent for a ratio', () => {
    const data = (type: 'accountRange' | 'ratio'): CustomWidgetData => ({
      widget: {
        _id: 'w',
        groupId: 'b',
        name: 'Lønn',
        type,
        view: 'single',
        note: null,
        range: { from: '5xxx', to: '5xxx' },
      },
      months: MONTHS.map((month, i) => ({ month, value: type === 'ratio' ? 0.25 + i / 100 : 10_000_50 * (i + 1) })),
      total: type === 'ratio' ? 0.27 : 60_003_00,
      lastBookedMonth: LAST,
    });
    const amounts = toTable('custom', data('accountRange'), 'nor');
    const line = series(chartOf('custom', amounts, 'nor'));
    expect(line).toMatchObject({ type: 'lines', format: 'number' });
    expect(line.series[0]!.values).toEqual(column(amounts, 1, amounts.rows.slice(0, -1)));
    const ratio = toTable('custom', data('ratio'), 'nor');
    const percent = series(chartOf('custom', ratio, 'nor'));
    expect(percent.format).toBe('percent');
    expect(percent.series[0]!.values).toEqual([25, 26, 27, null]);
  });

  it('profit and loss: income, operating costs and the operating result, the sums of the lines the table shows', () => {
    const report = buildProfitLoss(movements, new Map(), period);
    report.lastBookedMonth = LAST;
    const table = profitLossTable(report, 'nor');
    const chart = series(chartOf('profit-loss', table, 'nor', report));
    expect(chart.type).toBe('lines');
    expect(chart.labels).toEqual(['jan 2026', 'feb 2026', 'mar 2026', 'apr 2026']);
    expect(chart.series.map((s) => [s.label, s.color])).toEqual([
      ['Inntekter', COLORS.revenue],
      ['Kostnader', COLORS.costs],
      ['Driftsresultat', COLORS.result],
    ]);
    const line = (label: string) => table.rows.find((r) => r[0] === label)!;
    const at = (label: string, i: number) => line(label)[i + 1] as number;
    const [revenue, costs, result] = chart.series.map((s) => s.values);
    for (let i = 0; i < 3; i++) {
      expect(revenue![i]).toBe(at('Salgsinntekt', i));
      expect(costs![i]).toBe(-(at('Varekostnad', i) + at('Lønnskostnad', i)));
      expect(result![i]).toBe(at('Driftsresultat', i));
      expect(revenue![i]! - costs![i]!).toBe(result![i]);
    }
    expect(chart.series.map((s) => s.values[3])).toEqual([null, null, null]);
    // Without the report there is no chart to make: an error, neither a wrong chart nor a silent none.
    expect(() => chartOf('profit-loss', table, 'nor')).toThrow(/needs its report/);
  });

  it('cash flow: a line of the cash at each month end, the closing row of the table', () => {
    const report = buildCashFlow(history, period);
    report.lastBookedMonth = LAST;
    const table = cashFlowTable(report, 'nor');
    const chart = series(chartOf('cash-flow', table, 'nor'));
    const closing = table.rows.find((r) => r[0] === 'Likvider ved periodens slutt')!;
    expect(chart.labels).toEqual(['jan 2026', 'feb 2026', 'mar 2026', 'apr 2026']);
    expect(chart.series[0]!.values).toEqual(closing.slice(1, 5).map((v) => (typeof v === 'number' ? v : null)));
  });

  it('cash flow against a budget: the line has the months only, not the period, budget or variance columns', () => {
    const report = {
      ...buildCashFlow(history, period),
      comparison: { ...buildCashFlow(history, period), basis: 'budget' as const },
    };
    const table = cashFlowTable(report, 'nor');
    expect(table.columns.slice(-4)).toEqual(['jan 2026 – apr 2026', 'Budsjett', 'Avvik', 'Avvik %']);
    const chart = series(chartOf('cash-flow', table, 'nor', report));
    expect(chart.labels).toEqual(['jan 2026', 'feb 2026', 'mar 2026', 'apr 2026']);
    expect(chart.series[0]!.values).toHaveLength(4);
  });

  it('top lists draw a share bar before the amount; consolidation, balance sheet and AI answers no chart', () => {
    const top = toTable('top-customers', [{ _id: 'a', name: 'A', amount: 100 }], 'nor');
    expect(chartOf('top-customers', top, 'nor')).toEqual({ type: 'share', column: 2 });
    const largest = toTable('largest-transactions', [{ _id: 'v', name: 'V', amount: 100, date: '2026-01-02' }], 'nor');
    expect(chartOf('largest-transactions', largest, 'nor')).toEqual({ type: 'share', column: 2 });
    const none: Array<[ExportKind, ExportTable]> = [
      [
        'consolidation',
        toTable(
          'consolidation',
          { apis: [], deducted: { revenue: 0, result: 0 }, consolidated: { revenue: 0, result: 0 } },
          'nor',
        ),
      ],
      ['balance-sheet', balanceSheetTable(buildBalanceSheet(history, new Map(), period), 'nor')],
      ['ai', { title: 'Q', columns: ['Svar', 'Dato'], kinds: ['text', 'date'], rows: [['Svar', null]] }],
    ];
    for (const [kind, table] of none) expect(chartOf(kind, table, 'nor'), kind).toBeNull();
    expect(chartOf('turnover', { ...top, rows: [] }, 'nor')).toBeNull();
  });

  it('every widget type whose registry entry names a chart gets that chart, even before any month is booked', () => {
    // A month series not yet booked: the months' cells say so, the total row is empty.
    const unbooked: ExportTable = {
      title: 'T',
      columns: ['Måned', 'Verdi'],
      kinds: ['text', 'amount'],
      rows: [
        ['jan 2026', 'Ikke bokført ennå'],
        ['feb 2026', 'Ikke bokført ennå'],
        ['Totalt', null],
      ],
    };
    const named = widgetTypes.filter((type) => (widgetRegistry[type] as WidgetDefinition).chart !== 'none');
    expect(named.length).toBeGreaterThan(8);
    for (const type of named) {
      const declared = (widgetRegistry[type] as WidgetDefinition).chart;
      const chart = chartOf(type, unbooked, 'nor');
      expect(chart, type).not.toBeNull();
      expect(chart!.type, type).toBe((declared as { type: string }).type);
    }
  });
});
