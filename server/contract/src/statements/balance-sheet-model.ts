import { footRows, type ShownRow } from '../footing.ts';
import type { BalanceSheetGroup, BalanceSheetGroupId, BalanceSheetReport, LocalizedText } from '../types.ts';

// The rows of a balance sheet as the SDK's table and the exports show them, from the API's report,
// with the shown figures footed. Pure, so the SDK and the exports share it (@saldo/contract/statements).

export type BalanceSheetSide = 'assets' | 'equityAndLiabilities';

/** An account of a group, or the one line that is no account (earlier years' result not yet closed). */
export interface BalanceSheetItemRow extends ShownRow {
  number: number;
  accountId?: string;
  title: LocalizedText;
  /** False for the earlier years' result line: it has no postings behind it. */
  isAccount: boolean;
}

export interface BalanceSheetGroupRow extends ShownRow {
  group: BalanceSheetGroupId;
  side: BalanceSheetSide;
  title: LocalizedText;
  items: BalanceSheetItemRow[];
}

export interface BalanceSheetSumRow extends ShownRow {
  key: 'totalAssets' | 'totalEquityAndLiabilities' | 'difference';
}

/**
 * Each side's groups (expanding to their accounts) and its sum; then the difference when the source
 * does not balance. A row's `values` are its balances at each month end, its `total` the last one.
 * Each month end is footed on its own: accounts to their group, groups to their side's sum; the
 * difference shown is the shown assets less the shown equity and liabilities.
 */
export interface BalanceSheetModel {
  months: string[];
  /** The date each column's figures are for: the month's last day. */
  dates: string[];
  sides: Array<{ side: BalanceSheetSide; groups: BalanceSheetGroupRow[]; sum: BalanceSheetSumRow }>;
  difference: BalanceSheetSumRow | null;
}

const SIDES: ReadonlyArray<{ side: BalanceSheetSide; sum: 'totalAssets' | 'totalEquityAndLiabilities' }> = [
  { side: 'assets', sum: 'totalAssets' },
  { side: 'equityAndLiabilities', sum: 'totalEquityAndLiabilities' },
];

const last = (values: readonly number[]) => values[values.length - 1] ?? 0;

const blank = (values: number[]): ShownRow => ({ values, total: last(values), shown: [], shownTotal: 0 });

function items(perMonth: ReadonlyArray<BalanceSheetGroup | undefined>): BalanceSheetItemRow[] {
  const rows = new Map<string, BalanceSheetItemRow>();
  perMonth.forEach((group, i) => {
    for (const s of group?.subItems ?? []) {
      const key = `${s.number}:${s.accountId ?? ''}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          number: s.number,
          title: s.title,
          isAccount: s.accountId !== undefined || s.number !== 0,
          ...blank(perMonth.map(() => 0)),
        };
        if (s.accountId !== undefined) row.accountId = s.accountId;
        rows.set(key, row);
      }
      row.values[i] = s.amount;
    }
  });
  for (const row of rows.values()) row.total = last(row.values);
  // In the chart's order: by place, then ID (sub-accounts under their number); the line that is no account last.
  return [...rows.values()].sort(
    (a, b) =>
      Number(!a.isAccount) - Number(!b.isAccount) ||
      a.number - b.number ||
      (a.accountId ?? '').localeCompare(b.accountId ?? '', 'en', { numeric: true }),
  );
}

export function buildBalanceSheetModel(report: BalanceSheetReport): BalanceSheetModel {
  const { months } = report;
  const known = new Map<string, BalanceSheetGroup>();
  for (const month of months) for (const g of month.groups) if (!known.has(g.group)) known.set(g.group, g);
  const sides = SIDES.map(({ side, sum }) => {
    const groups = [...known.values()]
      .filter((g) => g.side === side)
      .map((g): BalanceSheetGroupRow => {
        const perMonth = months.map((m) => m.groups.find((x) => x.group === g.group));
        return {
          group: g.group,
          side,
          title: g.groupTitle,
          items: items(perMonth),
          ...blank(perMonth.map((x) => x?.totalAmountOfGroup ?? 0)),
        };
      });
    const sumRow: BalanceSheetSumRow = { key: sum, ...blank(months.map((m) => m[sum])) };
    footRows(
      { row: sumRow, children: groups.map((g) => ({ row: g, children: g.items.map((i) => ({ row: i })) })) },
      months.length,
    );
    return { side, groups, sum: sumRow };
  });
  let difference: BalanceSheetSumRow | null = null;
  if (months.some((m) => m.difference !== 0)) {
    const [assets, other] = [sides[0]!.sum, sides[1]!.sum];
    difference = {
      key: 'difference',
      ...blank(months.map((m) => m.difference)),
      shown: assets.shown.map((k, i) => k - (other.shown[i] ?? 0)),
      shownTotal: assets.shownTotal - other.shownTotal,
    };
  }
  return { months: months.map((m) => m.month), dates: months.map((m) => m.date), sides, difference };
}
