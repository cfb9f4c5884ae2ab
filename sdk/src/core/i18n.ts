import type { LocalizedText } from '@saldo/contract';
import { elementErrorMessage } from '@saldo/contract/element-errors';

/** Values of the `lang` attribute. */
export type SaldoLang = 'nor' | 'en';

// The SDK keeps its own small table instead of i18next: these are the only strings its
// elements show, and i18next would cost a third of the embed budget.
const nor = {
  profitLossTitle: 'Resultatregnskap',
  loading: 'Laster',
  empty: 'Ingen data for perioden',
  noBoard: 'Velg en tavle',
  rank: 'Nr.',
  customer: 'Kunde',
  amount: 'Beløp',
  share: 'Andel av største',
  line: 'Linje',
  account: 'Konto',
  total: 'Totalt',
  operatingResult: 'Driftsresultat',
  resultBeforeTax: 'Resultat før skatt',
  result: 'Årsresultat',
  revenue: 'Inntekter',
  costs: 'Kostnader',
  showAccounts: 'Vis kontoer',
  chartLabel: 'Inntekter, kostnader og driftsresultat per måned',
  retry: 'Prøv igjen',
  balanceSheetTitle: 'Balanse',
  cashFlowTitle: 'Kontantstrøm',
  assets: 'Eiendeler',
  equityAndLiabilities: 'Egenkapital og gjeld',
  totalAssets: 'Sum eiendeler',
  totalEquityAndLiabilities: 'Sum egenkapital og gjeld',
  difference: 'Differanse',
  notBalanced: 'Balansen går ikke opp: eiendeler og egenkapital og gjeld avviker med',
  change: 'Endring',
  netChange: 'Netto endring i likvider',
  openingBalance: 'Likvider ved periodens start',
  closingBalance: 'Likvider ved periodens slutt',
  closingCash: 'Likvider',
  cashChartLabel: 'Likvider ved utgangen av hver måned',
  comparedWith: 'Sammenlignet med',
  supplier: 'Leverandør',
  product: 'Produkt',
  transaction: 'Transaksjon',
  date: 'Dato',
  month: 'Måned',
  lastYear: 'Samme periode i fjor',
  changeFromLastYear: 'Endring fra i fjor',
  previousMrr: 'MRR forrige periode',
  newMrr: 'Ny',
  expansionMrr: 'Økning',
  contractionMrr: 'Reduksjon',
  churnedMrr: 'Tapt',
  arpc: 'Snitt per kunde',
  customers: 'Kunder',
  employeesNow: 'Ansatte nå',
  employeesEstimated: 'Anslått fra lønnsposteringer',
  company: 'Selskap',
  deducted: 'Elimineringer',
  consolidated: 'Konsolidert',
  showMonths: 'Vis måneder',
  value: 'Verdi',
  ratio: 'Forholdstall',
  notBooked: 'Ikke bokført ennå',
  lastYearShort: 'I fjor',
  changePercent: 'Endring %',
  dataNotice: 'Tallene bygger på en kilde med feil. Eieren av tavlen kan se detaljene under Datahelse.',
  formula: 'Formel',
  previousPeriod: 'Forrige periode',
  changeFromPrevious: 'Endring fra forrige periode',
  budget: 'Budsjett',
  actual: 'Regnskap',
  variance: 'Avvik',
  variancePercent: 'Avvik %',
  budgetPeriod: 'Budsjett hele perioden',
  noBudget: 'Tavlen har ikke budsjett for perioden. Legg det inn på siden Budsjett.',
  budgetNotBalanced:
    'Budsjettet går ikke i balanse: de budsjetterte bevegelsene går ikke i null, så budsjettets eiendeler og egenkapital og gjeld avviker med {amount} ({date}). Budsjetter også balansekontoene resultatet beveger, som bank, kunder og leverandører.',
  chartSeriesSummary:
    '{series}: fra {first} ({firstLabel}) til {last} ({lastLabel}), høyest {max} ({maxLabel}), lavest {min} ({minLabel}).',
};

export type MessageKey = keyof typeof nor;

const en: Record<MessageKey, string> = {
  profitLossTitle: 'Profit and loss',
  loading: 'Loading',
  empty: 'No data for this period',
  noBoard: 'Choose a board',
  rank: 'No.',
  customer: 'Customer',
  amount: 'Amount',
  share: 'Share of largest',
  line: 'Line',
  account: 'Account',
  total: 'Total',
  operatingResult: 'Operating result',
  resultBeforeTax: 'Result before tax',
  result: 'Net result',
  revenue: 'Revenue',
  costs: 'Costs',
  showAccounts: 'Show accounts',
  chartLabel: 'Revenue, costs and operating result by month',
  retry: 'Try again',
  balanceSheetTitle: 'Balance sheet',
  cashFlowTitle: 'Cash flow',
  assets: 'Assets',
  equityAndLiabilities: 'Equity and liabilities',
  totalAssets: 'Total assets',
  totalEquityAndLiabilities: 'Total equity and liabilities',
  difference: 'Difference',
  notBalanced: 'The balance sheet does not balance: assets differ from equity and liabilities by',
  change: 'Change',
  netChange: 'Net change in cash',
  openingBalance: 'Cash at start of period',
  closingBalance: 'Cash at end of period',
  closingCash: 'Cash',
  cashChartLabel: 'Cash at the end of each month',
  comparedWith: 'Compared with',
  supplier: 'Supplier',
  product: 'Product',
  transaction: 'Transaction',
  date: 'Date',
  month: 'Month',
  lastYear: 'Same period last year',
  changeFromLastYear: 'Change from last year',
  previousMrr: 'MRR previous period',
  newMrr: 'New',
  expansionMrr: 'Expansion',
  contractionMrr: 'Contraction',
  churnedMrr: 'Churn',
  arpc: 'Average per customer',
  customers: 'Customers',
  employeesNow: 'Employees now',
  employeesEstimated: 'Estimated from payroll postings',
  company: 'Company',
  deducted: 'Eliminations',
  consolidated: 'Consolidated',
  showMonths: 'Show months',
  value: 'Value',
  ratio: 'Ratio',
  notBooked: 'Not yet booked',
  lastYearShort: 'Last year',
  changePercent: 'Change %',
  dataNotice: "These figures rest on a source with errors. The board's owner can see the details under Data health.",
  formula: 'Formula',
  previousPeriod: 'Previous period',
  changeFromPrevious: 'Change from the previous period',
  budget: 'Budget',
  actual: 'Actual',
  variance: 'Variance',
  variancePercent: 'Variance %',
  budgetPeriod: 'Budget for the whole period',
  noBudget: 'The board has no budget for this period. Enter it on the Budget page.',
  budgetNotBalanced:
    'The budget does not balance: its movements do not net to zero, so its assets differ from equity and liabilities by {amount} ({date}). Budget the balance accounts the result moves as well, such as bank, customers and suppliers.',
  chartSeriesSummary:
    '{series}: from {first} ({firstLabel}) to {last} ({lastLabel}), highest {max} ({maxLabel}), lowest {min} ({minLabel}).',
};

export const messages: Record<SaldoLang, Record<MessageKey, string>> = { nor, en };

/** Unknown or missing values fall back to Norwegian, the product's default. */
export function normalizeLang(value: unknown): SaldoLang {
  return value === 'en' ? 'en' : 'nor';
}

export function t(lang: SaldoLang, key: MessageKey): string {
  return messages[lang][key];
}

/** Picks the server's `.no` text for nor and `.en` for en. */
export function localized(text: LocalizedText, lang: SaldoLang): string {
  return lang === 'en' ? text.en : text.no;
}

/** The user-facing text for an API error code, from the element codes of the map shared with server and portal. */
export function errorText(code: unknown, lang: SaldoLang): string {
  return elementErrorMessage(code, lang);
}
