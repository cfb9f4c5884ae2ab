import type { Comparison } from '@saldo/contract';
import { changePercent, changePercentText } from '@saldo/contract/numbers/variance';
import { type SaldoLang, t } from './i18n';

/**
 * What a widget's comparison view (`view="comparison"`) compares with: the same period last year when
 * its `compare` attribute says `lastYear`, otherwise the period just before. Other views compare with
 * nothing, so they fetch nothing more.
 */
export function viewComparison(view: string | undefined, compare: string | undefined): Comparison | undefined {
  if (view !== 'comparison') return undefined;
  return compare === 'lastYear' ? 'lastYear' : 'previous';
}

/** The heading of a comparison column: 'I fjor' or 'Forrige periode'. */
export const comparisonLabel = (compare: Comparison, lang: SaldoLang) =>
  t(lang, compare === 'lastYear' ? 'lastYearShort' : 'previousPeriod');

/** A change of shown kroner as a percentage of the comparison's size, '+12,5 %'; '–' where a percentage says nothing. */
export const shownChangePercent = (now: number, before: number): string =>
  changePercentText(changePercent(now, before, 'kroner'));
