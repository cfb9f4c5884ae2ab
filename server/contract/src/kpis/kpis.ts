// The KPI library and the statement figures it is made of. Pure data and formatting: the server
// computes (server/src/features/kpis/), the portal lists the library, the SDK shows what the API
// answers (title and formula come with the data, so its bundle need not carry this module).

import type { LocalizedText } from '../numbers/format.ts';
import { type AccountSum, combineSums, rangesParam } from '../statements/chart.ts';
import { type FigureId, figureLabel, figures } from './figures.ts';
import type { KpiUnit } from './format.ts';

export {
  type FigureDefinition,
  type FigureId,
  type FigureTerm,
  figureAccounts,
  figureIds,
  figureLabel,
  figures,
  figureTitle,
  isFigureId,
  ratioOperandText,
} from './figures.ts';

export { formatKpi, KPI_SCALE, type KpiUnit, kpiNumber } from './format.ts';

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

/**
 * A sum of statement figures, some subtracted: an amount KPI's own figure, or a ratio's numerator or
 * denominator (before a factor such as days in the period). One list of postings adds up to it.
 */
export interface FigureSum {
  add: readonly FigureId[];
  subtract?: readonly FigureId[];
  /** Over the same months a year earlier (revenue growth's base). */
  yearEarlier?: true;
  /** The average of its month-end balances over the period (inventory turnover), not one balance. */
  average?: true;
}

/**
 * What a KPI is made of as postings. An amount (EBITDA, working capital) is itself a sum of postings:
 * its `value`. A ratio is not; its numerator and its denominator each are.
 */
export type KpiTerms = { value: FigureSum } | { numerator: FigureSum; denominator: FigureSum };

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
  terms: KpiTerms;
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
    terms: { numerator: { add: ['grossProfit'] }, denominator: { add: ['revenue'] } },
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
    terms: { numerator: { add: ['operatingResult'] }, denominator: { add: ['revenue'] } },
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
    terms: { value: { add: ['ebitda'] } },
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
    terms: { numerator: { add: ['ebitda'] }, denominator: { add: ['revenue'] } },
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
    terms: { numerator: { add: ['resultBeforeTax'] }, denominator: { add: ['revenue'] } },
  }),
  kpi({
    id: 'current-ratio',
    title: { no: 'Likviditetsgrad 1', en: 'Current ratio' },
    formula: {
      no: 'Sum omløpsmidler (1400–1999) / Kortsiktig gjeld (2300–2999), ved periodens slutt',
      en: 'Total current assets (1400–1999) / Current liabilities (2300–2999), at the end of the period',
    },
    unit: 'ratio',
    better: 'higher',
    inputs: ['currentAssets', 'shortTermDebt'],
    terms: { numerator: { add: ['currentAssets'] }, denominator: { add: ['shortTermDebt'] } },
  }),
  kpi({
    id: 'quick-ratio',
    title: { no: 'Likviditetsgrad 2', en: 'Quick ratio' },
    formula: {
      no: '(Sum omløpsmidler (1400–1999) − Varer (1400–1499)) / Kortsiktig gjeld (2300–2999), ved periodens slutt',
      en: '(Total current assets (1400–1999) − Inventory (1400–1499)) / Current liabilities (2300–2999), at the end of the period',
    },
    unit: 'ratio',
    better: 'higher',
    inputs: ['currentAssets', 'inventory', 'shortTermDebt'],
    terms: {
      numerator: { add: ['currentAssets'], subtract: ['inventory'] },
      denominator: { add: ['shortTermDebt'] },
    },
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
    terms: { numerator: { add: ['equity'] }, denominator: { add: ['totalAssets'] } },
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
    terms: { numerator: { add: ['totalDebt'] }, denominator: { add: ['equity'] } },
  }),
  kpi({
    id: 'working-capital',
    title: { no: 'Arbeidskapital', en: 'Working capital' },
    formula: {
      no: 'Sum omløpsmidler (1400–1999) − Kortsiktig gjeld (2300–2999), ved periodens slutt',
      en: 'Total current assets (1400–1999) − Current liabilities (2300–2999), at the end of the period',
    },
    unit: 'amount',
    better: 'higher',
    inputs: ['currentAssets', 'shortTermDebt'],
    terms: { value: { add: ['currentAssets'], subtract: ['shortTermDebt'] } },
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
    terms: { numerator: { add: ['tradeReceivables'] }, denominator: { add: ['revenue'] } },
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
    terms: {
      numerator: { add: ['tradePayables'] },
      denominator: { add: ['costOfGoods', 'otherOperatingExpenses'] },
    },
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
    terms: { numerator: { add: ['costOfGoods'] }, denominator: { add: ['inventory'], average: true } },
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
    terms: { numerator: { add: ['revenue'] }, denominator: { add: ['revenue'], yearEarlier: true } },
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
    terms: { numerator: { add: ['payroll'] }, denominator: { add: ['revenue'] } },
  }),
  kpi({
    id: 'months-of-cash',
    title: { no: 'Likviditet i måneder', en: 'Months of cash' },
    formula: {
      no: 'Bankinnskudd, kontanter o.l. (1900–1999) ved periodens slutt / gjennomsnittlig månedlig forbruk: Driftskostnader uten avskrivninger (4000–5999, 6100–7999) / måneder i perioden',
      en: 'Cash and bank deposits (1900–1999) at the end of the period / the average monthly burn: Operating expenses before depreciation (4000–5999, 6100–7999) / months in the period',
    },
    unit: 'months',
    better: 'higher',
    inputs: ['cashAndBank', 'cashCosts'],
    terms: { numerator: { add: ['cashAndBank'] }, denominator: { add: ['cashCosts'] } },
  }),
];

export const kpiIds = kpiLibrary.map((k) => k.id);

export function isKpiId(id: string): id is KpiId {
  return kpiLibrary.some((k) => k.id === id);
}

export function kpiDefinition(id: KpiId): KpiDefinition {
  return kpiLibrary.find((k) => k.id === id)!;
}

/** What a term's label adds when it is not the period itself. */
export const YEAR_EARLIER: LocalizedText = { no: 'samme måneder året før', en: 'the same months a year earlier' };
export const MONTH_END_AVERAGE: LocalizedText = { no: 'snitt ved månedsslutt', en: 'average of the month ends' };

/** A sum of figures as read: 'Sum omløpsmidler (1400–1999) − Varer (1400–1499)', with what it covers. */
export function figureSumLabel(sum: FigureSum): LocalizedText {
  const text = (lang: 'nor' | 'en') => {
    const added = sum.add.map((id) => figureLabel(id, lang)).join(' + ');
    const less = (sum.subtract ?? []).map((id) => ` − ${figureLabel(id, lang)}`).join('');
    const suffix = sum.yearEarlier ? YEAR_EARLIER : sum.average ? MONTH_END_AVERAGE : undefined;
    return `${added}${less}${suffix ? `, ${lang === 'en' ? suffix.en : suffix.no}` : ''}`;
  };
  return { no: text('nor'), en: text('en') };
}

/**
 * The postings of a sum of figures as one list: each figure's accounts with its sign, a subtracted
 * one turned round, overlaps cancelled (current assets less inventory is 1500–1999). Null where
 * what is left has both signs; no KPI's term does (kpis.test.ts).
 */
export function figureSumAccounts(sum: FigureSum): AccountSum | null {
  const parts = (ids: readonly FigureId[], by: 1 | -1) =>
    ids.flatMap((id) =>
      figures[id].terms.map((t): AccountSum => ({ ranges: [[t.from, t.to]], sign: (t.sign * by) as 1 | -1 })),
    );
  return combineSums([...parts(sum.add, 1), ...parts(sum.subtract ?? [], -1)]);
}

/** The roles of a KPI's terms: an amount's own figure, or a ratio's numerator and denominator. */
export type KpiTermRole = 'value' | 'numerator' | 'denominator';

/** A term of a KPI as GET /api/postings lists it: `sign` × the postings of `accounts`, a balance at the end. */
export interface KpiTermDefinition {
  role: KpiTermRole;
  sum: FigureSum;
  label: LocalizedText;
  /** GET /api/postings' `account`: '1400-1999,2300-2999' */
  accounts: string;
  sign: 1 | -1;
  /** Balance sheet figures stand at the period's end: the opening balance and the period's postings. */
  balance: boolean;
  /** 12 for a year earlier, else 0. */
  monthsEarlier: number;
  average: boolean;
}

/** A KPI's terms, in the order the element shows them. */
export function kpiTerms(kpi: KpiDefinition): KpiTermDefinition[] {
  const roles: Array<[KpiTermRole, FigureSum]> =
    'value' in kpi.terms
      ? [['value', kpi.terms.value]]
      : [
          ['numerator', kpi.terms.numerator],
          ['denominator', kpi.terms.denominator],
        ];
  return roles.map(([role, sum]) => {
    const accounts = figureSumAccounts(sum);
    if (!accounts) throw new Error(`${kpi.id}: its ${role} is not one list of postings`);
    return {
      role,
      sum,
      label: figureSumLabel(sum),
      accounts: rangesParam(accounts.ranges),
      sign: accounts.sign,
      balance: figures[sum.add[0]!].kind === 'balance',
      monthsEarlier: sum.yearEarlier ? 12 : 0,
      average: sum.average === true,
    };
  });
}
