// What the portfolio table does with its rows, apart from showing them: sort by a column, filter and
// search, and write them out as CSV. Pure, so the unit tests and the page share them.
import type { PortfolioFigureId, PortfolioRow } from '@saldo/contract';
import { isKpiId, type KpiId, kpiDefinition, kpiNumber } from '@saldo/contract/kpis/kpis';
import { formatAmount, formatNumber, oreToUnits, percentText } from '@saldo/contract/numbers/format';
import { type AssignmentFilter, matchesAssignment } from '../boards/assignment-filter';

export type SortKey = 'name' | PortfolioFigureId | KpiId | 'lastBookedMonth' | 'dataAgeDays' | 'severity';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

/** The search, the tag and responsible accountant (boards/assignment-filter.ts), the health and attention. */
export interface Filters extends AssignmentFilter {
  search: string;
  health: '' | 'error' | 'warning' | 'ok';
  needsAttention: boolean;
}

export const NO_FILTERS: Filters = { search: '', tag: '', responsible: '', health: '', needsAttention: false };

export const AMOUNTS: readonly PortfolioFigureId[] = [
  'revenue',
  'grossProfit',
  'operatingResult',
  'resultBeforeTax',
  'result',
  'cashAndBank',
];
export const RATIOS: readonly PortfolioFigureId[] = ['grossMargin', 'equityRatio', 'liquidityRatio1'];

const SEVERITY_RANK = { error: 3, warning: 2, info: 1 } as const;

function sortValue(row: PortfolioRow, key: SortKey): string | number | null {
  if (key === 'name') return row.name.toLocaleLowerCase('nb');
  if (key === 'lastBookedMonth') return row.lastBookedMonth;
  if (key === 'dataAgeDays') return row.dataAgeDays;
  if (key === 'severity') return row.severity ? SEVERITY_RANK[row.severity] : 0;
  if (isKpiId(key)) return row.kpis[key]?.value ?? null;
  return row.figures[key].value;
}

/** The rows in the sort's order; a row without the figure goes last either way. */
export function sortRows(rows: readonly PortfolioRow[], sort: Sort): PortfolioRow[] {
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sort.descending ? -order : order;
  });
}

/** The rows the filters keep: the search matches a name or an organisation number. */
export function filterRows(rows: readonly PortfolioRow[], f: Filters): PortfolioRow[] {
  const search = f.search.trim().toLocaleLowerCase('nb');
  const digits = search.replace(/\s/g, '');
  return rows.filter((row) => {
    if (
      search &&
      !row.name.toLocaleLowerCase('nb').includes(search) &&
      !row.orgNumbers.some((n) => digits && n.includes(digits))
    )
      return false;
    if (!matchesAssignment(row, f)) return false;
    if (f.health === 'ok' && (row.severity === 'error' || row.severity === 'warning')) return false;
    if (f.health && f.health !== 'ok' && row.severity !== f.health) return false;
    if (f.needsAttention && !row.needsAttention) return false;
    return true;
  });
}

/** A ratio as shown: a percent with one decimal, or the liquidity ratio with two. */
export function ratioText(id: PortfolioFigureId, value: number | null): string {
  if (value === null) return '–';
  if (id === 'liquidityRatio1') return (Math.round(value * 100) / 100).toFixed(2).replace('.', ',');
  return `${formatNumber(value)}\u00a0%`;
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
