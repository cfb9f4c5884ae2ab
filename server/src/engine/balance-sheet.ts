import type { BalanceSheetGroup, BalanceSheetMonth, BalanceSheetReport, BalanceSheetSubItem } from '@saldo/contract';
import { formatMoney } from '@saldo/contract/numbers/format';
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
 * Retained earnings (opptjent egenkapital) carry this year's result so far (the line keyed
 * 'resultThisYear', January to the month) and the results of earlier years that were never closed to
 * equity ('unclosedResult'), so for a consistent
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
    const subItems: BalanceSheetSubItem[] = items
      .filter((i) => i.number >= line.from && i.number <= line.to)
      .map((i) => ({ ...i, amount: sign * i.amount }));
    // Opptjent egenkapital: the results not yet closed to equity are part of it, though no account.
    if (line.id === 'retainedEarnings') {
      if (resultBeforeYear !== 0) {
        subItems.push({ number: 0, key: 'unclosedResult', title: UNCLOSED_RESULT_TITLE, amount: resultBeforeYear });
      }
      subItems.push({ number: 0, key: 'resultThisYear', title: RESULT_THIS_YEAR_TITLE, amount: resultThisYear });
    }
    return {
      group: line.id,
      side: line.side,
      section: line.section,
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
  const total = (match: (g: BalanceSheetGroup) => boolean) =>
    groups.filter(match).reduce((s, g) => s + g.totalAmountOfGroup, 0);
  const totalAssets = total((g) => g.side === 'assets');
  const totalEquityAndLiabilities = total((g) => g.side === 'equityAndLiabilities');
  return {
    month,
    date: lastDay(month),
    groups,
    totalFixedAssets: total((g) => g.section === 'fixedAssets'),
    totalCurrentAssets: total((g) => g.section === 'currentAssets'),
    totalAssets,
    totalEquity: total((g) => g.section === 'equity'),
    totalLiabilities: total((g) => g.section === 'liabilities'),
    totalEquityAndLiabilities,
    difference: totalAssets - totalEquityAndLiabilities,
  };
}

const UNCLOSED_RESULT_TITLE = {
  no: 'Tidligere års resultat, ikke disponert',
  en: "Earlier years' result, not yet closed",
};
const RESULT_THIS_YEAR_TITLE = { no: 'Årets resultat hittil', en: "This year's result so far" };

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
