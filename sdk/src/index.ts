export { configure, SaldoApiError, type SaldoConfig } from './core/api-client';
export { formatAmount, formatDate, formatMonth, formatNumber, THOUSANDS_SEPARATOR } from './core/format';
export { messages, type SaldoLang } from './core/i18n';
export type { SaldoDrillDetail, SaldoErrorDetail, WidgetState } from './core/types';
export { SaldoElement } from './core/widget-element';
export { defineElements, elements, type SaldoTag, tags } from './elements';
export { SaldoProfitLoss } from './reports/profit-loss/profit-loss';
export { SaldoTopCustomers } from './widgets/top-customers/top-customers';
