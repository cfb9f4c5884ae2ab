/**
 * Which chart a widget has in the PDF, and its numbers. A widget type's kind is its registry entry's
 * `chart` (@saldo/contract/widgets/registry), which follows its SDK element: turnover and employees draw a bar
 * per month, MRR, custom widgets and KPIs a line, the top lists a share bar on each row; a statement's
 * is said here: the profit and loss lines of income, costs and the operating result, cash flow a line. The numbers are those the widget's table shows (read
 * from its rows, or for the profit and loss from the same footed rows its table is made of), so the
 * chart and the table beside it cannot disagree. A month not yet booked is a gap, not a zero.
 */
import type { CashFlowReport, ExportTable, ProfitLossReport } from '@saldo/contract';
import { type ExportKind, isReportKind, type ReportKind } from '@saldo/contract/exports/kinds';
import { isBooked } from '@saldo/contract/period/booked';
import { PROFIT_LOSS_PARTS } from '@saldo/contract/statements/chart';
import { buildProfitLossModel, type ResultRow, statementLabel } from '@saldo/contract/statements/index';
import { type WidgetChart, type WidgetDefinition, widgetRegistry } from '@saldo/contract/widgets/registry';
import { type ExportLang, text } from '../texts.ts';
import { labels } from './labels.ts';
import { COLORS } from './style.ts';

export interface Series {
  label: string;
  color: string;
  /** One per label; null where nothing is shown (a month not yet booked). */
  values: Array<number | null>;
}

/** Bars (the first series) or lines over the months. */
export interface SeriesChart {
  type: 'bars' | 'lines';
  labels: string[];
  series: Series[];
  /** How the axis reads: whole kroner or counts, or percentages. */
  format: 'number' | 'percent';
}

/** A bar in each row, its length the row's share of the largest |amount| in `column` (the SDK's top lists). */
export interface ShareBars {
  type: 'share';
  column: number;
}

export type Chart = SeriesChart | ShareBars;

const num = (value: string | number | null | undefined) => (typeof value === 'number' ? value : null);

/** The months of a table with a row per month: their labels and one column's numbers. */
function monthRows(table: ExportTable, column: number, withTotalRow: boolean) {
  const rows = withTotalRow ? table.rows.slice(0, -1) : table.rows;
  return { labels: rows.map((r) => String(r[0] ?? '')), values: rows.map((r) => num(r[column])) };
}

function fromRows(
  type: SeriesChart['type'],
  table: ExportTable,
  column: number,
  withTotalRow: boolean,
  color: string,
): SeriesChart {
  const { labels, values } = monthRows(table, column, withTotalRow);
  const format = table.kinds[column] === 'percent' ? 'percent' : 'number';
  return { type, labels, series: [{ label: table.columns[column] ?? '', color, values }], format };
}

const { income: INCOME, operatingCosts: OPERATING_COSTS } = PROFIT_LOSS_PARTS;

/** Income, operating costs (positive) and the operating result per booked month, as the table shows them. */
export function profitLossChart(report: ProfitLossReport, table: ExportTable, lang: ExportLang): SeriesChart {
  const model = buildProfitLossModel(report);
  const booked = model.months.map((m) => isBooked(m, report.lastBookedMonth));
  const sum = (groups: readonly string[]) =>
    model.months.map((_, i) =>
      booked[i]
        ? model.rows.reduce((s, r) => s + (r.kind === 'group' && groups.includes(r.group) ? r.shown[i]! : 0), 0)
        : null,
    );
  const result = model.rows.find((r): r is ResultRow => r.kind === 'result' && r.key === 'operatingResult');
  const costs = sum(OPERATING_COSTS).map((v) => (v === null ? null : Math.abs(v)));
  return {
    type: 'lines',
    // The month columns' headings, without '(not yet booked)'.
    labels: table.columns.slice(1, 1 + model.months.length).map((c) => c.replace(/ \(.*\)$/, '')),
    series: [
      { label: text(lang, 'revenue'), color: COLORS.revenue, values: sum(INCOME) },
      { label: labels(lang).costs, color: COLORS.costs, values: costs },
      {
        label: statementLabel('operatingResult', lang),
        color: COLORS.result,
        values: model.months.map((_, i) => (booked[i] && result ? result.shown[i]! : null)),
      },
    ],
    format: 'number',
  };
}

/** The cash at each month end: the table's closing-cash row, month columns only (not the period's or a comparison's). */
function cashFlowChart(table: ExportTable, lang: ExportLang, report?: CashFlowReport): SeriesChart {
  const label = statementLabel('closingBalance', lang);
  const row = table.rows.find((r) => r[0] === label);
  // Every cash flow table ends with its closing cash: one without it is a fault, not a table without a chart.
  if (!row) throw new Error(`The cash flow table has no '${label}' row to chart`);
  const months = report ? report.cashflows.length : table.columns.length - 2;
  return {
    type: 'lines',
    labels: table.columns.slice(1, 1 + months).map((c) => c.replace(/ \(.*\)$/, '')),
    series: [{ label, color: COLORS.revenue, values: row.slice(1, 1 + months).map(num) }],
    format: 'number',
  };
}

/** A statement's chart (not a widget type, so not in the registry): each of the three says its own. */
const reportCharts = {
  'profit-loss': (table, lang, data) => {
    // The chart sums the statement's groups, which its table does not carry: the caller must pass the report.
    if (!data) throw new Error('The profit and loss chart needs its report');
    return profitLossChart(data as ProfitLossReport, table, lang);
  },
  'cash-flow': (table, lang, data) => cashFlowChart(table, lang, data as CashFlowReport | undefined),
  'balance-sheet': () => null,
} satisfies Record<ReportKind, (table: ExportTable, lang: ExportLang, data?: unknown) => Chart | null>;

/** A widget's chart as its registry entry declares it (`chart`), drawn from its table. */
export function widgetChart(chart: WidgetChart, table: ExportTable): Chart | null {
  if (chart === 'none') return null;
  if (chart.type === 'share') return { type: 'share', column: table.columns.length - 1 };
  return fromRows(chart.type, table, chart.column, chart.totalRow, COLORS[chart.color]);
}

/**
 * The chart of a widget's or a statement's table, or null where its entry says 'none' (consolidation,
 * the budget widget, an AI answer), for the balance sheet, or for a table without rows. Any other kind
 * always has its chart (a month series with no booked month draws as such, saying so): a chart that
 * cannot be made is an error, never a silent null. `data` is the API's answer (the profit and loss
 * needs its groups).
 */
export function chartOf(kind: ExportKind, table: ExportTable, lang: ExportLang, data?: unknown): Chart | null {
  if (table.rows.length === 0) return null;
  if (isReportKind(kind)) return reportCharts[kind](table, lang, data);
  const { chart }: WidgetDefinition = widgetRegistry[kind];
  return widgetChart(chart, table);
}
