/**
 * The small pieces the API's response schemas share. Runtime zod: only the server, its tests and the
 * portal import these modules; the SDK and types.ts reach them with `import type` alone, so zod never
 * lands in an element's bundle.
 */
import { z } from 'zod';
import type { BudgetIssue, BudgetWidgetLine } from '../budgets/budgets.ts';
import { type FigureId, figureIds } from '../kpis/figures.ts';
import type { KpiUnit } from '../kpis/format.ts';
import { type KpiId, kpiIds } from '../kpis/kpis.ts';
import type { LocalizedText } from '../numbers/format.ts';
import type { HealthWarning } from '../sources/data-health.ts';
import { type ImportWarning, isImportWarningCode } from '../sources/import-warnings.ts';
import { isSourceErrorCode, type SourceError } from '../sources/source-errors.ts';
import { PROFIT_LOSS_GROUP_IDS } from '../statements/chart.ts';

export const localizedText = z.strictObject({ en: z.string(), no: z.string() }) satisfies z.ZodType<LocalizedText>;

export const userLanguage = z.enum(['nor', 'en']);

export const severity = z.enum(['error', 'warning', 'info']);

export const figureId = z.enum(figureIds as [FigureId, ...FigureId[]]);
export const kpiId = z.enum(kpiIds as [KpiId, ...KpiId[]]);
export const kpiUnit = z.enum(['amount', 'percent', 'ratio', 'days', 'times', 'months'] satisfies KpiUnit[]);
export const columnKind = z.enum(['text', 'amount', 'number', 'percent', 'ratio', 'date']);

export const profitLossGroupId = z.enum(PROFIT_LOSS_GROUP_IDS);

export const budgetWidgetLine = z.enum([
  ...profitLossGroupId.options,
  'operatingResult',
  'resultBeforeTax',
  'result',
] satisfies BudgetWidgetLine[]);

const params = z.record(z.string(), z.unknown());

/**
 * A coded message (import warning, source error) with its parameters. The parameters' shape per
 * code is the code's own module's type (import-warnings.ts, source-errors.ts); here the code is
 * checked against its list and the parameters are an object.
 */
export const importWarning = z.strictObject({
  code: z.string().refine(isImportWarningCode, 'not an import warning code'),
  params,
}) as unknown as z.ZodType<ImportWarning>;

export const sourceError = z.strictObject({
  code: z.string().refine(isSourceErrorCode, 'not a source error code'),
  params,
}) as unknown as z.ZodType<SourceError>;

export const healthWarning = z.strictObject({
  code: z.string().refine(isImportWarningCode, 'not an import warning code'),
  params,
  severity,
  accounts: z.array(z.string()),
  party: z.string().nullable(),
  amount: z.number().int().nullable(),
}) as unknown as z.ZodType<HealthWarning>;

export const budgetIssue = z.strictObject({
  code: z.string().startsWith('BUDGET_'),
  row: z.number().int().optional(),
  column: z.number().int().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
}) as unknown as z.ZodType<BudgetIssue>;

/** Money: integer øre. */
export const ore = z.number().int();

/**
 * Which months of an answer are booked. `lastBookedMonth` is the last month with postings in any of
 * the board's sources (yyyy-mm), or null when nothing is booked. Months of the period after it are
 * not yet booked: their figures are 0 in the API and are shown as "not yet booked", never as zeros,
 * and comparisons cover the booked months only (like for like). The API always sets it; data it did
 * not make (stories, tests) may leave it out, and then every month counts as booked.
 */
export const booked = {
  lastBookedMonth: z.string().nullable().optional(),
  /**
   * On a comparison: how many of its months have postings on any account. 0 means there is nothing to
   * compare with (shown as '–', no figure, change or %); fewer than its months, a partly booked one.
   */
  bookedMonths: z.number().int().min(0).optional(),
  /**
   * Months of the answer (yyyy-mm, in order) whose figures are a file's opening balances, not postings
   * of that month: a file that starts mid-year opens with the balances, and on its P&L accounts the
   * result, before its first period, booked at the close of the month before it. Such a month is
   * shown with a note saying so ("Fra filens inngående balanse"), never as that month's activity.
   * Absent when the answer shows no such month.
   */
  openingMonths: z.array(z.string()).optional(),
};
export const bookedMonths = z.strictObject(booked);

/** Compare a report with the period before it, or with the same period a year earlier. */
export const comparison = z.enum(['previous', 'lastYear']);

/**
 * What a statement can be compared with: another period, last year's end ('yearEnd': the whole fiscal
 * year before the one holding the period's end, range.ts's yearEndRange; a balance sheet at its last
 * day, a P&L or cash flow its totals), or the board's budget. Widgets compare with another period only.
 */
export const reportComparison = z.enum([...comparison.options, 'yearEnd', 'budget']);

export const view = z.enum(['single', 'comparison']);
export const lang = z.enum(['nor', 'en']);
