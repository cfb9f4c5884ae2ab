// The statement figures KPIs and custom ratios are made of: every P&L and balance sheet line and
// subtotal, by its NS 4102 accounts. Its own module, so an element that names a line (a custom ratio)
// carries this and not the KPI library's texts.
import type { Lang, LocalizedText } from '../numbers/format.ts';
import { BALANCE_SHEET_RANGES as BS, PROFIT_LOSS_RANGES as PL } from '../statements/chart.ts';

/** Accounts of a figure: a range of NS 4102 numbers and the sign it counts with. */
export interface FigureTerm {
  from: number;
  to: number;
  /** +1: debit positive (assets, costs); -1: credit positive (income, equity, liabilities). */
  sign: 1 | -1;
}

/**
 * A figure of the statements, positive in its normal state: income, costs, assets, equity and debt
 * are all positive, results are income less costs. `flow`: the movement over months (a P&L line);
 * `balance`: what stands at a month end (a balance sheet line), everything before it included.
 */
export interface FigureDefinition {
  title: LocalizedText;
  kind: 'flow' | 'balance';
  terms: readonly FigureTerm[];
}

const debit = (from: number, to: number): FigureTerm => ({ from, to, sign: 1 });
const credit = (from: number, to: number): FigureTerm => ({ from, to, sign: -1 });
const flow = (no: string, en: string, ...terms: FigureTerm[]): FigureDefinition => ({
  title: { no, en },
  kind: 'flow',
  terms,
});
const balance = (no: string, en: string, ...terms: FigureTerm[]): FigureDefinition => ({
  title: { no, en },
  kind: 'balance',
  terms,
});

/**
 * The result accounts (the P&L's lines and the dispositions 8800–8999): their balance, credit
 * positive, is the result not yet closed to equity (this year's and earlier years' left open), which
 * the balance sheet counts as equity (server/src/engine/lines.ts `isResultAccount`).
 */
const OPEN_RESULT: readonly FigureTerm[] = [credit(3000, 8199), credit(8300, 8399), credit(8800, 8999)];

/**
 * Every statement line and subtotal a KPI or a custom ratio can use. The lines of the P&L and the
 * balance sheet take their accounts from the chart (statements/chart.ts); a test holds the engine's
 * lines (server/src/engine/lines.ts) to the same accounts.
 */
export const figures = {
  // The profit and loss (regnskapsloven § 6-1).
  salesRevenue: flow('Salgsinntekt', 'Sales revenue', credit(...PL.salesRevenue)),
  otherOperatingIncome: flow('Annen driftsinntekt', 'Other operating income', credit(...PL.otherOperatingIncome)),
  revenue: flow('Sum driftsinntekter', 'Total operating income', credit(3000, 3999)),
  costOfGoods: flow('Varekostnad', 'Cost of goods', debit(...PL.costOfGoods)),
  grossProfit: flow('Bruttofortjeneste', 'Gross profit', credit(3000, 4999)),
  payroll: flow('Lønnskostnad', 'Payroll', debit(...PL.payroll)),
  depreciation: flow('Avskrivning og nedskrivning', 'Depreciation', debit(...PL.depreciation)),
  otherOperatingExpenses: flow('Annen driftskostnad', 'Other operating expenses', debit(...PL.otherOperatingExpenses)),
  operatingExpenses: flow('Sum driftskostnader', 'Total operating expenses', debit(4000, 7999)),
  cashCosts: flow(
    'Driftskostnader uten avskrivninger',
    'Operating expenses before depreciation',
    debit(4000, 5999),
    debit(6100, 7999),
  ),
  ebitda: flow('EBITDA', 'EBITDA', credit(3000, 5999), credit(6100, 7999)),
  operatingResult: flow('Driftsresultat', 'Operating result', credit(3000, 7999)),
  financialIncome: flow('Finansinntekt', 'Financial income', credit(...PL.financialIncome)),
  financialExpenses: flow('Finanskostnad', 'Financial expenses', debit(...PL.financialExpenses)),
  netFinancial: flow('Netto finansposter', 'Net financial items', credit(8000, 8199)),
  resultBeforeTax: flow('Ordinært resultat før skattekostnad', 'Result before tax', credit(3000, 8199)),
  tax: flow('Skattekostnad', 'Tax', debit(...PL.tax)),
  result: flow('Årsresultat', 'Net result', credit(3000, 8199), credit(8300, 8399)),
  // The balance sheet (regnskapsloven § 6-2), at a month end.
  intangibleAssets: balance('Immaterielle eiendeler', 'Intangible assets', debit(...BS.intangibleAssets[0])),
  tangibleAssets: balance('Varige driftsmidler', 'Tangible fixed assets', debit(...BS.tangibleAssets[0])),
  financialAssets: balance('Finansielle anleggsmidler', 'Financial fixed assets', debit(...BS.financialAssets[0])),
  fixedAssets: balance('Sum anleggsmidler', 'Total fixed assets', debit(1000, 1399)),
  inventory: balance('Varer', 'Inventory', debit(...BS.inventory[0])),
  receivables: balance('Fordringer', 'Receivables', debit(...BS.receivables[0])),
  // 1500 kundefordringer, 1530 opptjent ikke fakturert, 1550 konsern, 1580 avsetning for tap; not
  // 1560–1579 (andre fordringer).
  tradeReceivables: balance('Kundefordringer', 'Trade receivables', debit(1500, 1559), debit(1580, 1599)),
  investments: balance('Investeringer', 'Investments', debit(...BS.investments[0])),
  cashAndBank: balance('Bankinnskudd, kontanter o.l.', 'Cash and bank deposits', debit(...BS.cashAndBank[0])),
  currentAssets: balance('Sum omløpsmidler', 'Total current assets', debit(1400, 1999)),
  totalAssets: balance('Sum eiendeler', 'Total assets', debit(1000, 1999)),
  paidInEquity: balance('Innskutt egenkapital', 'Paid-in equity', credit(...BS.paidInEquity[0])),
  // As the balance sheet's line: with the result not yet closed (earlier years' and this year's so far).
  retainedEarnings: balance('Opptjent egenkapital', 'Retained earnings', credit(2050, 2099), ...OPEN_RESULT),
  equity: balance(
    'Sum egenkapital (med resultat ikke disponert)',
    'Total equity (with the result not yet closed)',
    credit(2000, 2099),
    ...OPEN_RESULT,
  ),
  provisions: balance('Avsetning for forpliktelser', 'Provisions', credit(...BS.provisions[0])),
  longTermDebt: balance('Annen langsiktig gjeld', 'Other long-term liabilities', credit(...BS.longTermDebt[0])),
  shortTermDebt: balance('Kortsiktig gjeld', 'Current liabilities', credit(...BS.shortTermDebt[0])),
  tradePayables: balance('Leverandørgjeld', 'Trade payables', credit(2400, 2499)),
  totalDebt: balance('Sum gjeld', 'Total liabilities', credit(2100, 2999)),
} as const satisfies Record<string, FigureDefinition>;

export type FigureId = keyof typeof figures;

export const figureIds = Object.keys(figures) as FigureId[];

export function isFigureId(id: string): id is FigureId {
  return Object.hasOwn(figures, id);
}

/** A figure's accounts as read: '3000–3999', or '4000–5999, 6100–7999'; equity names its result accounts. */
export function figureAccounts(id: FigureId): string {
  return figures[id].terms.map((t) => `${t.from}–${t.to}`).join(', ');
}

/** A figure's title with its accounts: 'Varekostnad (4000–4999)'. */
export function figureLabel(id: FigureId, lang: Lang): string {
  return `${figureTitle(id, lang)} (${figureAccounts(id)})`;
}

/** A custom ratio's operand as read: an account range '3000–3999', or a line by its title. */
export function ratioOperandText(operand: { line: string } | { from: string; to: string }, lang: Lang): string {
  if ('line' in operand) return isFigureId(operand.line) ? figureTitle(operand.line, lang) : operand.line;
  return `${operand.from}–${operand.to}`;
}

/** A figure's title in the language. */
export const figureTitle = (id: FigureId, lang: Lang): string =>
  lang === 'en' ? figures[id].title.en : figures[id].title.no;
