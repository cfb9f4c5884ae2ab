import { elementErrorMessage } from '@saldo/contract/errors/element-errors';
import { exportWords } from '@saldo/contract/exports/texts';

/** Values of the `lang` attribute. */
export type SaldoLang = 'nor' | 'en';

// The SDK keeps its own small table instead of i18next: these are the only strings its
// elements show, and i18next would cost a third of the embed budget. The words a widget's table
// shares with its export (column names, the MRR and comparison words) come from the contract's, so
// the screen and the export name a column alike; what follows them is the elements' own or differs
// on screen (a ratio without its unit, the net result). A widget's own words are its registry entry's
// (`words`, read through widgetWord in registry.ts).
const nor = {
  ...exportWords.nor,
  profitLossTitle: 'Resultatregnskap',
  loading: 'Laster',
  empty: 'Ingen data for perioden',
  noBoard: 'Velg en tavle',
  share: 'Andel av største',
  operatingResult: 'Driftsresultat',
  resultBeforeTax: 'Resultat før skatt',
  result: 'Årsresultat',
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
  netChange: 'Netto endring i likvider',
  openingBalance: 'Likvider ved periodens start',
  closingBalance: 'Likvider ved periodens slutt',
  closingCash: 'Likvider',
  cashChartLabel: 'Likvider ved utgangen av hver måned',
  comparedWith: 'Sammenlignet med',
  showMonths: 'Vis måneder',
  ratio: 'Forholdstall',
  dataNotice: 'Tallene bygger på en kilde med feil. Eieren av tavlen kan se detaljene under Datahelse.',
  changeFromPrevious: 'Endring fra forrige periode',
  budgetPeriod: 'Budsjett hele perioden',
  budgetNotBalanced:
    'Budsjettet går ikke i balanse: de budsjetterte bevegelsene går ikke i null, så budsjettets eiendeler og egenkapital og gjeld avviker med {amount} ({date}). Budsjetter også balansekontoene resultatet beveger, som bank, kunder og leverandører.',
  chartSeriesSummary:
    '{series}: fra {first} ({firstLabel}) til {last} ({lastLabel}), høyest {max} ({maxLabel}), lavest {min} ({minLabel}).',
};

export type MessageKey = keyof typeof nor;

const en: Record<MessageKey, string> = {
  ...exportWords.en,
  profitLossTitle: 'Profit and loss',
  loading: 'Loading',
  empty: 'No data for this period',
  noBoard: 'Choose a board',
  share: 'Share of largest',
  operatingResult: 'Operating result',
  resultBeforeTax: 'Result before tax',
  result: 'Net result',
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
  netChange: 'Net change in cash',
  openingBalance: 'Cash at start of period',
  closingBalance: 'Cash at end of period',
  closingCash: 'Cash',
  cashChartLabel: 'Cash at the end of each month',
  comparedWith: 'Compared with',
  showMonths: 'Show months',
  ratio: 'Ratio',
  dataNotice: "These figures rest on a source with errors. The board's owner can see the details under Data health.",
  changeFromPrevious: 'Change from the previous period',
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

/** Picks the server's `.no` text for nor and `.en` for en (the contract's, as the exports pick it). */
export { localized } from '@saldo/contract/exports/texts';

/** The user-facing text for an API error code, from the element codes of the map shared with server and portal. */
export function errorText(code: unknown, lang: SaldoLang): string {
  return elementErrorMessage(code, lang);
}
