import { type RowTree, type ShownRow, sharedKroner, sharedRow } from '../footing.ts';
import { footRows } from '../table-footing.ts';
import type { ProfitLossGroupId, ProfitLossPeriod, ProfitLossReport, ProfitLossSubItem } from '../types.ts';

// The rows of a profit and loss as the SDK's table and the exports show them, from the API's report.
// Pure, so the SDK and the exports share it (@saldo/contract/statements).

/** The P&L's subtotals (regnskapsloven § 6-1), as the API's fields of the same names. */
export type ResultKey =
  | 'operatingIncome'
  | 'grossProfit'
  | 'operatingExpenses'
  | 'operatingResult'
  | 'netFinancialItems'
  | 'resultBeforeTax'
  | 'result';

/** The headings of the P&L's two parts: Driftsinntekter og driftskostnader, Finansinntekter og finanskostnader. */
export type ProfitLossSectionKey = 'operating' | 'financial';

const INCOME: ProfitLossGroupId[] = ['salesRevenue', 'otherOperatingIncome'];
const EXPENSES: ProfitLossGroupId[] = ['costOfGoods', 'payroll', 'depreciation', 'otherOperatingExpenses'];
const FINANCIAL: ProfitLossGroupId[] = ['financialIncome', 'financialExpenses'];

/**
 * Every row carries its øre (`values` per month, `total` for the period) and what is shown of them
 * (`shown`, `shownTotal`: whole kroner, footed so each column adds up as shown; see
 * buildProfitLossModel).
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

/** A heading without figures. */
export interface SectionRow {
  kind: 'section';
  key: ProfitLossSectionKey;
}

export interface ProfitLossModel {
  months: string[];
  rows: (SectionRow | GroupRow | ResultRow)[];
}

/**
 * A figure's share of the revenue (Sum driftsinntekter) of the same column, as a fraction; null where
 * there is no revenue to share.
 */
export function shareOfRevenue(ore: number, revenue: number): number | null {
  return revenue > 0 ? ore / revenue : null;
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

/**
 * Turns the API's month-by-month report into table rows in the order of regnskapsloven § 6-1: the
 * operating income and its sum, cost of goods and the gross profit, the other operating expenses and
 * their sum (cost of goods included), the operating result; the financial lines and their net, the
 * result before tax; tax and the result. The figures foot as a tree (accounts → lines → the income
 * and expense sums → the operating result; financial lines → their net; those two → the result before
 * tax; that and tax → the result) in every month and the period, and each row's period is the sum of
 * its months (footing.ts). The result before tax shows its own footing (sharedRow), as the cash flow
 * does, and the period's result its own rounding, as the balance sheet's result so far. The gross profit is a figure beside the tree: its shown value is the
 * shown income plus the shown cost of goods, so it too adds up as read.
 */
export function buildProfitLossModel(report: ProfitLossReport): ProfitLossModel {
  const known = new Set<string>([...INCOME, ...EXPENSES, ...FINANCIAL, 'tax']);
  // Groups not listed here yet still show, among the operating expenses.
  const unknown = [
    ...new Set([...report.total.groups, ...report.months.flatMap((m) => m.groups)].map((g) => g.group)),
  ].filter((g) => !known.has(g));
  const result = (key: ResultKey): ResultRow => ({
    kind: 'result',
    key,
    values: report.months.map((m) => m[key]),
    total: report.total[key],
    shown: [],
    shownTotal: 0,
  });
  const groups = (ids: readonly string[]) =>
    ids.map((id) => groupRow(report, id)).filter((row): row is GroupRow => row !== null);
  const tree = (row: ShownRow, children: GroupRow[]): RowTree => ({
    row,
    children: children.map((g) => ({ row: g, children: g.accounts.map((a) => ({ row: a })) })),
  });

  const income = groups(INCOME);
  const [costOfGoods, ...otherExpenses] = groups([...EXPENSES, ...unknown]);
  const financial = groups(FINANCIAL);
  const tax = groups(['tax']);
  const [operatingIncome, grossProfit, operatingExpenses, operatingResult, netFinancial, beforeTax, net] = [
    result('operatingIncome'),
    result('grossProfit'),
    result('operatingExpenses'),
    result('operatingResult'),
    result('netFinancialItems'),
    result('resultBeforeTax'),
    result('result'),
  ] as const;
  const expenses = [costOfGoods, ...otherExpenses].filter((g): g is GroupRow => g !== undefined);
  // Shared with other statements (footing.ts): the result before tax is the cash flow's first line,
  // footed on its own; the period's result is the balance sheet's result so far this year.
  footRows(
    {
      row: net,
      fixed: { shownTotal: sharedKroner(net.total) },
      children: [
        {
          row: beforeTax,
          fixed: sharedRow(beforeTax.values, beforeTax.total),
          children: [
            { row: operatingResult, children: [tree(operatingIncome, income), tree(operatingExpenses, expenses)] },
            tree(netFinancial, financial),
          ],
        },
        ...tree(net, tax).children!,
      ],
    },
    report.months.length,
  );
  grossProfit.shown = operatingIncome.shown.map((k, i) => k + (costOfGoods?.shown[i] ?? 0));
  grossProfit.shownTotal = operatingIncome.shownTotal + (costOfGoods?.shownTotal ?? 0);

  const rows: ProfitLossModel['rows'] = [
    { kind: 'section', key: 'operating' },
    ...income,
    operatingIncome,
    ...(costOfGoods ? [costOfGoods] : []),
    grossProfit,
    ...otherExpenses,
    operatingExpenses,
    operatingResult,
    { kind: 'section', key: 'financial' },
    ...financial,
    netFinancial,
    beforeTax,
    ...tax,
    net,
  ];
  return { months: report.months.map((m) => m.month), rows };
}
