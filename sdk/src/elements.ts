import { SaldoBalanceSheet } from './reports/balance-sheet/balance-sheet';
import { SaldoCashFlow } from './reports/cash-flow/cash-flow';
import { SaldoProfitLoss } from './reports/profit-loss/profit-loss';
import { SaldoAiWidget } from './widgets/ai-widget/ai-widget';
import { SaldoBudget } from './widgets/budget/budget';
import { SaldoConsolidation } from './widgets/consolidation/consolidation';
import { SaldoCustomWidget } from './widgets/custom-widget/custom-widget';
import { SaldoEmployees } from './widgets/employees/employees';
import { SaldoKpi } from './widgets/kpi/kpi';
import { SaldoMrr } from './widgets/mrr/mrr';
import { SaldoTopCustomers } from './widgets/top-customers/top-customers';
import {
  SaldoLargestTransactions,
  SaldoTopExpenses,
  SaldoTopFiveExpenses,
  SaldoTopProducts,
  SaldoTopSuppliers,
} from './widgets/top-list/top-lists';
import { SaldoTurnover } from './widgets/turnover/turnover';

/** Every element of the SDK by tag: one tag per widget type of the catalogue, and per report. */
export const elements = {
  'saldo-top-customers': SaldoTopCustomers,
  'saldo-top-suppliers': SaldoTopSuppliers,
  'saldo-top-products': SaldoTopProducts,
  'saldo-top-expenses': SaldoTopExpenses,
  'saldo-largest-transactions': SaldoLargestTransactions,
  'saldo-top-five-expenses': SaldoTopFiveExpenses,
  'saldo-turnover': SaldoTurnover,
  'saldo-mrr': SaldoMrr,
  'saldo-employees': SaldoEmployees,
  'saldo-consolidation': SaldoConsolidation,
  'saldo-custom-widget': SaldoCustomWidget,
  'saldo-kpi': SaldoKpi,
  'saldo-budget': SaldoBudget,
  'saldo-ai-widget': SaldoAiWidget,
  'saldo-profit-loss': SaldoProfitLoss,
  'saldo-balance-sheet': SaldoBalanceSheet,
  'saldo-cash-flow': SaldoCashFlow,
} as const;

export type SaldoTag = keyof typeof elements;

export const tags = Object.keys(elements) as SaldoTag[];

/**
 * Defines every tag. A tag already defined (by another copy of the SDK on the page, or a
 * host that registered its own) is left alone rather than throwing.
 */
export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const tag of tags) {
    if (!registry.get(tag)) registry.define(tag, elements[tag]);
  }
}
