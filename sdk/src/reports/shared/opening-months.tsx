/** @jsxImportSource preact */
import { formatMonth } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';

/** A report's months (yyyy-mm) whose figures are a file's opening balances (the API's `openingMonths`). */
export interface Openings {
  openingMonths?: readonly string[] | undefined;
}

/**
 * The months of a report and of its comparison whose figures are a file's opening balances, as shown
 * ('okt. 2025'): the note under the table names them.
 */
export function openingMonthLabels(
  report: Openings & { comparison?: Openings | undefined },
  lang: SaldoLang,
): string[] {
  const months = [...new Set([...(report.comparison?.openingMonths ?? []), ...(report.openingMonths ?? [])])];
  return months.sort().map((m) => formatMonth(m, lang));
}

/** The note under a statement naming those months (marked * in their headers): no postings of that month. */
export function OpeningNote({ lang, months }: { lang: SaldoLang; months: readonly string[] | undefined }) {
  if (!months?.length) return null;
  return (
    <p class="muted" part="opening-note">
      * {t(lang, 'openingMonthNote').replace('{months}', months.join(', '))}.
    </p>
  );
}
