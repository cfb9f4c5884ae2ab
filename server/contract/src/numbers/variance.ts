import { roundHalfAway } from './footing.ts';
import { formatPercent } from './format.ts';

// The one rule for a change or variance in percent, and how it reads. Its own module: the statements'
// variance column, the top lists' comparison, turnover, MRR and the budget widget need only this.
//
// A percentage says something only against a base of the same kind: a result that went from a loss
// to a profit has no meaningful "+250 %", and a base of a few øre makes any change look enormous. So a
// percentage is given only against a base of at least 1 kr with the same sign as the figure (a figure
// of 0 against any such base is −100 %), and one beyond ±999 % reads ">999 %" or "<-999 %".

/** The unit of the two figures: øre (the API's amounts) or whole kroner (shown figures). */
export type FigureUnit = 'ore' | 'kroner';

/** The largest percentage shown as a number; beyond it the text says ">999 %". */
export const PERCENT_SHOWN_LIMIT = 999;

/**
 * (figure − base) / |base| × 100, to one decimal (half away from zero); null where a percentage says
 * nothing: a base under 1 kr, or a figure of the other sign than its base.
 */
export function changePercent(figure: number, base: number, unit: FigureUnit): number | null {
  if (Math.abs(base) < (unit === 'ore' ? 100 : 1)) return null;
  if (figure !== 0 && figure > 0 !== base > 0) return null;
  return roundHalfAway(((figure - base) / Math.abs(base)) * 100, 1);
}

/** A variance as a share of the budget, by the same rule as every change in percent. */
export const variancePercent = changePercent;

/**
 * A change in percent as it reads: '+12,5 %', '-3,0 %', '>999 %' or '<-999 %' beyond the limit, and
 * '–' for none.
 */
export function changePercentText(percent: number | null): string {
  if (percent === null) return '–';
  if (percent > PERCENT_SHOWN_LIMIT) return `>${PERCENT_SHOWN_LIMIT}\u00a0%`;
  if (percent < -PERCENT_SHOWN_LIMIT) return `<-${PERCENT_SHOWN_LIMIT}\u00a0%`;
  return formatPercent(percent, true);
}

/** A change in percent for a table cell: the number, the capped text beyond ±999 %, or null for none. */
export function changePercentCell(percent: number | null): number | string | null {
  if (percent === null || Math.abs(percent) <= PERCENT_SHOWN_LIMIT) return percent;
  return changePercentText(percent);
}
