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
  items?: Line[];
  /** Extra part names besides `row` (e.g. 'group-row'). */
  part?: string;
  /** data-* attributes for host pages and tests, e.g. { 'data-group': 'payroll' } */
  attrs?: Record<string, string>;
  /** What clicking the row (an item) reports in `saldo-drill`; not clickable without. */
  drill?: SaldoDrillDetail;
}

const zeros = (line: Line) => line.values.map(() => 0);

/**
 * Pairs every line with the same line of the comparison period. Items that exist only in the
 * comparison period (an account used last year only) are added with zeros this period, so the
 * two columns still add up to their group.
 */
export function withComparison(lines: Line[], comparison: Line[] | undefined): Line[] {
  if (!comparison) return lines;
  const byId = new Map<string, Line>();
  const index = (list: Line[]) => {
    for (const line of list) {
      byId.set(line.id, line);
      if (line.items) index(line.items);
    }
  };
  index(comparison);
  const pair = (line: Line): Line => {
    const other = byId.get(line.id);
    const paired: Line = { ...line, compare: other?.total ?? 0 };
    if (line.items || other?.items) {
      const own = new Set((line.items ?? []).map((item) => item.id));
      const extra = (other?.items ?? [])
        .filter((item) => !own.has(item.id))
        .map((item) => ({ ...item, values: zeros(line), total: 0, compare: item.total }));
      paired.items = [...(line.items ?? []).map(pair), ...extra];
    }
    return paired;
  };
  return lines.map(pair);
}

/** True when a line and all its items are zero in every column, comparison included. */
export function isZeroLine(line: Line): boolean {
  return (
    line.total === 0 &&
    !line.compare &&
    line.values.every((v) => v === 0) &&
    (line.items ?? []).every((item) => isZeroLine(item))
  );
}

/** An account of a statement row: `number` its place in the chart, `accountId` the source's own ID. */
export interface AccountCell {
  number: number;
  accountId?: string | undefined;
  label: string;
  amount: number;
}

const keyOf = (item: { number: number; accountId?: string | undefined }) => `${item.number}:${item.accountId ?? ''}`;

/**
 * Accounts of a statement group per month, collected over the months they appear in; one row per
 * account ID, so sub-accounts of one number stay apart. Ordered by place in the chart, then ID.
 */
export function accountItems(
  months: ReadonlyArray<ReadonlyArray<AccountCell>>,
  totals: ReadonlyArray<Omit<AccountCell, 'label'>> | undefined,
  make: (item: AccountCell) => Omit<Line, 'values' | 'total'>,
): Line[] {
  const rows = new Map<string, { item: AccountCell; line: Line }>();
  months.forEach((items, i) => {
    for (const item of items) {
      let row = rows.get(keyOf(item));
      if (!row) {
        row = { item, line: { ...make(item), values: months.map(() => 0), total: 0 } };
        rows.set(keyOf(item), row);
      }
      row.line.values[i] = item.amount;
    }
  });
  for (const { line } of rows.values()) line.total = line.values.reduce((a, b) => a + b, 0);
  // The server's period total wins over our sum where it has one.
  for (const item of totals ?? []) {
    const row = rows.get(keyOf(item));
    if (row) row.line.total = item.amount;
  }
  return [...rows.values()]
    .sort(
      (a, b) =>
        a.item.number - b.item.number ||
        (a.item.accountId ?? '').localeCompare(b.item.accountId ?? '', 'en', { numeric: true }),
    )
    .map(({ line }) => line);
}

/** Leaves out groups and items that are zero everywhere (sections and result lines stay). */
export function dropZeroLines(lines: Line[]): Line[] {
  return lines
    .filter((line) => (line.kind !== 'group' && line.kind !== 'item') || !isZeroLine(line))
    .map((line) => (line.items ? { ...line, items: dropZeroLines(line.items) } : line));
}
