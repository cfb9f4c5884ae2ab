import { pairWithComparison } from '@saldo/contract/statements/index';
import type { SaldoDrillDetail } from '../../core/types';

/**
 * The one table model behind all three statements: rows of lines with a value per month, a
 * period figure (`total`) and, when the report was asked for with `compare`, the comparison
 * period's figure. Each report turns its API shape into these lines; StatementTable draws them.
 */
export interface Line {
  /** Unique within the statement: also the key that pairs a line with its comparison line. */
  id: string;
  /** section: a heading without amounts; group: may expand to `items`; result: a sum line; item: a child. */
  kind: 'section' | 'group' | 'result' | 'item';
  label: string;
  /** øre per month, in the order of the statement's months (empty for sections) */
  values: number[];
  /** øre for the period: the sum of the months (flows) or the last month end (balances) */
  total: number;
  /** the comparison period's `total`, when comparing */
  compare?: number;
  /**
   * What the table shows: whole kroner per month, for the period and for the comparison period,
   * footed by the shared row models (@saldo/contract/statements/index) so every column adds up as shown.
   * The change column shows `shownTotal − shownCompare`.
   */
  shown: number[];
  shownTotal: number;
  shownCompare?: number;
  items?: Line[];
  /** Extra part names besides `row` (e.g. 'group-row'). */
  part?: string;
  /** data-* attributes for host pages and tests, e.g. { 'data-group': 'payroll' } */
  attrs?: Record<string, string>;
  /**
   * What clicking one of the line's figures reports in `saldo-drill`, less the clicked column's
   * period, which the table adds; no figure of the line is clickable without.
   */
  drill?: DrillSpec;
  /** The figure runs from 1 January of its column's year (this year's result so far on a balance sheet). */
  drillFromYearStart?: boolean;
  /** The period figure's share of the revenue (a fraction), for the P&L's optional share column; null where none. */
  share?: number | null;
}

/** A footed row of the shared row models: its figures per month and for the period, as they are and as shown. */
type FootedFigures = Pick<Line, 'values' | 'total' | 'shown' | 'shownTotal'>;

/** A sum line (a subtotal or result) named by its key, with the row's figures as they are. */
export function resultLine(key: string, label: string, row: FootedFigures): Line {
  const { values, total, shown, shownTotal } = row;
  return { id: `r:${key}`, kind: 'result', label, values, total, shown, shownTotal, attrs: { 'data-line': key } };
}

/** A group's line (sales revenue, current assets): its figures, tagged with the group for the page's styles and tests. */
export function groupLine(group: string, label: string, row: FootedFigures): Line {
  const { values, total, shown, shownTotal } = row;
  return { id: `g:${group}`, kind: 'group', label, values, total, shown, shownTotal, attrs: { 'data-group': group } };
}

/** A `saldo-drill` detail without the period of the clicked column. */
export type DrillSpec = Omit<SaldoDrillDetail, 'from' | 'to' | 'column'>;

const zeros = (line: Line) => line.values.map(() => 0);

/**
 * Pairs every line with the same line of the comparison period. Items that exist only in the
 * comparison period (an account used last year only) are added with zeros this period, so the
 * two columns still add up to their group.
 */
export function withComparison(lines: Line[], comparison: Line[] | undefined): Line[] {
  if (!comparison) return lines;
  return pairWithComparison(
    lines,
    comparison,
    (line, other) => ({ ...line, compare: other?.total ?? 0, shownCompare: other?.shownTotal ?? 0 }),
    (item, parent) => ({
      ...item,
      values: zeros(parent),
      total: 0,
      shown: zeros(parent),
      shownTotal: 0,
      compare: item.total,
      shownCompare: item.shownTotal,
    }),
  );
}

/**
 * True when a line and all its items are zero in every column, comparison included, exactly and as
 * shown (a krone the footing puts on an exact zero is part of a sum, so it shows).
 */
export function isZeroLine(line: Line): boolean {
  return (
    line.total === 0 &&
    line.shownTotal === 0 &&
    !line.compare &&
    !line.shownCompare &&
    line.values.every((v) => v === 0) &&
    line.shown.every((k) => k === 0) &&
    (line.items ?? []).every((item) => isZeroLine(item))
  );
}

/** Leaves out groups and items that are zero everywhere (sections and result lines stay). */
export function dropZeroLines(lines: Line[]): Line[] {
  return lines
    .filter((line) => (line.kind !== 'group' && line.kind !== 'item') || !isZeroLine(line))
    .map((line) => (line.items ? { ...line, items: dropZeroLines(line.items) } : line));
}
