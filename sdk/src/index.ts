export { configure, SaldoApiError, type SaldoConfig } from './core/api-client';
export {
  formatAmount,
  formatDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPeriod,
  THOUSANDS_SEPARATOR,
} from './core/format';
export { messages, type SaldoLang } from './core/i18n';
export { SaldoReportElement } from './core/report-element';
export type { SaldoDrillDetail, SaldoErrorDetail, WidgetState } from './core/types';
export { SaldoElement } from './core/widget-element';
export { defineElements, elements, type SaldoTag, tags } from './elements';
export { SaldoBalanceSheet } from './reports/balance-sheet/balance-sheet';
export { SaldoCashFlow } from './reports/cash-flow/cash-flow';
export { SaldoProfitLoss } from './reports/profit-loss/profit-loss';
export { SaldoAiWidget } from './widgets/ai-widget/ai-widget';
export type { AiWidgetData } from './widgets/ai-widget/ai-widget-view';
export { SaldoBudget } from './widgets/budget/budget';
export { SaldoConsolidation } from './widgets/consolidation/consolidation';
export { SaldoCustomWidget } from './widgets/custom-widget/custom-widget';
export { SaldoEmployees } from './widgets/employees/employees';
export { SaldoKpi } from './widgets/kpi/kpi';
export { SaldoMrr } from './widgets/mrr/mrr';
export { SaldoTopCustomers } from './widgets/top-customers/top-customers';
export { SaldoTopList, topLists } from './widgets/top-list/top-list';
export type { TopListSpec } from './widgets/top-list/top-list-view';
export {
  SaldoLargestTransactions,
  SaldoTopExpenses,
  SaldoTopFiveExpenses,
  SaldoTopProducts,
  SaldoTopSuppliers,
} from './widgets/top-list/top-lists';
export { SaldoTurnover } from './widgets/turnover/turnover';
