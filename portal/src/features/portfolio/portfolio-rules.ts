// What the portfolio table does with its rows, apart from showing them: sort by a column, filter and
// search (the contract's portfolio-table, which the server's Excel export shares), and write them out as
// CSV. Pure, so the unit tests and the page share them.
import type { PortfolioFigureId, PortfolioRow } from '@saldo/contract';
import { isKpiId, type KpiId, kpiDefinition, kpiNumber } from '@saldo/contract/kpis/kpis';
import { PORTFOLIO_RATIOS } from '@saldo/contract/kpis/portfolio-table';
import { formatAmount, formatPercent, oreToUnits, percentText } from '@saldo/contract/numbers/format';

export {
  type Filters,
  filterRows,
  NO_FILTERS,
  type Sort,
  type SortKey,
  sortRows,
} from '@saldo/contract/kpis/portfolio-table';

export const AMOUNTS: readonly PortfolioFigureId[] = [
  'revenue',
  'grossProfit',
  'operatingResult',
  'resultBeforeTax',
  'result',
  'cashAndBank',
];
export const RATIOS: readonly PortfolioFigureId[] = PORTFOLIO_RATIOS;

/**
 * A ratio as shown: a percent always with one decimal ('15,0 %' beside '15,2 %', by the contract's
 * formatPercent), or the liquidity ratio with two.
 */
export function ratioText(id: PortfolioFigureId, value: number | null): string {
  if (value === null) return '–';
  if (id === 'liquidityRatio1') return (Math.round(value * 100) / 100).toFixed(2).replace('.', ',');
  return formatPercent(value);
}

/** A figure as the table shows it: kroner for amounts, the ratio's own text otherwise. */
export const figureText = (id: PortfolioFigureId, value: number | null): string =>
  value === null ? '–' : RATIOS.includes(id) ? ratioText(id, value) : formatAmount(value);

/**
 * A figure as a spreadsheet reads it: whole kroner, a percent or ratio with a decimal comma, empty for
 * none; a KPI column's amount in kroner, any other unit as its number (a percent in percent).
 */
function csvNumber(id: PortfolioFigureId | KpiId, value: number | null): string {
  if (value === null) return '';
  if (isKpiId(id)) {
    const unit = kpiDefinition(id).unit;
    return unit === 'amount' ? String(oreToUnits(value)) : String(kpiNumber(value, unit)).replace('.', ',');
  }
  if (id === 'liquidityRatio1') return ratioText(id, value);
  return RATIOS.includes(id) ? percentText(value) : String(oreToUnits(value));
}

const csvCell = (text: string) => (/[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The rows as CSV (semicolons, as Norwegian spreadsheets read them), with the headings given and the KPI columns. */
export function portfolioCsv(
  rows: readonly PortfolioRow[],
  headings: Record<string, string>,
  kpis: readonly KpiId[] = [],
): string {
  const ids = [...AMOUNTS, ...RATIOS, ...kpis];
  const head = [headings.name!, headings.orgNumber!, ...ids.map((id) => headings[id]!), headings.lastBookedMonth!];
  const lines = rows.map((row) => [
    row.name,
    row.orgNumbers.join(' '),
    ...ids.map((id) => csvNumber(id, isKpiId(id) ? (row.kpis[id]?.value ?? null) : row.figures[id].value)),
    row.lastBookedMonth ?? '',
  ]);
  return [head, ...lines].map((cells) => cells.map(csvCell).join(';')).join('\r\n');
}
