// The portfolio's answer: one row per board the user may view, with the statement figures of the
// period beside their comparison, as the board's own statements have them (money in øre).
import { z } from 'zod';
import { portfolioAlert } from './alerts.ts';
import { severity } from './common.ts';

/** A figure of the period, the same figure over the comparison period, and the change in percent. */
export const portfolioFigure = z.strictObject({
  /** Øre for amounts; a plain ratio or percent for the ratios. Null when it cannot be computed (no base). */
  value: z.number().nullable(),
  comparison: z.number().nullable(),
  /** (value − comparison) / |comparison| × 100, one decimal, by the one rule for changes; null where it says nothing. */
  change: z.number().nullable(),
});

export const portfolioFigureIds = [
  'revenue',
  'grossProfit',
  'grossMargin',
  'operatingResult',
  'resultBeforeTax',
  'result',
  'cashAndBank',
  'equityRatio',
  'liquidityRatio1',
] as const;
export const portfolioFigureId = z.enum(portfolioFigureIds);

export const portfolioRow = z.strictObject({
  groupId: z.string(),
  name: z.string(),
  /** The organisation numbers of the board's sources (those that state one). */
  orgNumbers: z.array(z.string()),
  role: z.string(),
  tags: z.array(z.string()),
  responsible: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  figures: z.record(portfolioFigureId, portfolioFigure),
  /** The comparison period of this board (like for like with its booked months), or null for none. */
  comparisonPeriod: z.strictObject({ startDate: z.string(), endDate: z.string() }).nullable(),
  /** The 12 months to the period's end; a month not yet booked is null, never 0. */
  sparkline: z.strictObject({
    months: z.array(z.string()),
    revenue: z.array(z.number().nullable()),
    result: z.array(z.number().nullable()),
  }),
  /** The latest month with data in any of the board's sources, or null for none. */
  lastBookedMonth: z.string().nullable(),
  /** The board's stalest source's last successful sync (ISO), or null when one has never synced. */
  lastSyncedAt: z.string().nullable(),
  /** Whole days since lastSyncedAt; null when never. */
  dataAgeDays: z.number().int().nullable(),
  /** Whether a source's last sync failed. */
  syncFailed: z.boolean(),
  /** The worst data-health severity over its sources' warnings, or null when nothing is to be said. */
  severity: severity.nullable(),
  /** The board's open alerts (features/alerts): the rules it meets now, each with what was met. */
  alerts: z.array(portfolioAlert),
  /** A failed sync, an error in its data, no sync for 7 days, or an open alert. */
  needsAttention: z.boolean(),
});

export const portfolio = z.strictObject({
  startDate: z.string(),
  endDate: z.string(),
  compare: z.enum(['previous', 'lastYear', 'budget']),
  /** False when the comparison asked for cannot be given (budget: not yet in the portfolio); then every comparison is null. */
  comparisonAvailable: z.boolean(),
  rows: z.array(portfolioRow),
});
