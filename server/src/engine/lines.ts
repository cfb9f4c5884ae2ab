import type { LocalizedText, ProfitLossGroupId } from '@saldo/contract';

export interface StatementLine<Id extends string> {
  id: Id;
  title: LocalizedText;
  from: number;
  to: number;
}

/** Profit and loss lines (regnskapsloven § 6-1, NS 4102 classes; see ARCHITECTURE.md). */
export const profitLossLines: ReadonlyArray<StatementLine<ProfitLossGroupId> & { operating: boolean }> = [
  { id: 'salesRevenue', title: { no: 'Salgsinntekt', en: 'Sales revenue' }, from: 3000, to: 3399, operating: true },
  {
    id: 'otherOperatingIncome',
    title: { no: 'Annen driftsinntekt', en: 'Other operating income' },
    from: 3400,
    to: 3999,
    operating: true,
  },
  { id: 'costOfGoods', title: { no: 'Varekostnad', en: 'Cost of goods' }, from: 4000, to: 4999, operating: true },
  { id: 'payroll', title: { no: 'Lønnskostnad', en: 'Payroll' }, from: 5000, to: 5999, operating: true },
  {
    id: 'depreciation',
    title: { no: 'Avskrivning og nedskrivning', en: 'Depreciation' },
    from: 6000,
    to: 6099,
    operating: true,
  },
  {
    id: 'otherOperatingExpenses',
    title: { no: 'Annen driftskostnad', en: 'Other operating expenses' },
    from: 6100,
    to: 7999,
    operating: true,
  },
  {
    id: 'financialIncome',
    title: { no: 'Finansinntekt', en: 'Financial income' },
    from: 8000,
    to: 8099,
    operating: false,
  },
  {
    id: 'financialExpenses',
    title: { no: 'Finanskostnad', en: 'Financial expenses' },
    from: 8100,
    to: 8199,
    operating: false,
  },
  { id: 'tax', title: { no: 'Skattekostnad', en: 'Tax' }, from: 8300, to: 8399, operating: false },
];

export const PROFIT_LOSS_FIRST_ACCOUNT = 3000;
export const PROFIT_LOSS_LAST_ACCOUNT = 8399;

export function profitLossLineOf(account: number) {
  return profitLossLines.find((line) => account >= line.from && account <= line.to);
}

/** Balance sheet lines (regnskapsloven § 6-2, NS 4102 classes 1 and 2). */
export const balanceSheetLines: ReadonlyArray<
  StatementLine<import('@saldo/contract').BalanceSheetGroupId> & { side: 'assets' | 'equityAndLiabilities' }
> = [
  {
    id: 'intangibleAssets',
    side: 'assets',
    title: { no: 'Immaterielle eiendeler', en: 'Intangible assets' },
    from: 1000,
    to: 1099,
  },
  {
    id: 'tangibleAssets',
    side: 'assets',
    title: { no: 'Varige driftsmidler', en: 'Tangible fixed assets' },
    from: 1100,
    to: 1299,
  },
  {
    id: 'financialAssets',
    side: 'assets',
    title: { no: 'Finansielle anleggsmidler', en: 'Financial fixed assets' },
    from: 1300,
    to: 1399,
  },
  { id: 'inventory', side: 'assets', title: { no: 'Varer', en: 'Inventory' }, from: 1400, to: 1499 },
  { id: 'receivables', side: 'assets', title: { no: 'Fordringer', en: 'Receivables' }, from: 1500, to: 1799 },
  { id: 'investments', side: 'assets', title: { no: 'Investeringer', en: 'Investments' }, from: 1800, to: 1899 },
  {
    id: 'cashAndBank',
    side: 'assets',
    title: { no: 'Bankinnskudd og kontanter', en: 'Cash and bank' },
    from: 1900,
    to: 1999,
  },
  { id: 'equity', side: 'equityAndLiabilities', title: { no: 'Egenkapital', en: 'Equity' }, from: 2000, to: 2099 },
  {
    id: 'provisions',
    side: 'equityAndLiabilities',
    title: { no: 'Avsetninger for forpliktelser', en: 'Provisions' },
    from: 2100,
    to: 2199,
  },
  {
    id: 'longTermDebt',
    side: 'equityAndLiabilities',
    title: { no: 'Annen langsiktig gjeld', en: 'Other long-term debt' },
    from: 2200,
    to: 2299,
  },
  {
    id: 'shortTermDebt',
    side: 'equityAndLiabilities',
    title: { no: 'Kortsiktig gjeld', en: 'Short-term debt' },
    from: 2300,
    to: 2999,
  },
];

/** Result dispositions (årsresultat, overføringer): in the chart and closed to equity, on no P&L line. */
export const DISPOSITION_FIRST_ACCOUNT = 8800;
export const DISPOSITION_LAST_ACCOUNT = 8999;

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
