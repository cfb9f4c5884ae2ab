// The portfolio table's rules, which the portal's page and the server's Excel export share, so the file
// holds the rows, columns and order the screen shows: the figure columns, the sort and the filters (the
// tag and responsible filter also the board list's).

import type { PortfolioFigureId, PortfolioRow } from '../types/portfolio.ts';
import { isKpiId, type KpiId } from './kpis.ts';
import { portfolioFigureIds } from './portfolio-figures.ts';

/** The figures the table shows as columns, in their order. */
export const PORTFOLIO_TABLE_FIGURES: readonly PortfolioFigureId[] = [
  'revenue',
  'grossMargin',
  'operatingResult',
  'result',
  'cashAndBank',
  'equityRatio',
  'liquidityRatio1',
];

/** Figures that are ratios (a percent, or the liquidity ratio as a plain number), not øre. */
export const PORTFOLIO_RATIOS: readonly PortfolioFigureId[] = ['grossMargin', 'equityRatio', 'liquidityRatio1'];

/**
 * What the table sorts by besides a KPI column of the library (a KpiId): the company's name, any figure,
 * the last booked month, the data's age, the health.
 */
export const PORTFOLIO_SORT_KEYS = [
  'name',
  ...portfolioFigureIds,
  'lastBookedMonth',
  'dataAgeDays',
  'severity',
] as const;

export type SortKey = (typeof PORTFOLIO_SORT_KEYS)[number] | KpiId;
export interface Sort {
  key: SortKey;
  descending: boolean;
}

/** What a board's row carries of its assignment (a board of the board list, a portfolio row). */
export interface Assigned {
  tags: readonly string[];
  responsible: { id: string; name: string } | null;
}

/** A tag and a responsible accountant's id to keep; '' keeps every row. */
export interface AssignmentFilter {
  tag: string;
  responsible: string;
}

/**
 * Whether a row has the filter's tag and responsible accountant (each when chosen): the one rule of
 * the board list (/group), the portfolio's table and its Excel export.
 */
export const matchesAssignment = (row: Assigned, f: AssignmentFilter): boolean =>
  (!f.tag || row.tags.includes(f.tag)) && (!f.responsible || row.responsible?.id === f.responsible);

export interface Filters extends AssignmentFilter {
  search: string;
  health: '' | 'error' | 'warning' | 'ok';
  needsAttention: boolean;
}

export const NO_FILTERS: Filters = { search: '', tag: '', responsible: '', health: '', needsAttention: false };

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
