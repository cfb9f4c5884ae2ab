/**
 * The exports' words in nor and en: the column and line names the widgets' and the statements'
 * tables share (widget-tables.ts here, the server's report-tables.ts). Plain strings; a widget's own
 * words (MRR's movements, the employees' note, …) sit in its registry entry's `words` as { no, en }.
 */
import { formatMonth } from '../numbers/format.ts';

export type ExportLang = 'nor' | 'en';

const nor = {
  rank: 'Nr.',
  customer: 'Kunde',
  supplier: 'Leverandør',
  product: 'Produkt',
  account: 'Konto',
  transaction: 'Transaksjon',
  date: 'Dato',
  amount: 'Beløp',
  month: 'Måned',
  total: 'Totalt',
  line: 'Linje',
  value: 'Verdi',
  ratio: 'Forholdstall (%)',
  revenue: 'Inntekter',
  result: 'Resultat',
  question: 'Spørsmål',
  lastYear: 'Samme periode i fjor',
  changeFromLastYear: 'Endring fra i fjor',
  accounts: 'Kontoer',
  profitLoss: 'Resultatregnskap',
  balanceSheet: 'Balanse',
  cashFlow: 'Kontantstrøm',
  notBooked: 'Ikke bokført ennå',
  comparisonNone: 'Ingen bokførte måneder å sammenligne med',
  comparisonPartly: '{booked} av {months} mnd. bokført',
  openingMonth: 'Fra filens inngående balanse',
  openingMonthNote:
    '{months}: fra filens inngående balanse (saldoer og resultat før filens første periode), ikke posteringer i måneden',
  previousPeriod: 'Forrige periode',
  lastYearShort: 'I fjor',
  change: 'Endring',
  changePercent: 'Endring %',
  period: 'Perioden',
  formula: 'Formel',
  budget: 'Budsjett',
  variance: 'Avvik',
  variancePercent: 'Avvik %',
  budgetPeriod: 'Budsjett for hele perioden',
};

export type Key = keyof typeof nor;

const en: Record<Key, string> = {
  rank: 'No.',
  customer: 'Customer',
  supplier: 'Supplier',
  product: 'Product',
  account: 'Account',
  transaction: 'Transaction',
  date: 'Date',
  amount: 'Amount',
  month: 'Month',
  total: 'Total',
  line: 'Line',
  value: 'Value',
  ratio: 'Ratio (%)',
  revenue: 'Revenue',
  result: 'Result',
  question: 'Question',
  lastYear: 'Same period last year',
  changeFromLastYear: 'Change from last year',
  accounts: 'Accounts',
  profitLoss: 'Profit and loss',
  balanceSheet: 'Balance sheet',
  cashFlow: 'Cash flow',
  notBooked: 'Not yet booked',
  comparisonNone: 'No booked months to compare with',
  comparisonPartly: '{booked} of {months} months booked',
  openingMonth: "From the file's opening balances",
  openingMonthNote:
    "{months}: from the file's opening balances (balances and result before the file's first period), not postings of that month",
  previousPeriod: 'Previous period',
  lastYearShort: 'Last year',
  change: 'Change',
  changePercent: 'Change %',
  period: 'Period',
  formula: 'Formula',
  budget: 'Budget',
  variance: 'Variance',
  variancePercent: 'Variance %',
  budgetPeriod: 'Budget for the whole period',
};

/** The words by language; the SDK's elements name their tables' columns with them too (sdk/src/core/i18n.ts). */
export const exportWords: Record<ExportLang, Record<Key, string>> = { nor, en };

export function text(lang: ExportLang, key: Key): string {
  return exportWords[lang][key];
}

/**
 * A comparison period's heading, on screen and in exports alike: its label, and where only some of its
 * months are booked, how many ('jan 2019 – des 2019 (3 av 12 mnd. bokført)'). None booked: the label
 * alone (its cells say '–').
 */
export function comparisonHeading(
  label: string,
  comparison: { startDate: string; endDate: string; bookedMonths?: number | undefined },
  lang: ExportLang,
): string {
  const { startDate, endDate, bookedMonths } = comparison;
  const months =
    (Number(endDate.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 +
    Number(endDate.slice(5, 7)) -
    Number(startDate.slice(5, 7)) +
    1;
  if (bookedMonths === undefined || bookedMonths === 0 || bookedMonths >= months) return label;
  const partly = text(lang, 'comparisonPartly')
    .replace('{booked}', String(bookedMonths))
    .replace('{months}', String(months));
  return `${label} (${partly})`;
}

export const localized = (value: { en: string; no: string }, lang: ExportLang) => (lang === 'en' ? value.en : value.no);

/** Indent of an account line under its group. */
export const INDENT = '  ';

/** That some figures are a file's opening balances of these months (yyyy-mm), not their postings; or none. */
export const openingNote = (months: readonly string[], lang: ExportLang): string | undefined =>
  months.length
    ? `${text(lang, 'openingMonthNote').replace('{months}', months.map((m) => formatMonth(m, lang)).join(', '))}.`
    : undefined;
