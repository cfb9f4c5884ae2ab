// The portfolio's answer: one row per board the user may view, with the statement figures of the
// period beside their comparison, as the board's own statements have them (money in øre).
import { z } from 'zod';
import { portfolioFigureIds } from '../kpis/portfolio-figures.ts';
import { portfolioAlert } from './alerts.ts';
import { kpiId, kpiUnit, localizedText, severity } from './common.ts';

/** A figure of the period, the same figure over the comparison period, and the change in percent. */
export const portfolioFigure = z.strictObject({
  /** Øre for amounts; a plain ratio or percent for the ratios. Null when it cannot be computed (no base). */
  value: z.number().nullable(),
  comparison: z.number().nullable(),
  /** (value − comparison) / |comparison| × 100, one decimal, by the one rule for changes; null where it says nothing. */
  change: z.number().nullable(),
  /**
   * Why the comparison is null, where it is not simply a period without data: against the budget, a
   * figure the budget does not give (a balance at the period's end) or a board without a budget.
   */
  comparisonReason: localizedText.optional(),
});

export { portfolioFigureIds };
export const portfolioFigureId = z.enum(portfolioFigureIds);

/**
 * A KPI of the library as a portfolio column: integers as GET /api/widgets/kpi has them (øre for an
 * amount, ten-thousandths otherwise), its comparison, and the change by the fixed figures' rule (an
 * amount in percent, any other unit as the difference).
 */
export const portfolioKpi = z.strictObject({
  value: z.number().nullable(),
  comparison: z.number().nullable(),
  change: z.number().nullable(),
  /** Why there is no value ('Sum driftsinntekter (3000–3999) er 0'), or null when there is one. */
  reason: localizedText.nullable(),
  /** Why the comparison is null against the budget: a KPI the budget cannot give, no budget, a budgeted base of 0. */
  comparisonReason: localizedText.optional(),
});

/** Where a value stands among the benchmark's: 1 below q1, 2 below the median, 3 to q3, 4 above q3; null for none. */
export const benchmarkPosition = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable();

/**
 * A column's quartiles over the boards of the benchmark group that have a value (linear interpolation
 * between closest ranks, as Excel's QUARTILE.INC); null when no board has one. Amounts and KPIs as
 * integers (half away from zero), the fixed ratios unrounded.
 */
const quartile = z.number().nullable();
export const benchmarkFigure = z.strictObject({
  q1: quartile,
  median: quartile,
  q3: quartile,
  /** The boards with a value: those without one are left out. */
  n: z.number().int(),
});

export const portfolioBenchmark = z.strictObject({
  /** 'all', or the tag whose boards the quartiles are over. */
  group: z.string(),
  /** By column: the fixed figures' ids and the KPI columns asked for. */
  figures: z.record(z.string(), benchmarkFigure),
});

export const portfolioRow = z.strictObject({
  groupId: z.string(),
  name: z.string(),
  /** The organisation numbers of the board's sources (those that state one). */
  orgNumbers: z.array(z.string()),
  role: z.string(),
  tags: z.array(z.string()),
  responsible: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  figures: z.record(portfolioFigureId, portfolioFigure),
  /** The KPI columns asked for (`kpis=`), by KPI id. */
  kpis: z.partialRecord(kpiId, portfolioKpi),
  /** Per column (figure or KPI id), where the row's value stands in the benchmark group. */
  positions: z.record(z.string(), benchmarkPosition),
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

/** The report packs sent from the boards whose figures have changed since (kept by the sync: report-packs/changed.ts). */
export const portfolioSentPacks = z.strictObject({
  /** Packs with a sent snapshot (each pack's latest counted). */
  sent: z.number().int(),
  /** Of those, the ones whose figures differ from the synced ledger now. */
  changed: z.number().int(),
  snapshots: z.array(
    z.strictObject({
      snapshotId: z.string(),
      groupId: z.string(),
      packId: z.string(),
      name: z.string(),
      /** How many of its figures moved. */
      figures: z.number().int(),
    }),
  ),
});

export const portfolio = z.strictObject({
  startDate: z.string(),
  endDate: z.string(),
  compare: z.enum(['previous', 'lastYear', 'budget']),
  /**
   * Whether the comparison asked for is given. Always true now that the budget is read too (a figure or
   * board the budget does not cover says why in its `comparisonReason`); kept for clients that read it.
   */
  comparisonAvailable: z.boolean(),
  /** The KPI columns of the answer, in the order asked for, with their unit. */
  kpis: z.array(z.strictObject({ id: kpiId, unit: kpiUnit })),
  benchmark: portfolioBenchmark,
  sentPacks: portfolioSentPacks,
  rows: z.array(portfolioRow),
});
