import { footRows, type RowTree, type ShownRow } from '../footing.ts';
import type { ProfitLossGroupId, ProfitLossPeriod, ProfitLossReport, ProfitLossSubItem } from '../types.ts';

// The rows of a profit and loss as the SDK's table and the exports show them, from the API's report.
// Pure, so the SDK and the exports share it (@saldo/contract/statements).

export type ResultKey = 'operatingResult' | 'resultBeforeTax' | 'result';

// A P&L reads top-down: operating lines then the operating result, financial lines then the
// result before tax, tax then the net result. Each section ends in the line it adds up to.
const SECTIONS: { groups: ProfitLossGroupId[]; result: ResultKey }[] = [
  {
    groups: [
      'salesRevenue',
      'otherOperatingIncome',
      'costOfGoods',
      'payroll',
      'depreciation',
      'otherOperatingExpenses',
    ],
    result: 'operatingResult',
  },
  { groups: ['financialIncome', 'financialExpenses'], result: 'resultBeforeTax' },
  { groups: ['tax'], result: 'result' },
];

/**
 * Every row carries its øre (`values` per month, `total` for the period) and what is shown of them
 * (`shown`, `shownTotal`: whole kroner, footed so each column adds up as shown: accounts to their
 * line, lines to the operating result, that and the financial lines to the result before tax, that
 * and tax to the result).
 */
export interface AccountRow extends ShownRow {
  number: number;
  /** The source's own ID of the account (see ProfitLossSubItem). */
  accountId?: string;
  title: { en: string; no: string };
  /** øre per month, in the order of `months` */
  values: number[];
  total: number;
}

export interface GroupRow extends ShownRow {
  kind: 'group';
  group: string;
  title: { en: string; no: string };
  values: number[];
  total: number;
  accounts: AccountRow[];
}

export interface ResultRow extends ShownRow {
  kind: 'result';
  key: ResultKey;
  values: number[];
  total: number;
}

export interface ProfitLossModel {
  months: string[];
  rows: (GroupRow | ResultRow)[];
}

/** What a person knows an account by: the source's ID (`1920PKEY92783`, `9995`), else its number. */
export function accountLabel(item: { number: number; accountId?: string | undefined }): string {
  return item.accountId ?? String(item.number);
}

export function groupOf(period: ProfitLossPeriod, group: string) {
  return period.groups.find((g) => g.group === group);
}

function groupRow(report: ProfitLossReport, group: string): GroupRow | null {
  const totalGroup = groupOf(report.total, group);
  const monthGroups = report.months.map((m) => groupOf(m, group));
  const first = totalGroup ?? monthGroups.find((g) => g !== undefined);
  if (!first) return null;
  // Accounts can appear in some months only; collect them all, then read each month.
  // Keyed by place and ID: sub-accounts of one number, and accounts placed at another's number, stay apart.
  const accounts = new Map<string, AccountRow>();
  const account = (item: ProfitLossSubItem) => {
    const key = `${item.number}:${accountLabel(item)}`;
    let row = accounts.get(key);
    if (!row) {
      row = {
        number: item.number,
        title: item.title,
        values: report.months.map(() => 0),
        total: 0,
        shown: [],
        shownTotal: 0,
      };
      if (item.accountId !== undefined) row.accountId = item.accountId;
      accounts.set(key, row);
    }
    return row;
  };
  monthGroups.forEach((g, i) => {
    for (const item of g?.subItems ?? []) account(item).values[i] = item.amount;
  });
  for (const row of accounts.values()) row.total = row.values.reduce((a, b) => a + b, 0);
  // The server's total wins over our sum where it has one (it is the authority on rounding).
  for (const item of totalGroup?.subItems ?? []) account(item).total = item.amount;
  const values = monthGroups.map((g) => g?.totalAmountOfGroup ?? 0);
  return {
    kind: 'group',
    group,
    title: first.groupTitle,
    values,
    total: totalGroup?.totalAmountOfGroup ?? values.reduce((a, b) => a + b, 0),
    shown: [],
    shownTotal: 0,
    accounts: [...accounts.values()].sort(
      (a, b) => a.number - b.number || accountLabel(a).localeCompare(accountLabel(b), 'en', { numeric: true }),
    ),
  };
}

/**
 * Each account's shown figure for the whole period (the footed total column), keyed
 * `number:accountId`: what a list of accounts must show to agree with the P&L to the krone.
 */
export function shownAccountTotals(model: ProfitLossModel): Map<string, number> {
  const shown = new Map<string, number>();
  for (const row of model.rows)
    if (row.kind === 'group')
      for (const account of row.accounts) shown.set(`${account.number}:${accountLabel(account)}`, account.shownTotal);
  return shown;
}

/** Turns the API's month-by-month report into table rows: groups then their result line. */
export function buildProfitLossModel(report: ProfitLossReport): ProfitLossModel {
  const known = new Set<string>(SECTIONS.flatMap((s) => s.groups));
  // Groups not listed here yet still show, at the end of the operating section.
  const unknown = [
    ...new Set([...report.total.groups, ...report.months.flatMap((m) => m.groups)].map((g) => g.group)),
  ].filter((g) => !known.has(g));
  const rows: ProfitLossModel['rows'] = [];
  // Each result line is the one before it plus its section's lines: the tree the figures foot in.
  let tree: RowTree | undefined;
  SECTIONS.forEach((section, index) => {
    const children: RowTree[] = tree ? [tree] : [];
    for (const group of index === 0 ? [...section.groups, ...unknown] : section.groups) {
      const row = groupRow(report, group);
      if (!row) continue;
      rows.push(row);
      children.push({ row, children: row.accounts.map((a) => ({ row: a })) });
    }
    const result: ResultRow = {
      kind: 'result',
      key: section.result,
      values: report.months.map((m) => m[section.result]),
      total: report.total[section.result],
      shown: [],
      shownTotal: 0,
    };
    rows.push(result);
    tree = { row: result, children };
  });
  if (tree) footRows(tree, report.months.length);
  return { months: report.months.map((m) => m.month), rows };
}
