import { oreToKroner, roundHalfAway } from './footing.ts';
import { formatNumber, formatPercent, type Lang } from './format.ts';
import type { LocalizedText, RatioOperand } from './types.ts';

// The KPI library and the statement figures it is made of. Pure data and formatting: the server
// computes (server/src/features/kpis/), the portal lists the library, the SDK shows what the API
// answers (title and formula come with the data, so its bundle need not carry this module).

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
 * Every statement line and subtotal a KPI or a custom ratio can use. The P&L's and the balance
 * sheet's lines have the accounts of server/src/engine/lines.ts (a test holds them together).
 */
export const figures = {
  // The profit and loss (regnskapsloven § 6-1).
  salesRevenue: flow('Salgsinntekt', 'Sales revenue', credit(3000, 3399)),
  otherOperatingIncome: flow('Annen driftsinntekt', 'Other operating income', credit(3400, 3999)),
  revenue: flow('Sum driftsinntekter', 'Total operating income', credit(3000, 3999)),
  costOfGoods: flow('Varekostnad', 'Cost of goods', debit(4000, 4999)),
  grossProfit: flow('Bruttofortjeneste', 'Gross profit', credit(3000, 4999)),
  payroll: flow('Lønnskostnad', 'Payroll', debit(5000, 5999)),
  depreciation: flow('Avskrivning og nedskrivning', 'Depreciation', debit(6000, 6099)),
  otherOperatingExpenses: flow('Annen driftskostnad', 'Other operating expenses', debit(6100, 7999)),
  operatingExpenses: flow('Sum driftskostnader', 'Total operating expenses', debit(4000, 7999)),
  cashCosts: flow(
    'Driftskostnader uten avskrivninger',
    'Operating expenses before depreciation',
    debit(4000, 5999),
    debit(6100, 7999),
  ),
  ebitda: flow('EBITDA', 'EBITDA', credit(3000, 5999), credit(6100, 7999)),
  operatingResult: flow('Driftsresultat', 'Operating result', credit(3000, 7999)),
  financialIncome: flow('Finansinntekt', 'Financial income', credit(8000, 8099)),
  financialExpenses: flow('Finanskostnad', 'Financial expenses', debit(8100, 8199)),
  netFinancial: flow('Netto finansposter', 'Net financial items', credit(8000, 8199)),
  resultBeforeTax: flow('Ordinært resultat før skattekostnad', 'Result before tax', credit(3000, 8199)),
  tax: flow('Skattekostnad', 'Tax', debit(8300, 8399)),
  result: flow('Årsresultat', 'Net result', credit(3000, 8199), credit(8300, 8399)),
  // The balance sheet (regnskapsloven § 6-2), at a month end.
  intangibleAssets: balance('Immaterielle eiendeler', 'Intangible assets', debit(1000, 1099)),
  tangibleAssets: balance('Varige driftsmidler', 'Tangible fixed assets', debit(1100, 1299)),
  financialAssets: balance('Finansielle anleggsmidler', 'Financial fixed assets', debit(1300, 1399)),
  fixedAssets: balance('Sum anleggsmidler', 'Total fixed assets', debit(1000, 1399)),
  inventory: balance('Varer', 'Inventory', debit(1400, 1499)),
  receivables: balance('Fordringer', 'Receivables', debit(1500, 1799)),
  // 1500 kundefordringer, 1530 opptjent ikke fakturert, 1550 konsern, 1580 avsetning for tap; not
  // 1560–1579 (andre fordringer).
  tradeReceivables: balance('Kundefordringer', 'Trade receivables', debit(1500, 1559), debit(1580, 1599)),
  investments: balance('Investeringer', 'Investments', debit(1800, 1899)),
  cashAndBank: balance('Bankinnskudd og kontanter', 'Cash and bank', debit(1900, 1999)),
  currentAssets: balance('Sum omløpsmidler', 'Total current assets', debit(1400, 1999)),
  totalAssets: balance('Sum eiendeler', 'Total assets', debit(1000, 1999)),
  equity: balance(
    'Sum egenkapital (med resultat ikke disponert)',
    'Total equity (with the result not yet closed)',
    credit(2000, 2099),
    ...OPEN_RESULT,
  ),
  provisions: balance('Avsetninger for forpliktelser', 'Provisions', credit(2100, 2199)),
  longTermDebt: balance('Annen langsiktig gjeld', 'Other long-term debt', credit(2200, 2299)),
  shortTermDebt: balance('Kortsiktig gjeld', 'Short-term debt', credit(2300, 2999)),
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
export function ratioOperandText(operand: RatioOperand, lang: Lang): string {
  if ('line' in operand) return isFigureId(operand.line) ? figureTitle(operand.line, lang) : operand.line;
  return `${operand.from}–${operand.to}`;
}

/** A figure's title in the language. */
export const figureTitle = (id: FigureId, lang: Lang): string =>
  lang === 'en' ? figures[id].title.en : figures[id].title.no;

/**
 * How a KPI's figure reads. `amount`: integer øre. Every other unit is an integer in ten-thousandths
 * (KPI_SCALE): a percentage as its fraction (4123 = 41,23 %, i.e. basis points), a ratio, days,
 * times a year or months as the number × 10 000 (15312 = 1,5312). Exact integers in the API, and one
 * rounding rule (half away from zero) when they are made; the screen shows one decimal.
 */
export type KpiUnit = 'amount' | 'percent' | 'ratio' | 'days' | 'times' | 'months';

export const KPI_SCALE = 10_000;

export type KpiId =
  | 'gross-margin'
  | 'operating-margin'
  | 'ebitda'
  | 'ebitda-margin'
  | 'profit-margin'
  | 'current-ratio'
  | 'quick-ratio'
  | 'equity-ratio'
  | 'debt-ratio'
  | 'working-capital'
  | 'dso'
  | 'dpo'
  | 'inventory-turnover'
  | 'revenue-growth'
  | 'payroll-share'
  | 'months-of-cash';

export interface KpiDefinition {
  id: KpiId;
  title: LocalizedText;
  /** The formula in words, with the accounts of each figure. */
  formula: LocalizedText;
  unit: KpiUnit;
  /** Which way is good, for colouring a change; null when neither is. */
  better: 'higher' | 'lower' | null;
  /** The figures the formula reads, shown with their values for the period. */
  inputs: readonly FigureId[];
}

const kpi = (d: KpiDefinition) => d;

/**
 * The library, in the order the portal lists it. Each KPI of a month is computed over that month
 * alone (the trend); of a period over the period's booked months, balances at its last booked month.
 */
export const kpiLibrary: readonly KpiDefinition[] = [
  kpi({
    id: 'gross-margin',
    title: { no: 'Bruttomargin', en: 'Gross margin' },
    formula: {
      no: '(Sum driftsinntekter (3000–3999) − Varekostnad (4000–4999)) / Sum driftsinntekter × 100',
      en: '(Total operating income (3000–3999) − Cost of goods (4000–4999)) / Total operating income × 100',
    },
    unit: 'percent',
    better: 'higher',
    inputs: ['revenue', 'costOfGoods'],
  }),
  kpi({
    id: 'operating-margin',
    title: { no: 'Driftsmargin', en: 'Operating margin' },
    formula: {
      no: 'Driftsresultat (3000–7999) / Sum driftsinntekter (3000–3999) × 100',
      en: 'Operating result (3000–7999) / Total operating income (3000–3999) × 100',
    },
    unit: 'percent',
    better: 'higher',
    inputs: ['operatingResult', 'revenue'],
  }),
  kpi({
    id: 'ebitda',
    title: { no: 'EBITDA', en: 'EBITDA' },
    formula: {
      no: 'Driftsresultat (3000–7999) + Avskrivning og nedskrivning (6000–6099)',
      en: 'Operating result (3000–7999) + Depreciation (6000–6099)',
    },
    unit: 'amount',
    better: 'higher',
    inputs: ['operatingResult', 'depreciation'],
  }),
  kpi({
    id: 'ebitda-margin',
    title: { no: 'EBITDA-margin', en: 'EBITDA margin' },
    formula: {
      no: '(Driftsresultat (3000–7999) + Avskrivning og nedskrivning (6000–6099)) / Sum driftsinntekter (3000–3999) × 100',
      en: '(Operating result (3000–7999) + Depreciation (6000–6099)) / Total operating income (3000–3999) × 100',
    },
    unit: 'percent',
    better: 'higher',
    inputs: ['operatingResult', 'depreciation', 'revenue'],
  }),
  kpi({
    id: 'profit-margin',
    title: { no: 'Resultatmargin', en: 'Profit margin' },
    formula: {
      no: 'Ordinært resultat før skattekostnad (3000–8199) / Sum driftsinntekter (3000–3999) × 100',
      en: 'Result before tax (3000–8199) / Total operating income (3000–3999) × 100',
    },
    unit: 'percent',
    better: 'higher',
    inputs: ['resultBeforeTax', 'revenue'],
  }),
  kpi({
    id: 'current-ratio',
    title: { no: 'Likviditetsgrad 1', en: 'Current ratio' },
    formula: {
      no: 'Sum omløpsmidler (1400–1999) / Kortsiktig gjeld (2300–2999), ved periodens slutt',
      en: 'Total current assets (1400–1999) / Short-term debt (2300–2999), at the end of the period',
    },
    unit: 'ratio',
    better: 'higher',
    inputs: ['currentAssets', 'shortTermDebt'],
  }),
  kpi({
    id: 'quick-ratio',
    title: { no: 'Likviditetsgrad 2', en: 'Quick ratio' },
    formula: {
      no: '(Sum omløpsmidler (1400–1999) − Varer (1400–1499)) / Kortsiktig gjeld (2300–2999), ved periodens slutt',
      en: '(Total current assets (1400–1999) − Inventory (1400–1499)) / Short-term debt (2300–2999), at the end of the period',
    },
    unit: 'ratio',
    better: 'higher',
    inputs: ['currentAssets', 'inventory', 'shortTermDebt'],
  }),
  kpi({
    id: 'equity-ratio',
    title: { no: 'Egenkapitalandel', en: 'Equity ratio' },
    formula: {
      no: 'Sum egenkapital (2000–2099 med resultat ikke disponert, 3000–8999) / Sum eiendeler (1000–1999) × 100, ved periodens slutt',
      en: 'Total equity (2000–2099 with the result not yet closed, 3000–8999) / Total assets (1000–1999) × 100, at the end of the period',
    },
    unit: 'percent',
    better: 'higher',
    inputs: ['equity', 'totalAssets'],
  }),
  kpi({
    id: 'debt-ratio',
    title: { no: 'Gjeldsgrad', en: 'Debt-to-equity ratio' },
    formula: {
      no: 'Sum gjeld (2100–2999) / Sum egenkapital (2000–2099 med resultat ikke disponert), ved periodens slutt',
      en: 'Total liabilities (2100–2999) / Total equity (2000–2099 with the result not yet closed), at the end of the period',
    },
    unit: 'ratio',
    better: 'lower',
    inputs: ['totalDebt', 'equity'],
  }),
  kpi({
    id: 'working-capital',
    title: { no: 'Arbeidskapital', en: 'Working capital' },
    formula: {
      no: 'Sum omløpsmidler (1400–1999) − Kortsiktig gjeld (2300–2999), ved periodens slutt',
      en: 'Total current assets (1400–1999) − Short-term debt (2300–2999), at the end of the period',
    },
    unit: 'amount',
    better: 'higher',
    inputs: ['currentAssets', 'shortTermDebt'],
  }),
  kpi({
    id: 'dso',
    title: { no: 'Kundefordringenes omløpstid', en: 'Days sales outstanding (DSO)' },
    formula: {
      no: 'Kundefordringer (1500–1559, 1580–1599) ved periodens slutt / Sum driftsinntekter (3000–3999) × dager i perioden',
      en: 'Trade receivables (1500–1559, 1580–1599) at the end of the period / Total operating income (3000–3999) × days in the period',
    },
    unit: 'days',
    better: 'lower',
    inputs: ['tradeReceivables', 'revenue'],
  }),
  kpi({
    id: 'dpo',
    title: { no: 'Leverandørgjeldens omløpstid', en: 'Days payables outstanding (DPO)' },
    formula: {
      no: 'Leverandørgjeld (2400–2499) ved periodens slutt / (Varekostnad (4000–4999) + Annen driftskostnad (6100–7999)) × dager i perioden',
      en: 'Trade payables (2400–2499) at the end of the period / (Cost of goods (4000–4999) + Other operating expenses (6100–7999)) × days in the period',
    },
    unit: 'days',
    better: null,
    inputs: ['tradePayables', 'costOfGoods', 'otherOperatingExpenses'],
  }),
  kpi({
    id: 'inventory-turnover',
    title: { no: 'Lageromløpshastighet', en: 'Inventory turnover' },
    formula: {
      no: 'Varekostnad (4000–4999) omregnet til et år (× 12 / måneder i perioden) / gjennomsnittlig Varer (1400–1499) ved månedsslutt i perioden',
      en: 'Cost of goods (4000–4999) for a year (× 12 / months in the period) / average Inventory (1400–1499) at the month ends of the period',
    },
    unit: 'times',
    better: 'higher',
    inputs: ['costOfGoods', 'inventory'],
  }),
  kpi({
    id: 'revenue-growth',
    title: { no: 'Omsetningsvekst', en: 'Revenue growth' },
    formula: {
      no: '(Sum driftsinntekter (3000–3999) − det samme i de samme månedene året før) / det samme året før × 100',
      en: '(Total operating income (3000–3999) − the same in the same months a year earlier) / the same a year earlier × 100',
    },
    unit: 'percent',
    better: 'higher',
    inputs: ['revenue'],
  }),
  kpi({
    id: 'payroll-share',
    title: { no: 'Lønnskostnad i % av omsetning', en: 'Payroll as % of revenue' },
    formula: {
      no: 'Lønnskostnad (5000–5999) / Sum driftsinntekter (3000–3999) × 100',
      en: 'Payroll (5000–5999) / Total operating income (3000–3999) × 100',
    },
    unit: 'percent',
    better: 'lower',
    inputs: ['payroll', 'revenue'],
  }),
  kpi({
    id: 'months-of-cash',
    title: { no: 'Likviditet i måneder', en: 'Months of cash' },
    formula: {
      no: 'Bankinnskudd og kontanter (1900–1999) ved periodens slutt / gjennomsnittlig månedlig forbruk: Driftskostnader uten avskrivninger (4000–5999, 6100–7999) / måneder i perioden',
      en: 'Cash and bank (1900–1999) at the end of the period / the average monthly burn: Operating expenses before depreciation (4000–5999, 6100–7999) / months in the period',
    },
    unit: 'months',
    better: 'higher',
    inputs: ['cashAndBank', 'cashCosts'],
  }),
];

export const kpiIds = kpiLibrary.map((k) => k.id);

export function isKpiId(id: string): id is KpiId {
  return kpiLibrary.some((k) => k.id === id);
}

export function kpiDefinition(id: KpiId): KpiDefinition {
  return kpiLibrary.find((k) => k.id === id)!;
}

/** The number a KPI's value stands for in its unit: kroner for amounts, percent for percentages, else the number. */
export function kpiNumber(value: number, unit: KpiUnit): number {
  if (unit === 'amount') return value / 100;
  if (unit === 'percent') return (value * 100) / KPI_SCALE;
  return value / KPI_SCALE;
}

const UNIT_WORDS: Record<Exclude<KpiUnit, 'amount' | 'percent' | 'ratio'>, Record<Lang, string>> = {
  days: { nor: 'dager', en: 'days' },
  times: { nor: 'ganger', en: 'times' },
  months: { nor: 'mnd.', en: 'months' },
};

/**
 * A KPI's value as the screen shows it, with @saldo/contract/format's rules: whole kroner for an
 * amount ('1 234 568'), one decimal otherwise ('41,2 %', '1,5', '45,3 dager'); '–' for none.
 */
export function formatKpi(value: number | null, unit: KpiUnit, lang: Lang = 'nor', signed = false): string {
  if (value === null) return '–';
  const sign = signed && value > 0 ? '+' : '';
  if (unit === 'amount') return `${sign}${formatNumber(oreToKroner(value))}`;
  if (unit === 'percent') return formatPercent(kpiNumber(value, unit), signed);
  // Always one decimal, so a ratio of 2 reads '2,0' beside '1,9'.
  const rounded = roundHalfAway(kpiNumber(value, unit), 1);
  const number = `${sign}${formatNumber(rounded)}${Number.isInteger(rounded) ? ',0' : ''}`;
  return unit === 'ratio' ? number : `${number}\u00a0${UNIT_WORDS[unit][lang === 'en' ? 'en' : 'nor']}`;
}
