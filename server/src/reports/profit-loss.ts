import type { LocalizedText, ProfitLossGroup, ProfitLossPeriod, ProfitLossReport } from '../contract.ts';
import { profitLossLineOf, profitLossLines } from './lines.ts';

/** A net movement (øre, debit positive) of one account in one month (yyyy-mm). */
export interface MonthlyMovement {
  accountNumber: number;
  month: string;
  amount: number;
}

export type AccountTitles = ReadonlyMap<number, LocalizedText>;

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
  const byMonth = new Map<string, Map<number, number>>(range.months.map((m) => [m, new Map()]));
  const totals = new Map<number, number>();
  for (const { accountNumber, month, amount } of movements) {
    const accounts = byMonth.get(month);
    if (!accounts || !profitLossLineOf(accountNumber)) continue;
    accounts.set(accountNumber, (accounts.get(accountNumber) ?? 0) - amount);
    totals.set(accountNumber, (totals.get(accountNumber) ?? 0) - amount);
  }
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    months: range.months.map((month) => ({ month, ...period(byMonth.get(month) ?? new Map(), titles) })),
    total: period(totals, titles),
  };
}

function period(amounts: ReadonlyMap<number, number>, titles: AccountTitles): ProfitLossPeriod {
  const numbers = [...amounts.keys()].sort((a, b) => a - b);
  const groups: ProfitLossGroup[] = profitLossLines.map((line) => {
    const subItems = numbers
      .filter((n) => n >= line.from && n <= line.to)
      .map((number) => ({
        number,
        title: titles.get(number) ?? { no: String(number), en: String(number) },
        amount: amounts.get(number) ?? 0,
      }));
    return {
      group: line.id,
      groupTitle: line.title,
      totalAmountOfGroup: subItems.reduce((sum, item) => sum + item.amount, 0),
      subItems,
    };
  });
  const sumOf = (predicate: (id: ProfitLossGroup['group']) => boolean) =>
    groups.filter((g) => predicate(g.group)).reduce((sum, g) => sum + g.totalAmountOfGroup, 0);
  const operatingIds = new Set(profitLossLines.filter((l) => l.operating).map((l) => l.id));
  const operatingResult = sumOf((id) => operatingIds.has(id));
  const resultBeforeTax = operatingResult + sumOf((id) => id === 'financialIncome' || id === 'financialExpenses');
  return { groups, operatingResult, resultBeforeTax, result: resultBeforeTax + sumOf((id) => id === 'tax') };
}
