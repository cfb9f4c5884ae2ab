/**
 * The statements, postings, consolidations and budgets: their answers. Inferred from their zod schemas
 * (../schemas/reports.ts, where their fields are described); type-only, so a bundle that takes them takes no zod.
 */
import type { z } from 'zod';
import type * as reports from '../schemas/reports.ts';

export type ProfitLossSubItem = z.infer<typeof reports.profitLossSubItem>;
export type ProfitLossGroup = z.infer<typeof reports.profitLossGroup>;
export type ProfitLossPeriod = z.infer<typeof reports.profitLossPeriod>;
export type ProfitLossMonth = z.infer<typeof reports.profitLossMonth>;
export type ProfitLossReport = z.infer<typeof reports.profitLossReport>;
export type BalanceSheetGroupId = z.infer<typeof reports.balanceSheetGroupId>;
export type BalanceSheetSection = z.infer<typeof reports.balanceSheetSection>;
export type BalanceSheetSubItem = z.infer<typeof reports.balanceSheetSubItem>;
export type BalanceSheetGroup = z.infer<typeof reports.balanceSheetGroup>;
export type BalanceSheetMonth = z.infer<typeof reports.balanceSheetMonth>;
export type BalanceSheetReport = z.infer<typeof reports.balanceSheetReport>;
export type CashFlowGroupId = z.infer<typeof reports.cashFlowGroupId>;
export type CashFlowSubItem = z.infer<typeof reports.cashFlowSubItem>;
export type CashFlowGroup = z.infer<typeof reports.cashFlowGroup>;
export type CashFlowMonth = z.infer<typeof reports.cashFlowMonth>;
export type CashFlowReport = z.infer<typeof reports.cashFlowReport>;
export type PostingRow = z.infer<typeof reports.postingRow>;
export type PostingsPage = z.infer<typeof reports.postingsPage>;
export type Consolidation = z.infer<typeof reports.consolidation>;
export type BudgetWidgetData = z.infer<typeof reports.budgetWidgetData>;
export type BudgetRow = z.infer<typeof reports.budgetRow>;
export type BudgetYear = z.infer<typeof reports.budgetYear>;
export type BudgetImportResult = z.infer<typeof reports.budgetImportResult>;
export type BudgetImportRefusal = z.infer<typeof reports.budgetImportRefusal>;
