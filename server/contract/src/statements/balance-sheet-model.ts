import { type FixedRow, oreToKroner, type RowTree, type ShownRow } from '../numbers/footing.ts';
import type { LocalizedText } from '../numbers/format.ts';
import { footRows } from '../numbers/table-footing.ts';
import type {
  BalanceSheetGroup,
  BalanceSheetGroupId,
  BalanceSheetMonth,
  BalanceSheetReport,
  BalanceSheetSection,
  BalanceSheetSubItem,
} from '../types/reports.ts';

// The rows of a balance sheet as the SDK's table and the exports show them, from the API's report,
// with the shown figures footed. Pure, so the SDK and the exports share it (@saldo/contract/statements/index).

export type BalanceSheetSide = 'assets' | 'equityAndLiabilities';

/** An account of a group, or one of the lines of retained earnings that are no account. */
export interface BalanceSheetItemRow extends ShownRow {
  number: number;
  accountId?: string;
  title: LocalizedText;
  /** False for the results not yet closed to equity (this year's so far, earlier years'): no postings of their own. */
  isAccount: boolean;
  /** The key of a line that is no account. */
  key?: BalanceSheetSubItem['key'];
}

export interface BalanceSheetGroupRow extends ShownRow {
  group: BalanceSheetGroupId;
  side: BalanceSheetSide;
  title: LocalizedText;
  items: BalanceSheetItemRow[];
}

export type BalanceSheetSumKey =
  | 'totalFixedAssets'
  | 'totalCurrentAssets'
  | 'totalAssets'
  | 'totalEquity'
  | 'totalLiabilities'
  | 'totalEquityAndLiabilities'
  | 'difference';

export interface BalanceSheetSumRow extends ShownRow {
  key: BalanceSheetSumKey;
}

/** A part of one side (Anleggsmidler, Omløpsmidler, Egenkapital, Gjeld): its groups and its sum. */
export interface BalanceSheetSectionBlock {
  section: BalanceSheetSection;
  groups: BalanceSheetGroupRow[];
  sum: BalanceSheetSumRow;
}

/**
 * Each side's parts (regnskapsloven § 6-2), each with its groups (expanding to their accounts) and its
 * sum, then the side's sum; the assets side also the Unclassified line (`loose`), in no part. Then the
 * difference when the source does not balance. A row's `values` are its balances at each month end,
 * its `total` the last one (shown as the last month end is). Each month end is footed on its own:
 * accounts to their group, groups to their part, parts (and the Unclassified line) to their side's
 * sum; the difference shown is the shown assets less the shown equity and liabilities. Each side's
 * sum, cash (the cash flow's) and this year's result so far (the P&L's) are shown as their own
 * rounding, so every table that shows them agrees, and every other figure within a krone of its own
 * rounding (footing.ts).
 */
export interface BalanceSheetModel {
  months: string[];
  /** The date each column's figures are for: the month's last day. */
  dates: string[];
  sides: Array<{
    side: BalanceSheetSide;
    sections: BalanceSheetSectionBlock[];
    loose: BalanceSheetGroupRow[];
    sum: BalanceSheetSumRow;
  }>;
  difference: BalanceSheetSumRow | null;
  /** Fixed figures (cash, the result so far, a side's sum) not shown at their own rounding (footing.ts): 0 but in a fallback. */
  fallbacks: number;
}

const SIDES: ReadonlyArray<{
  side: BalanceSheetSide;
  sum: 'totalAssets' | 'totalEquityAndLiabilities';
  sections: ReadonlyArray<{ section: BalanceSheetSection; sum: BalanceSheetSumKey }>;
}> = [
  {
    side: 'assets',
    sum: 'totalAssets',
    sections: [
      { section: 'fixedAssets', sum: 'totalFixedAssets' },
      { section: 'currentAssets', sum: 'totalCurrentAssets' },
    ],
  },
  {
    side: 'equityAndLiabilities',
    sum: 'totalEquityAndLiabilities',
    sections: [
      { section: 'equity', sum: 'totalEquity' },
      { section: 'liabilities', sum: 'totalLiabilities' },
    ],
  },
];

const last = (values: readonly number[]) => values[values.length - 1] ?? 0;

const blank = (values: number[]): ShownRow => ({ values, total: last(values), shown: [], shownTotal: 0 });

function items(perMonth: ReadonlyArray<BalanceSheetGroup | undefined>): BalanceSheetItemRow[] {
  const rows = new Map<string, BalanceSheetItemRow>();
  perMonth.forEach((group, i) => {
    for (const s of group?.subItems ?? []) {
      const key = `${s.number}:${s.accountId ?? s.key ?? ''}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          number: s.number,
          title: s.title,
          isAccount: s.key === undefined && (s.accountId !== undefined || s.number !== 0),
          ...blank(perMonth.map(() => 0)),
        };
        if (s.accountId !== undefined) row.accountId = s.accountId;
        if (s.key !== undefined) row.key = s.key;
        rows.set(key, row);
      }
      row.values[i] = s.amount;
    }
  });
  for (const row of rows.values()) row.total = last(row.values);
  // In the chart's order: by place, then ID (sub-accounts under their number); the lines that are no
  // account last, earlier years' results before this year's.
  const order = (r: BalanceSheetItemRow) => (r.isAccount ? 0 : r.key === 'resultThisYear' ? 2 : 1);
  return [...rows.values()].sort(
    (a, b) =>
      order(a) - order(b) ||
      a.number - b.number ||
      (a.accountId ?? '').localeCompare(b.accountId ?? '', 'en', { numeric: true }),
  );
}

/** A section's or side's sum per month: from the API where it says it, else the sum of its groups. */
function sumOf(
  months: readonly BalanceSheetMonth[],
  key: BalanceSheetSumKey,
  groups: (g: BalanceSheetGroup) => boolean,
) {
  return months.map((m) => {
    const given = key === 'difference' ? m.difference : m[key];
    return typeof given === 'number' ? given : m.groups.filter(groups).reduce((s, g) => s + g.totalAmountOfGroup, 0);
  });
}

export function buildBalanceSheetModel(report: BalanceSheetReport): BalanceSheetModel {
  const { months } = report;
  const known = new Map<string, BalanceSheetGroup>();
  for (const month of months) for (const g of month.groups) if (!known.has(g.group)) known.set(g.group, g);
  const groupRow = (g: BalanceSheetGroup): BalanceSheetGroupRow => {
    const perMonth = months.map((m) => m.groups.find((x) => x.group === g.group));
    return {
      group: g.group,
      side: g.side,
      title: g.groupTitle,
      items: items(perMonth),
      ...blank(perMonth.map((x) => x?.totalAmountOfGroup ?? 0)),
    };
  };
  // Shown as every table shows them (footing.ts): cash at each month end (the cash flow's opening and
  // closing), the year's result so far (the P&L's result for the year to that month) and each side's sum.
  const own = (row: ShownRow): FixedRow => ({
    shown: row.values.map(oreToKroner),
    shownTotal: oreToKroner(row.total),
  });
  const groupTree = (g: BalanceSheetGroupRow): RowTree => ({
    row: g,
    ...(g.group === 'cashAndBank' ? { fixed: own(g) } : {}),
    children: g.items.map((i) => (i.key === 'resultThisYear' ? { row: i, fixed: own(i) } : { row: i })),
  });
  let fallbacks = 0;
  const sides = SIDES.map(({ side, sum, sections }) => {
    const all = [...known.values()].filter((g) => g.side === side);
    const blocks = sections.map(({ section, sum: key }): BalanceSheetSectionBlock => {
      const groups = all.filter((g) => g.section === section).map(groupRow);
      return { section, groups, sum: { key, ...blank(sumOf(months, key, (g) => g.section === section)) } };
    });
    const loose = all.filter((g) => !sections.some((s) => s.section === g.section)).map(groupRow);
    const sumRow: BalanceSheetSumRow = { key: sum, ...blank(sumOf(months, sum, (g) => g.side === side)) };
    fallbacks += footRows(
      {
        row: sumRow,
        fixed: own(sumRow),
        children: [...blocks.map((b) => ({ row: b.sum, children: b.groups.map(groupTree) })), ...loose.map(groupTree)],
      },
      months.length,
      'last',
    ).released;
    return { side, sections: blocks, loose, sum: sumRow };
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
  return { months: months.map((m) => m.month), dates: months.map((m) => m.date), sides, difference, fallbacks };
}
