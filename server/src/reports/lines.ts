import type { LocalizedText, ProfitLossGroupId } from '../contract.ts';

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
