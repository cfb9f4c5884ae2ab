// The rules that propose observations, and their thresholds: one table the server's rules
// (server/src/features/observations/rules.ts) read and the docs describe. Zod-free.

export const OBSERVATION_RULES = [
  /** A P&L line changed the most against the comparison. */
  'line-change',
  /** An account changed the most against the comparison. */
  'account-change',
  /** A margin crossed zero, or moved by many percentage points. */
  'margin',
  /** Liquidity or solidity crossed a threshold. */
  'liquidity',
  /** A month's revenue far from the period's usual month. */
  'unusual-month',
  /** A large customer or supplier of the comparison with nothing in the period, or a new one. */
  'customer-lost',
  'customer-gained',
  'supplier-lost',
  'supplier-gained',
] as const;

export const OBSERVATION_LIMITS = {
  /** A change is worth a sentence from this many percent of its comparison… */
  minChangePercent: 10,
  /** …and this share (percent) of the period's revenue, so small lines stay quiet. */
  minShareOfRevenue: 2,
  /** The largest changes told, by line and by account. */
  lines: 3,
  accounts: 2,
  /** A margin that moved this many percentage points. */
  marginPoints: 5,
  /** Current ratio (likviditetsgrad 1) below this is a warning; equity ratio (egenkapitalandel) below this percent. */
  currentRatio: 1,
  equityRatioPercent: 10,
  /** A month is unusual when its revenue is this many median absolute deviations from the median… */
  unusualDeviations: 3,
  /** …and at least this many percent from it, over at least this many booked months. */
  unusualPercent: 25,
  unusualMinMonths: 6,
  /** The customers and suppliers looked at: each period's largest this many. */
  parties: 10,
} as const;
