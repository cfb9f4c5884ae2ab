import { oreToKroner, type RowTree, type ShownRow, type WithinRow } from '../numbers/footing.ts';
import { footRows } from '../numbers/table-footing.ts';
import type { ProfitLossPeriod, ProfitLossReport, ProfitLossSubItem } from '../types/reports.ts';
import { PROFIT_LOSS_PARTS } from './chart.ts';

// The rows of a profit and loss as the SDK's table and the exports show them, from the API's report.
// Pure, so the SDK and the exports share it (@saldo/contract/statements/index).

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

const { income: INCOME, operatingCosts: EXPENSES, financial: FINANCIAL, tax: TAX } = PROFIT_LOSS_PARTS;

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
  /**
   * How often the footing fell back (footing.ts): fixed figures not shown as the other statements show
   * them, and gross profit figures left more than a krone from their own rounding. 0 but in a fallback.
   */
  fallbacks: number;
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
 * its months, each figure within a krone of its own rounding (footing.ts). The P&L is rounded first of
 * the statements: only the period's result is fixed, at its own rounding (the balance sheet's result
 * so far); the cash flow and the widgets take their shared figures from this table. The gross profit
 * is a figure beside the tree: its shown value is the shown income plus the shown cost of goods, so it
 * too adds up as read, and it is kept within a krone of its own rounding (grossProfitWithin).
 */
export function buildProfitLossModel(report: ProfitLossReport): ProfitLossModel {
  const known = new Set<string>([...INCOME, ...EXPENSES, ...FINANCIAL, ...TAX]);
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
  const tree = (row: ShownRow, children: GroupRow[], within?: WithinRow): RowTree => ({
    row,
    ...(within ? { within } : {}),
    children: children.map((g) => ({ row: g, children: g.accounts.map((a) => ({ row: a })) })),
  });

  const income = groups(INCOME);
  const allExpenses = groups([...EXPENSES, ...unknown]);
  const costOfGoods = allExpenses.find((g) => g.group === 'costOfGoods');
  const otherExpenses = allExpenses.filter((g) => g !== costOfGoods);
  const financial = groups(FINANCIAL);
  const tax = groups(TAX);
  const [operatingIncome, grossProfit, operatingExpenses, operatingResult, netFinancial, beforeTax, net] = [
    result('operatingIncome'),
    result('grossProfit'),
    result('operatingExpenses'),
    result('operatingResult'),
    result('netFinancialItems'),
    result('resultBeforeTax'),
    result('result'),
  ] as const;
  const expenses = [...(costOfGoods ? [costOfGoods] : []), ...otherExpenses];
  const columns = report.months.length;
  // The P&L is the first statement footed (footing.ts): only the period's result is fixed, at its own
  // rounding, which the balance sheet's result so far shows too.
  const foot = (incomeWithin?: WithinRow, goodsWithin?: WithinRow) =>
    footRows(
      {
        row: net,
        fixed: { shownTotal: oreToKroner(net.total) },
        children: [
          {
            row: beforeTax,
            children: [
              {
                row: operatingResult,
                children: [
                  tree(operatingIncome, income, incomeWithin),
                  {
                    ...tree(operatingExpenses, expenses),
                    children: expenses.map((g) => ({
                      row: g,
                      ...(g === costOfGoods && goodsWithin ? { within: goodsWithin } : {}),
                      children: g.accounts.map((a) => ({ row: a })),
                    })),
                  },
                ],
              },
              tree(netFinancial, financial),
            ],
          },
          ...tree(net, tax).children!,
        ],
      },
      columns,
    ).released;
  let released = foot();
  const gross = () => {
    grossProfit.shown = operatingIncome.shown.map((k, i) => k + (costOfGoods?.shown[i] ?? 0));
    grossProfit.shownTotal = operatingIncome.shownTotal + (costOfGoods?.shownTotal ?? 0);
  };
  gross();
  // The gross profit is beside the tree (the sum of two of its figures), so the footing cannot bound it:
  // where it lands more than a krone from its own rounding (both parts off their own rounding the same
  // way), those parts are held on the other side of their own rounding in that column, and the table
  // footed again.
  const holds = new Map<number | 'total', 'high' | 'low' | 'both'>();
  for (let again = 0; again < 3 && costOfGoods; again++) {
    const off = grossOff(grossProfit, columns);
    if (off.length === 0) break;
    for (const { column, high } of off) {
      const before = holds.get(column);
      holds.set(column, before && before !== (high ? 'high' : 'low') ? 'both' : high ? 'high' : 'low');
    }
    const held = (row: ShownRow): WithinRow => {
      const at = (c: number | 'total') => {
        const hold = holds.get(c);
        if (hold === undefined) return undefined;
        const own = oreToKroner(c === 'total' ? row.total : row.values[c]!);
        // Held at or below its own rounding where the gross profit came out high, at or above where low.
        return [hold === 'high' ? own - 1 : own, hold === 'low' ? own + 1 : own] as const;
      };
      return { shown: row.values.map((_, c) => at(c)), shownTotal: at('total') };
    };
    released = foot(held(operatingIncome), held(costOfGoods));
    gross();
  }

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
  const fallbacks = released + (costOfGoods ? grossOff(grossProfit, columns).length : 0);
  return { months: report.months.map((m) => m.month), rows, fallbacks };
}

/** The columns where the gross profit shows more than a krone from its own rounding, and which way. */
function grossOff(row: ShownRow, columns: number): Array<{ column: number | 'total'; high: boolean }> {
  const off: Array<{ column: number | 'total'; high: boolean }> = [];
  const check = (column: number | 'total', shown: number, ore: number) => {
    const gap = shown - oreToKroner(ore);
    if (Math.abs(gap) > 1) off.push({ column, high: gap > 0 });
  };
  for (let c = 0; c < columns; c++) check(c, row.shown[c]!, row.values[c]!);
  check('total', row.shownTotal, row.total);
  return off;
}
