import { oreToKroner, type RowTree, type ShownRow } from '../numbers/footing.ts';
import type { LocalizedText } from '../numbers/format.ts';
import { footRows } from '../numbers/table-footing.ts';
import type { CashFlowGroup, CashFlowGroupId, CashFlowReport } from '../types/reports.ts';
import { CASH_FLOW_HEADING, STATEMENT_LABELS } from './labels.ts';

// The rows of a cash flow as the SDK's table and the exports show them, from the API's report, with
// the shown figures footed. Pure, so the SDK and the exports share it (@saldo/contract/statements/index).

export interface CashFlowLineRow extends ShownRow {
  /** The server's line key, e.g. 'receivables', or 'unbalancedSource' for cash a source leaves unexplained. */
  key: string;
  title: LocalizedText;
}

export interface CashFlowGroupRow extends ShownRow {
  group: CashFlowGroupId;
  title: LocalizedText;
  lines: CashFlowLineRow[];
}

export interface CashFlowBalanceRow extends ShownRow {
  key: 'netChange' | 'openingBalance' | 'closingBalance';
}

/**
 * Operating, investing and financing with their lines, then the net change and the cash at the
 * start and end (per month, and for the period in `total`). Cash at the start and end is rounded
 * as it is (as the balance sheet shows it); the net change shown is the shown end less the shown
 * start, so opening + change = closing as shown, and the sections and their lines foot to that net
 * change in every month, each row's period the sum of its months, every figure within a krone of its
 * own rounding (footing.ts); the result before tax shows the P&L's figures where the report carries
 * them (`resultBeforeTaxShown`).
 */
export interface CashFlowModel {
  months: string[];
  groups: CashFlowGroupRow[];
  balances: CashFlowBalanceRow[];
  /** Fixed figures (the net change, the P&L's result before tax) not shown as given (footing.ts): 0 but in a fallback. */
  fallbacks: number;
}

const GROUPS: readonly CashFlowGroupId[] = ['operating', 'investing', 'financing'];

const blank = (values: number[], total: number): ShownRow => ({ values, total, shown: [], shownTotal: 0 });

export function buildCashFlowModel(report: CashFlowReport): CashFlowModel {
  const months = report.cashflows;
  const find = (groups: readonly CashFlowGroup[], id: string) => groups.find((g) => g.group === id);
  const groups = GROUPS.map((group): CashFlowGroupRow => {
    const perMonth = months.map((m) => find(m.groups, group));
    const total = find(report.total.groups, group);
    const keys = new Map<string, LocalizedText>();
    for (const g of [total, ...perMonth])
      for (const s of g?.subItems ?? []) if (!keys.has(s.group)) keys.set(s.group, { no: s.no, en: s.en });
    const amount = (g: CashFlowGroup | undefined, key: string) => g?.subItems.find((s) => s.group === key)?.amount ?? 0;
    return {
      group,
      title: (total ?? perMonth.find(Boolean))?.title ?? STATEMENT_LABELS[CASH_FLOW_HEADING[group]],
      lines: [...keys].map(([key, title]) => ({
        key,
        title,
        ...blank(
          perMonth.map((g) => amount(g, key)),
          amount(total, key),
        ),
      })),
      ...blank(
        perMonth.map((g) => g?.totalAmountOfGroup ?? 0),
        total?.totalAmountOfGroup ?? 0,
      ),
    };
  });
  const balance = (key: CashFlowBalanceRow['key']): CashFlowBalanceRow => {
    const row: CashFlowBalanceRow = {
      key,
      ...blank(
        months.map((m) => m[key]),
        report.total[key],
      ),
    };
    row.shown = row.values.map(oreToKroner);
    row.shownTotal = oreToKroner(row.total);
    return row;
  };
  const [netChange, opening, closing] = [balance('netChange'), balance('openingBalance'), balance('closingBalance')];
  // Cash at each month end is its own rounding, as the balance sheet shows it; the net change is the
  // shown closing less the shown opening (within a krone of its own rounding: half away from zero is
  // symmetric). The result before tax is the P&L's, as the server sends it with the report.
  netChange.shown = closing.shown.map((k, i) => k - opening.shown[i]!);
  netChange.shownTotal = closing.shownTotal - opening.shownTotal;
  const fromProfitLoss = report.resultBeforeTaxShown;
  const line = (l: CashFlowLineRow): RowTree =>
    l.key === 'resultBeforeTax' && fromProfitLoss && fromProfitLoss.shown.length === l.values.length
      ? { row: l, fixed: fromProfitLoss }
      : { row: l };
  const { released } = footRows(
    {
      row: netChange,
      fixed: { shown: netChange.shown, shownTotal: netChange.shownTotal },
      children: groups.map((g) => ({ row: g, children: g.lines.map(line) })),
    },
    months.length,
  );
  return { months: months.map((m) => m.month), groups, balances: [netChange, opening, closing], fallbacks: released };
}
