import { roundHalfAway } from './footing.ts';

/**
 * A variance as a share of the budget, in percent to one decimal (half away from zero):
 * (actual − budget) / |budget| × 100; null without a budget. Its own module: the statements' variance
 * column needs only this.
 */
export function variancePercent(actual: number, budget: number): number | null {
  if (budget === 0) return null;
  return roundHalfAway(((actual - budget) / Math.abs(budget)) * 100, 1);
}
