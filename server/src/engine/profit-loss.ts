import type {
  LocalizedText,
  ProfitLossGroup,
  ProfitLossPeriod,
  ProfitLossReport,
  ProfitLossSubItem,
} from '@saldo/contract';
import { PROFIT_LOSS_PARTS } from '@saldo/contract/statements/chart';
import { profitLossLineOf, profitLossLines } from './lines.ts';

/**
 * An amount (øre, debit positive) of one account. `accountNumber` is the account's place in the
 * chart, which decides its line; `accountId` is the source's own ID (a sub-account keeps its own),
 * the number written out when left out.
 */
export interface AccountAmount {
  accountNumber: number;
  accountId?: string;
  amount: number;
}

/** A net movement of one account in one (period) month, yyyy-mm. */
export interface MonthlyMovement extends AccountAmount {
  month: string;
}

/** Account titles by account ID (or, for accounts known only by number, by number). */
export type AccountTitles = ReadonlyMap<number | string, LocalizedText>;

export const accountIdOf = (a: { accountNumber: number; accountId?: string | undefined }) =>
  a.accountId ?? String(a.accountNumber);

/** A statement row for an account: its title by its ID, by its number only when the ID is the number. */
export function accountItem(
  number: number,
  accountId: string,
  amount: number,
  titles: AccountTitles,
): ProfitLossSubItem {
  const title = titles.get(accountId) ??
    (accountId === String(number) ? titles.get(number) : undefined) ?? { no: accountId, en: accountId };
  return { number, accountId, title, amount };
}

/** Accounts in statement order: by their place in the chart, then by ID (sub-accounts under their number). */
export const byAccount = (a: { number: number; accountId?: string }, b: { number: number; accountId?: string }) =>
  a.number - b.number || (a.accountId ?? '').localeCompare(b.accountId ?? '', 'en', { numeric: true });

/**
 * Builds the profit and loss statement from monthly movements. Pure: no I/O, integer øre in and out.
 * Amounts are in report sign (the ledger's sign turned round), so income is positive, costs are
 * negative and every result line is a plain sum of the lines above it.
 */
export function buildProfitLoss(
  movements: readonly MonthlyMovement[],
  titles: AccountTitles,
  range: { startDate: string; endDate: string; months: readonly string[] },
): ProfitLossReport {
  const byMonth = new Map<string, Amounts>(range.months.map((m) => [m, new Map()]));
  const totals: Amounts = new Map();
  const add = (amounts: Amounts, number: number, accountId: string, amount: number) => {
    const key = `${number}:${accountId}`;
    const known = amounts.get(key);
    if (known) known.amount += amount;
    else amounts.set(key, { number, accountId, amount });
  };
  for (const movement of movements) {
    const accounts = byMonth.get(movement.month);
    if (!accounts || !profitLossLineOf(movement.accountNumber)) continue;
    const id = accountIdOf(movement);
    add(accounts, movement.accountNumber, id, -movement.amount);
    add(totals, movement.accountNumber, id, -movement.amount);
  }
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    months: range.months.map((month) => ({ month, ...period(byMonth.get(month) ?? new Map(), titles) })),
    total: period(totals, titles),
  };
}

/**
 * Per account (its place in the chart and its ID: sources that place one ID differently keep apart):
 * the amount.
 */
type Amounts = Map<string, { number: number; accountId: string; amount: number }>;

function period(amounts: Amounts, titles: AccountTitles): ProfitLossPeriod {
  const items = [...amounts.values()]
    .map(({ number, accountId, amount }) => accountItem(number, accountId, amount, titles))
    .sort(byAccount);
  const groups: ProfitLossGroup[] = profitLossLines.map((line) => {
    const subItems = items.filter((i) => i.number >= line.from && i.number <= line.to);
    return {
      group: line.id,
      groupTitle: line.title,
      totalAmountOfGroup: subItems.reduce((sum, item) => sum + item.amount, 0),
      subItems,
    };
  });
  const sumOf = (ids: readonly ProfitLossGroup['group'][]) =>
    groups.filter((g) => ids.includes(g.group)).reduce((sum, g) => sum + g.totalAmountOfGroup, 0);
  // The subtotals by the contract's grouping, as every table and chart of the P&L reads it.
  const operatingIncome = sumOf(PROFIT_LOSS_PARTS.income);
  const operatingExpenses = sumOf(PROFIT_LOSS_PARTS.operatingCosts);
  const operatingResult = operatingIncome + operatingExpenses;
  const netFinancialItems = sumOf(PROFIT_LOSS_PARTS.financial);
  const resultBeforeTax = operatingResult + netFinancialItems;
  return {
    groups,
    operatingIncome,
    operatingExpenses,
    grossProfit: operatingIncome + sumOf(['costOfGoods']),
    operatingResult,
    netFinancialItems,
    resultBeforeTax,
    result: resultBeforeTax + sumOf(PROFIT_LOSS_PARTS.tax),
  };
}
