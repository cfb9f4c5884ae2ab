// A commentary's placeholders filled in with the period's figures, formatted as the portal shows the
// same figure: a statement line in whole kroner as the statements show it and its change in percent as
// their change column; a KPI as its card shows its value and its change (formatKpi). Pure: the figures
// come from the server's engine (features/report-packs/figures.ts).

import { formatKpi, type KpiUnit } from '../kpis/format.ts';
import { oreToKroner } from '../numbers/footing.ts';
import { formatAmount, type Lang } from '../numbers/format.ts';
import { changePercent, changePercentText } from '../numbers/variance.ts';
import { type PlaceholderPart, type PlaceholderRef, parsePlaceholders } from './placeholders.ts';

/**
 * One figure over the period and the comparison period. A line's amounts are øre; a KPI's are in its
 * unit (kpis/format.ts). Null: none (nothing booked to compare with, a ratio over 0).
 */
export interface FigurePair {
  unit: 'line' | KpiUnit;
  value: number | null;
  compare: number | null;
}

/** The change of a pair as computed: a line's in percent of the shown kroner; a KPI's the difference in its unit. */
export function pairChange(pair: FigurePair): number | null {
  if (pair.value === null || pair.compare === null) return null;
  if (pair.unit === 'line') return changePercent(oreToKroner(pair.value), oreToKroner(pair.compare), 'kroner');
  return pair.value - pair.compare;
}

/** One part of a pair as the portal shows it, in the language ('–' for none). */
export function pairText(pair: FigurePair, part: PlaceholderPart, lang: Lang): string {
  const change = pairChange(pair);
  if (pair.unit === 'line') {
    if (part === 'change') return changePercentText(change);
    const amount = part === 'value' ? pair.value : pair.compare;
    return amount === null ? '–' : formatAmount(amount);
  }
  if (part === 'change') return formatKpi(change, pair.unit, lang, true);
  return formatKpi(part === 'value' ? pair.value : pair.compare, pair.unit, lang);
}

/** A filled-in placeholder: where it was, what it named, the numbers it read and the text put in its place. */
export type FilledPlaceholder = PlaceholderRef & {
  raw: string;
  line: number;
  column: number;
  value: number | null;
  compare: number | null;
  change: number | null;
  text: string;
};

/**
 * The commentary with every placeholder replaced by its figure's text, and the figures it used.
 * `figureOf` gives each named figure's pair (the server computes them once for the pack).
 */
export function fillCommentary(
  text: string,
  figureOf: (ref: PlaceholderRef) => FigurePair,
  lang: Lang,
): { text: string; figures: FilledPlaceholder[] } {
  const figures: FilledPlaceholder[] = [];
  const out = parsePlaceholders(text).tokens.map((token) => {
    if (token.kind === 'text') return token.text;
    const pair = figureOf(token);
    const shown = pairText(pair, token.part, lang);
    const { source, id, part, raw, line, column } = token;
    figures.push({
      ...({ source, id, part } as PlaceholderRef),
      raw,
      line,
      column,
      value: pair.value,
      compare: pair.compare,
      change: pairChange(pair),
      text: shown,
    });
    return shown;
  });
  return { text: out.join(''), figures };
}
