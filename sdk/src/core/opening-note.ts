import { formatMonth } from './format';
import { type SaldoLang, t } from './i18n';

/**
 * The note of an answer that shows a month of a file's opening balances (`openingMonths`): those
 * figures are the balances and result before the file's first period, not postings of that month
 * ("okt. 2025: fra filens inngående balanse …"). Undefined when it shows none.
 */
export function openingNote(openingMonths: readonly string[] | undefined, lang: SaldoLang): string | undefined {
  if (!openingMonths?.length) return undefined;
  const months = openingMonths.map((m) => formatMonth(m, lang)).join(', ');
  return `${t(lang, 'openingMonthNote').replace('{months}', months)}.`;
}

/** Notes under a metric, joined; undefined when there is none. */
export const joinNotes = (...notes: Array<string | undefined | null>): string | undefined =>
  notes.filter(Boolean).join(' ') || undefined;
