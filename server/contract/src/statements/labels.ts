import type { LocalizedText } from '../numbers/format.ts';

// The names of the statements' headings and sums (regnskapsloven §§ 6-1 and 6-2, NRS 2 for the cash
// flow), in nor and en: one table, so the SDK's tables and the exports name every row alike. The
// lines themselves are named by the API's report (groupTitle).

export const STATEMENT_LABELS = {
  // Profit and loss
  operating: { no: 'Driftsinntekter og driftskostnader', en: 'Operating income and expenses' },
  financial: { no: 'Finansinntekter og finanskostnader', en: 'Financial income and expenses' },
  operatingIncome: { no: 'Sum driftsinntekter', en: 'Total operating income' },
  grossProfit: { no: 'Bruttofortjeneste', en: 'Gross profit' },
  operatingExpenses: { no: 'Sum driftskostnader', en: 'Total operating expenses' },
  operatingResult: { no: 'Driftsresultat', en: 'Operating result' },
  netFinancialItems: { no: 'Netto finansposter', en: 'Net financial items' },
  resultBeforeTax: { no: 'Ordinært resultat før skattekostnad', en: 'Ordinary result before tax' },
  result: { no: 'Årsresultat', en: 'Net result' },
  shareOfRevenue: { no: '% av driftsinntekter', en: '% of operating income' },
  // Balance sheet
  assets: { no: 'Eiendeler', en: 'Assets' },
  equityAndLiabilities: { no: 'Egenkapital og gjeld', en: 'Equity and liabilities' },
  fixedAssets: { no: 'Anleggsmidler', en: 'Fixed assets' },
  currentAssets: { no: 'Omløpsmidler', en: 'Current assets' },
  equity: { no: 'Egenkapital', en: 'Equity' },
  liabilities: { no: 'Gjeld', en: 'Liabilities' },
  totalFixedAssets: { no: 'Sum anleggsmidler', en: 'Total fixed assets' },
  totalCurrentAssets: { no: 'Sum omløpsmidler', en: 'Total current assets' },
  totalAssets: { no: 'Sum eiendeler', en: 'Total assets' },
  totalEquity: { no: 'Sum egenkapital', en: 'Total equity' },
  totalLiabilities: { no: 'Sum gjeld', en: 'Total liabilities' },
  totalEquityAndLiabilities: { no: 'Sum egenkapital og gjeld', en: 'Total equity and liabilities' },
  difference: { no: 'Differanse', en: 'Difference' },
  // Cash flow: each section a heading, ending in its net
  operatingActivities: {
    no: 'Kontantstrømmer fra operasjonelle aktiviteter',
    en: 'Cash flows from operating activities',
  },
  investingActivities: {
    no: 'Kontantstrømmer fra investeringsaktiviteter',
    en: 'Cash flows from investing activities',
  },
  financingActivities: {
    no: 'Kontantstrømmer fra finansieringsaktiviteter',
    en: 'Cash flows from financing activities',
  },
  netOperating: {
    no: 'Netto kontantstrøm fra operasjonelle aktiviteter',
    en: 'Net cash flow from operating activities',
  },
  netInvesting: { no: 'Netto kontantstrøm fra investeringsaktiviteter', en: 'Net cash flow from investing activities' },
  netFinancing: {
    no: 'Netto kontantstrøm fra finansieringsaktiviteter',
    en: 'Net cash flow from financing activities',
  },
  netChange: { no: 'Netto endring i likvider', en: 'Net change in cash' },
  openingBalance: { no: 'Likvider ved periodens start', en: 'Cash at start of period' },
  closingBalance: { no: 'Likvider ved periodens slutt', en: 'Cash at end of period' },
} as const satisfies Record<string, LocalizedText>;

export type StatementLabel = keyof typeof STATEMENT_LABELS;

/** The heading of each cash flow section. */
export const CASH_FLOW_HEADING = {
  operating: 'operatingActivities',
  investing: 'investingActivities',
  financing: 'financingActivities',
} as const;

/** The net line ending each cash flow section. */
export const CASH_FLOW_NET = {
  operating: 'netOperating',
  investing: 'netInvesting',
  financing: 'netFinancing',
} as const;

export function statementLabel(key: StatementLabel, lang: 'nor' | 'en'): string {
  return STATEMENT_LABELS[key][lang === 'en' ? 'en' : 'no'];
}
