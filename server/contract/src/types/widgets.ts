/**
 * The widgets' data and custom widgets: their answers. Inferred from their zod schemas
 * (../schemas/widgets.ts, where their fields are described); type-only, so a bundle that takes them takes no zod.
 */
import type { z } from 'zod';
import type * as widgets from '../schemas/widgets.ts';

export type TopListItem = z.infer<typeof widgets.topListItem>;
export type TopRow = z.infer<typeof widgets.topRow>;
export type TopFiveExpense = z.infer<typeof widgets.topFiveExpense>;
export type MonthAmount = z.infer<typeof widgets.monthAmount>;
export type TurnoverData = z.infer<typeof widgets.turnoverData>;
export type MrrMonth = z.infer<typeof widgets.mrrMonth>;
export type MrrData = z.infer<typeof widgets.mrrData>;
export type EmployeeCountMonth = z.infer<typeof widgets.employeeCountMonth>;
export type EmployeesData = z.infer<typeof widgets.employeesData>;
export type ConsolidationWidgetData = z.infer<typeof widgets.consolidationWidgetData>;
export type AccountPattern = z.infer<typeof widgets.accountPattern>;
export type StatementLineRef = z.infer<typeof widgets.statementLineRef>;
export type RatioOperand = z.infer<typeof widgets.ratioOperand>;
export type CustomWidget = z.infer<typeof widgets.customWidget>;
export type AccountSearchResult = z.infer<typeof widgets.accountSearchResult>;
export type CustomWidgetComparison = z.infer<typeof widgets.customWidgetComparison>;
export type CustomWidgetData = z.infer<typeof widgets.customWidgetData>;
export type KpiPart = z.infer<typeof widgets.kpiPart>;
export type KpiTerm = z.infer<typeof widgets.kpiTerm>;
export type KpiData = z.infer<typeof widgets.kpiData>;
export type BoardPreference = z.infer<typeof widgets.boardPreference>;
