export { configure, SaldoApiError, type SaldoConfig } from './core/api-client';
export {
  formatAmount,
  formatDate,
  formatMonth,
  formatNumber,
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
export { SaldoTopCustomers } from './widgets/top-customers/top-customers';
