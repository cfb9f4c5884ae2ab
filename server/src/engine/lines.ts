import type { BalanceSheetSection, LocalizedText, ProfitLossGroupId } from '@saldo/contract';
import {
  DISPOSITION_RANGE,
  isOperatingLine,
  PROFIT_LOSS_GROUP_IDS,
  PROFIT_LOSS_RANGES,
} from '@saldo/contract/statements/chart';

export interface StatementLine<Id extends string> {
  id: Id;
  title: LocalizedText;
  from: number;
  to: number;
}

const PL_TITLES: Record<ProfitLossGroupId, LocalizedText> = {
  salesRevenue: { no: 'Salgsinntekt', en: 'Sales revenue' },
  otherOperatingIncome: { no: 'Annen driftsinntekt', en: 'Other operating income' },
  costOfGoods: { no: 'Varekostnad', en: 'Cost of goods' },
  payroll: { no: 'Lønnskostnad', en: 'Payroll' },
  depreciation: { no: 'Avskrivning og nedskrivning', en: 'Depreciation' },
  otherOperatingExpenses: { no: 'Annen driftskostnad', en: 'Other operating expenses' },
  financialIncome: { no: 'Finansinntekt', en: 'Financial income' },
  financialExpenses: { no: 'Finanskostnad', en: 'Financial expenses' },
  tax: { no: 'Skattekostnad', en: 'Tax' },
};

/**
 * Profit and loss lines (regnskapsloven § 6-1, NS 4102 classes; see ARCHITECTURE.md): the contract's
 * grouping and ranges (@saldo/contract/statements/chart), which the drill-down names too. Operating
 * lines (income and operating costs) are 3000–7999.
 */
export const profitLossLines: ReadonlyArray<StatementLine<ProfitLossGroupId> & { operating: boolean }> =
  PROFIT_LOSS_GROUP_IDS.map((id) => {
    const [from, to] = PROFIT_LOSS_RANGES[id];
    return { id, title: PL_TITLES[id], from, to, operating: isOperatingLine(id) };
  });

export const PROFIT_LOSS_FIRST_ACCOUNT = 3000;
export const PROFIT_LOSS_LAST_ACCOUNT = 8399;

export function profitLossLineOf(account: number) {
  return profitLossLines.find((line) => account >= line.from && account <= line.to);
}

/** Balance sheet lines (regnskapsloven § 6-2, NS 4102 classes 1 and 2), each in its part of the statement. */
export const balanceSheetLines: ReadonlyArray<
  StatementLine<import('@saldo/contract').BalanceSheetGroupId> & {
    side: 'assets' | 'equityAndLiabilities';
    section: BalanceSheetSection;
  }
> = [
  {
    id: 'intangibleAssets',
    side: 'assets',
    section: 'fixedAssets',
    title: { no: 'Immaterielle eiendeler', en: 'Intangible assets' },
    from: 1000,
    to: 1099,
  },
  {
    id: 'tangibleAssets',
    side: 'assets',
    section: 'fixedAssets',
    title: { no: 'Varige driftsmidler', en: 'Tangible fixed assets' },
    from: 1100,
    to: 1299,
  },
  {
    id: 'financialAssets',
    side: 'assets',
    section: 'fixedAssets',
    title: { no: 'Finansielle anleggsmidler', en: 'Financial fixed assets' },
    from: 1300,
    to: 1399,
  },
  {
    id: 'inventory',
    side: 'assets',
    section: 'currentAssets',
    title: { no: 'Varer', en: 'Inventory' },
    from: 1400,
    to: 1499,
  },
  {
    id: 'receivables',
    side: 'assets',
    section: 'currentAssets',
    title: { no: 'Fordringer', en: 'Receivables' },
    from: 1500,
    to: 1799,
  },
  {
    id: 'investments',
    side: 'assets',
    section: 'currentAssets',
    title: { no: 'Investeringer', en: 'Investments' },
    from: 1800,
    to: 1899,
  },
  {
    id: 'cashAndBank',
    side: 'assets',
    section: 'currentAssets',
    title: { no: 'Bankinnskudd, kontanter o.l.', en: 'Cash and bank deposits' },
    from: 1900,
    to: 1999,
  },
  {
    id: 'paidInEquity',
    side: 'equityAndLiabilities',
    section: 'equity',
    title: { no: 'Innskutt egenkapital', en: 'Paid-in equity' },
    from: 2000,
    to: 2049,
  },
  {
    id: 'retainedEarnings',
    side: 'equityAndLiabilities',
    section: 'equity',
    title: { no: 'Opptjent egenkapital', en: 'Retained earnings' },
    from: 2050,
    to: 2099,
  },
  {
    id: 'provisions',
    side: 'equityAndLiabilities',
    section: 'liabilities',
    title: { no: 'Avsetning for forpliktelser', en: 'Provisions' },
    from: 2100,
    to: 2199,
  },
  {
    id: 'longTermDebt',
    side: 'equityAndLiabilities',
    section: 'liabilities',
    title: { no: 'Annen langsiktig gjeld', en: 'Other long-term liabilities' },
    from: 2200,
    to: 2299,
  },
  {
    id: 'shortTermDebt',
    side: 'equityAndLiabilities',
    section: 'liabilities',
    title: { no: 'Kortsiktig gjeld', en: 'Current liabilities' },
    from: 2300,
    to: 2999,
  },
];

/** Result dispositions (årsresultat, overføringer): in the chart and closed to equity, on no P&L line. */
export const [DISPOSITION_FIRST_ACCOUNT, DISPOSITION_LAST_ACCOUNT] = DISPOSITION_RANGE;

export function balanceSheetLineOf(account: number) {
  return balanceSheetLines.find((line) => account >= line.from && account <= line.to);
}

/** Whether an account's movements make up a result: a P&L line or a disposition (8800–8999). */
export function isResultAccount(account: number): boolean {
  return (
    profitLossLineOf(account) !== undefined ||
    (account >= DISPOSITION_FIRST_ACCOUNT && account <= DISPOSITION_LAST_ACCOUNT)
  );
}

/**
 * Whether a number falls in the chart: on a line of the P&L or the balance sheet, or a disposition.
 * Anything else (below 1000, 9000 and up, the gaps 8200–8299 and 8400–8799) is unclassified: the
 * import places such an account by its standard account or grouping, and the balance sheet shows
 * what is left on its Unclassified line.
 */
export function isInChart(account: number): boolean {
  return isResultAccount(account) || balanceSheetLineOf(account) !== undefined;
}

/** The balance sheet line of accounts outside the chart (debit positive, on the assets side). */
export const UNCLASSIFIED_TITLE = { no: 'Uklassifisert', en: 'Unclassified' } as const;

export const CASH_FIRST_ACCOUNT = 1900;
export const CASH_LAST_ACCOUNT = 1999;
