/**
 * The shapes of the JSON API, shared with the SDK and the portal (the package's index exports them
 * all). Each response type is inferred from its zod schema (../schemas/*.ts), which the server checks
 * its answers against and writes its OpenAPI document from; every import here is type-only, so a
 * bundle that takes these types takes no zod. Their documentation is on the schemas' fields.
 * Money is integer øre; dates are ISO (yyyy-mm-dd), months yyyy-mm. No module of the contract imports
 * this barrel: each takes its types from the topic's own file (./reports.ts, ./widgets.ts, …), so the
 * modules the schemas are built from never reach back to the schemas through it.
 */

export type { BudgetIssue, BudgetIssueCode, BudgetWidgetLine } from '../budgets/budgets.ts';
export type { FigureId } from '../kpis/figures.ts';
export type { KpiUnit } from '../kpis/format.ts';
export type { KpiId } from '../kpis/kpis.ts';
export type { HealthWarning, Severity } from '../sources/data-health.ts';
export type { ImportWarning, ImportWarningCode } from '../sources/import-warnings.ts';
export type { SourceError, SourceErrorCode } from '../sources/source-errors.ts';
export type { WidgetConfiguration } from '../widgets/catalogue.ts';
export type { WidgetType } from '../widgets/registry.ts';
export type * from './account.ts';
export type * from './alerts.ts';
export type * from './audit.ts';
export type * from './billing.ts';
export type * from './boards.ts';
export type * from './common.ts';
export * from './constants.ts';
export type * from './firm.ts';
export type * from './observations.ts';
export type * from './portfolio.ts';
export type * from './reports.ts';
export type * from './requests.ts';
export type * from './templates.ts';
export type * from './widgets.ts';
