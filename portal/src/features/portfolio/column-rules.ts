// The portfolio's figure columns beyond the table itself: the fixed figures and the KPIs of the
// library a user adds, their texts, and the benchmark marker beside each (issue 29). Pure, so the unit
// tests and the page share them.
import type { BenchmarkFigure, BenchmarkPosition, PortfolioFigureId, PortfolioRow } from '@saldo/contract';
import { formatKpi, isKpiId, type KpiId, type KpiUnit, kpiDefinition, kpiNumber } from '@saldo/contract/kpis/kpis';
import { formatPercent, percentText } from '@saldo/contract/numbers/format';
import { figureText, RATIOS } from './portfolio-rules';

/** A figure column: a fixed figure of the portfolio, or a KPI of the library the user added. */
export type ColumnId = PortfolioFigureId | KpiId;

export const isKpiColumn = (id: ColumnId): id is KpiId => isKpiId(id);

/** The column's value in a row: the figure's, or the KPI's (null when the answer has none). */
export function columnValue(row: PortfolioRow, id: ColumnId): number | null {
  return isKpiColumn(id) ? (row.kpis[id]?.value ?? null) : row.figures[id].value;
}

/** A value of the column as the table shows it: the fixed figures' own texts, a KPI in its unit. */
export function columnText(id: ColumnId, value: number | null, lang: 'nor' | 'en'): string {
  if (!isKpiColumn(id)) return figureText(id, value);
  return formatKpi(value, kpiDefinition(id).unit, lang);
}

/**
 * A change as the table shows it, by the fixed figures' rule: an amount's in percent, a percentage's
 * in points (pp), any other unit's as the difference in that unit. Percent and points always with one
 * decimal, by the contract's formatting ('+15,0 %', '-2,0 pp').
 */
export function changeText(id: ColumnId, change: number, lang: 'nor' | 'en'): string {
  const sign = change > 0 ? '+' : '';
  const unit: KpiUnit | 'fixedRatio' = isKpiColumn(id)
    ? kpiDefinition(id).unit
    : RATIOS.includes(id)
      ? 'fixedRatio'
      : 'amount';
  if (unit === 'amount') return formatPercent(change, true);
  if (unit === 'fixedRatio')
    return id === 'liquidityRatio1'
      ? `${sign}${change.toFixed(2).replace('.', ',')}`
      : `${sign}${percentText(change)}\u00a0pp`;
  if (unit === 'percent') return `${sign}${percentText(kpiNumber(change, 'percent'))}\u00a0pp`;
  return formatKpi(change, unit, lang, true);
}

/** Which way is good for the column: every fixed figure is better higher; a KPI says (or neither). */
export const betterOf = (id: ColumnId): 'higher' | 'lower' | null =>
  isKpiColumn(id) ? kpiDefinition(id).better : 'higher';

export type MarkerTone = 'good' | 'bad' | 'neutral';

/**
 * The benchmark marker of a value: its quartile ('Q1' lowest … 'Q4' highest) and a tone: the best
 * quartile for the column's direction good, the worst bad, the middle two and a column with no
 * better direction neutral. Null when the row has no position.
 */
export function markerOf(
  position: BenchmarkPosition | undefined,
  better: 'higher' | 'lower' | null,
): { label: string; tone: MarkerTone } | null {
  if (position === null || position === undefined) return null;
  const label = `Q${position}`;
  if (better === null || position === 2 || position === 3) return { label, tone: 'neutral' };
  const top = better === 'higher' ? 4 : 1;
  return { label, tone: position === top ? 'good' : 'bad' };
}

/** The benchmark in one line: 'Median 12,5 % (Q1 3,0 %, Q3 40,0 %), 5 selskaper'; null with no values. */
export function benchmarkText(
  id: ColumnId,
  b: BenchmarkFigure | undefined,
  lang: 'nor' | 'en',
  words: { median: string; boards: (n: number) => string },
): string | null {
  if (!b || b.n === 0 || b.median === null) return null;
  const text = (v: number | null) => columnText(id, v, lang);
  return `${words.median} ${text(b.median)} (Q1 ${text(b.q1)}, Q3 ${text(b.q3)}), ${words.boards(b.n)}`;
}

/** The KPI columns a user kept, read back: known KPIs of the library only, each once, in their order. */
export function keptKpis(stored: string | null): KpiId[] {
  if (!stored) return [];
  try {
    const ids: unknown = JSON.parse(stored);
    return Array.isArray(ids)
      ? [...new Set(ids.filter((id): id is KpiId => typeof id === 'string' && isKpiId(id)))]
      : [];
  } catch {
    return [];
  }
}
