import type { BalanceSheetGroup, BalanceSheetMonth, BalanceSheetReport } from '@saldo/contract';
import { formatMoney } from '@saldo/contract/format';
import { balanceSheetLines, isInChart, isResultAccount, UNCLASSIFIED_TITLE } from './lines.ts';
import {
  type AccountAmount,
  type AccountTitles,
  accountIdOf,
  accountItem,
  byAccount,
  type MonthlyMovement,
} from './profit-loss.ts';

export interface LedgerHistory {
  /** Each account's summed movements before `fromMonth` (øre, debit positive): everything earlier. */
  before: readonly AccountAmount[];
  /** yyyy-mm: January of the first year reported, so the year's result can be summed from it. */
  fromMonth: string;
  /** Monthly movements from `fromMonth` on. */
  movements: readonly MonthlyMovement[];
}

/** Per account (place in the chart and ID, as in the P&L): its balance. */
type Balances = Map<string, { number: number; accountId: string; amount: number }>;
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The balance at each month end. Assets are debit positive; equity and liabilities credit positive.
 * Equity carries this year's result so far ('resultThisYear', January to the month) and, inside the
 * equity group, the results of earlier years that were never closed to equity, so for a consistent
 * ledger assets = equity + liabilities every month. Accounts outside the chart are on the assets
 * side's Unclassified line, so nothing is dropped. A source whose opening balances do not net to
 * zero shows as a non-zero `difference` and a warning, never hidden.
 */
export function buildBalanceSheet(
  history: LedgerHistory,
  titles: AccountTitles,
  range: { startDate: string; endDate: string; months: readonly string[] },
): BalanceSheetReport {
  const balance: Balances = new Map();
  const add = (a: AccountAmount) => {
    const accountId = accountIdOf(a);
    const key = `${a.accountNumber}:${accountId}`;
    const known = balance.get(key);
    if (known) known.amount += a.amount;
    else balance.set(key, { number: a.accountNumber, accountId, amount: a.amount });
  };
  let resultBeforeYear = 0; // credit positive: earlier years' results (unclosed)
  for (const a of history.before) {
    add(a);
    if (isResultAccount(a.accountNumber)) resultBeforeYear -= a.amount;
  }
  let resultThisYear = 0;
  const byMonth = new Map<string, MonthlyMovement[]>();
  for (const m of history.movements) byMonth.set(m.month, [...(byMonth.get(m.month) ?? []), m]);
  const wanted = new Set(range.months);
  const months: BalanceSheetMonth[] = [];
  const allMonths = monthsFrom(history.fromMonth, range.months[range.months.length - 1] ?? history.fromMonth);
  for (const month of allMonths) {
    if (month.endsWith('-01')) {
      resultBeforeYear += resultThisYear;
      resultThisYear = 0;
    }
    for (const movement of byMonth.get(month) ?? []) {
      add(movement);
      if (isResultAccount(movement.accountNumber)) resultThisYear -= movement.amount;
    }
    if (wanted.has(month)) months.push(monthEnd(month, balance, resultBeforeYear, resultThisYear, titles));
  }
  const warnings = [...new Set(months.filter((m) => m.difference !== 0).map((m) => m.difference))].length
    ? [
        `The balance sheet does not balance: assets differ from equity and liabilities by ${formatMoney(
          months.find((m) => m.difference !== 0)!.difference,
          'en',
        )} (from ${months.find((m) => m.difference !== 0)!.date}). The source's opening balances or postings do not net to zero.`,
      ]
    : [];
  return { startDate: range.startDate, endDate: range.endDate, months, warnings };
}

function monthEnd(
  month: string,
  balance: Balances,
  resultBeforeYear: number,
  resultThisYear: number,
  titles: AccountTitles,
): BalanceSheetMonth {
  const items = [...balance.values()]
    .filter((b) => b.amount !== 0 && !isResultAccount(b.number))
    .map((b) => accountItem(b.number, b.accountId, b.amount, titles))
    .sort(byAccount);
  const groups: BalanceSheetGroup[] = balanceSheetLines.map((line) => {
    const sign = line.side === 'assets' ? 1 : -1;
    const subItems = items
      .filter((i) => i.number >= line.from && i.number <= line.to)
      .map((i) => ({ ...i, amount: sign * i.amount }));
    if (line.id === 'equity' && resultBeforeYear !== 0) {
      subItems.push({
        number: 0,
        title: { no: 'Tidligere års resultat, ikke disponert', en: "Earlier years' result, not yet closed" },
        amount: resultBeforeYear,
      });
    }
    return {
      group: line.id,
      side: line.side,
      groupTitle: line.title,
      totalAmountOfGroup: subItems.reduce((s, i) => s + i.amount, 0),
      subItems,
    };
  });
  const unclassified = items.filter((i) => !isInChart(i.number));
  if (unclassified.length > 0) {
    const cashIndex = groups.findIndex((g) => g.group === 'cashAndBank');
    groups.splice(cashIndex + 1, 0, {
      group: 'unclassified',
      side: 'assets',
      groupTitle: UNCLASSIFIED_TITLE,
      totalAmountOfGroup: unclassified.reduce((s, i) => s + i.amount, 0),
      subItems: unclassified,
    });
  }
  const equityIndex = groups.findIndex((g) => g.group === 'equity');
  groups.splice(equityIndex + 1, 0, {
    group: 'resultThisYear',
    side: 'equityAndLiabilities',
    groupTitle: { no: 'Årets resultat hittil', en: "This year's result so far" },
    totalAmountOfGroup: resultThisYear,
    subItems: [],
  });
  const total = (side: BalanceSheetGroup['side']) =>
    groups.filter((g) => g.side === side).reduce((s, g) => s + g.totalAmountOfGroup, 0);
  const totalAssets = total('assets');
  const totalEquityAndLiabilities = total('equityAndLiabilities');
  return {
    month,
    date: lastDay(month),
    groups,
    totalAssets,
    totalEquityAndLiabilities,
    difference: totalAssets - totalEquityAndLiabilities,
  };
}

export function monthsFrom(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let month = first; month <= last; ) {
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    month = `${y}-${String(m).padStart(2, '0')}`;
  }
  return out;
}
