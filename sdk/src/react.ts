import { createComponent, type EventName } from '@lit/react';
import type {
  BalanceSheetReport,
  BudgetWidgetData,
  CashFlowReport,
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  KpiData,
  MrrData,
  ProfitLossReport,
  TopFiveExpense,
  TopListItem,
  TopRow,
  TurnoverData,
} from '@saldo/contract';
import * as React from 'react';
import type { SaldoDrillDetail, SaldoErrorDetail } from './core/types';
import { SaldoBalanceSheet as BalanceSheetElement } from './reports/balance-sheet/balance-sheet';
import { SaldoCashFlow as CashFlowElement } from './reports/cash-flow/cash-flow';
import { SaldoProfitLoss as ProfitLossElement } from './reports/profit-loss/profit-loss';
import { SaldoAiWidget as AiWidgetElement } from './widgets/ai-widget/ai-widget';
import type { AiWidgetData } from './widgets/ai-widget/ai-widget-view';
import { SaldoBudget as BudgetElement } from './widgets/budget/budget';
import { SaldoConsolidation as ConsolidationElement } from './widgets/consolidation/consolidation';
import { SaldoCustomWidget as CustomWidgetElement } from './widgets/custom-widget/custom-widget';
import { SaldoEmployees as EmployeesElement } from './widgets/employees/employees';
import { SaldoKpi as KpiElement } from './widgets/kpi/kpi';
import { SaldoMrr as MrrElement } from './widgets/mrr/mrr';
import { SaldoTopCustomers as TopCustomersElement } from './widgets/top-customers/top-customers';
import {
  SaldoLargestTransactions as LargestTransactionsElement,
  SaldoTopExpenses as TopExpensesElement,
  SaldoTopFiveExpenses as TopFiveExpensesElement,
  SaldoTopProducts as TopProductsElement,
  SaldoTopSuppliers as TopSuppliersElement,
} from './widgets/top-list/top-lists';
import { SaldoTurnover as TurnoverElement } from './widgets/turnover/turnover';
// The wrappers render the tags, so they must be defined whatever else the app imports.
import './register';

function events<T>() {
  return {
    onSaldoReady: 'saldo-ready' as EventName<CustomEvent<T>>,
    onSaldoError: 'saldo-error' as EventName<CustomEvent<SaldoErrorDetail>>,
    onSaldoDrill: 'saldo-drill' as EventName<CustomEvent<SaldoDrillDetail>>,
  };
}

/** React wrapper of `<saldo-top-customers>`; props are set as element properties. */
export const SaldoTopCustomers = createComponent({
  tagName: 'saldo-top-customers',
  elementClass: TopCustomersElement,
  react: React,
  events: events<TopListItem[]>(),
});

/** React wrapper of `<saldo-top-suppliers>`. */
export const SaldoTopSuppliers = createComponent({
  tagName: 'saldo-top-suppliers',
  elementClass: TopSuppliersElement,
  react: React,
  events: events<TopRow[]>(),
});

/** React wrapper of `<saldo-top-products>`. */
export const SaldoTopProducts = createComponent({
  tagName: 'saldo-top-products',
  elementClass: TopProductsElement,
  react: React,
  events: events<TopRow[]>(),
});

/** React wrapper of `<saldo-top-expenses>`. */
export const SaldoTopExpenses = createComponent({
  tagName: 'saldo-top-expenses',
  elementClass: TopExpensesElement,
  react: React,
  events: events<TopRow[]>(),
});

/** React wrapper of `<saldo-largest-transactions>`. */
export const SaldoLargestTransactions = createComponent({
  tagName: 'saldo-largest-transactions',
  elementClass: LargestTransactionsElement,
  react: React,
  events: events<TopRow[]>(),
});

/** React wrapper of `<saldo-top-five-expenses>`. */
export const SaldoTopFiveExpenses = createComponent({
  tagName: 'saldo-top-five-expenses',
  elementClass: TopFiveExpensesElement,
  react: React,
  events: events<TopFiveExpense[]>(),
});

/** React wrapper of `<saldo-turnover>`. */
export const SaldoTurnover = createComponent({
  tagName: 'saldo-turnover',
  elementClass: TurnoverElement,
  react: React,
  events: events<TurnoverData>(),
});

/** React wrapper of `<saldo-mrr>`. */
export const SaldoMrr = createComponent({
  tagName: 'saldo-mrr',
  elementClass: MrrElement,
  react: React,
  events: events<MrrData>(),
});

/** React wrapper of `<saldo-employees>`. */
export const SaldoEmployees = createComponent({
  tagName: 'saldo-employees',
  elementClass: EmployeesElement,
  react: React,
  events: events<EmployeesData>(),
});

/** React wrapper of `<saldo-consolidation>`. */
export const SaldoConsolidation = createComponent({
  tagName: 'saldo-consolidation',
  elementClass: ConsolidationElement,
  react: React,
  events: events<ConsolidationWidgetData>(),
});

/** React wrapper of `<saldo-custom-widget>`; pass the id as `widgetId`. */
export const SaldoCustomWidget = createComponent({
  tagName: 'saldo-custom-widget',
  elementClass: CustomWidgetElement,
  react: React,
  events: events<CustomWidgetData>(),
});

/** React wrapper of `<saldo-kpi>`; choose the KPI with `kpi`. */
export const SaldoKpi = createComponent({
  tagName: 'saldo-kpi',
  elementClass: KpiElement,
  react: React,
  events: events<KpiData>(),
});

/** React wrapper of `<saldo-budget>`; choose the line with `line`. */
export const SaldoBudget = createComponent({
  tagName: 'saldo-budget',
  elementClass: BudgetElement,
  react: React,
  events: events<BudgetWidgetData>(),
});

/** React wrapper of `<saldo-ai-widget>`; pass the id as `queryId`. */
export const SaldoAiWidget = createComponent({
  tagName: 'saldo-ai-widget',
  elementClass: AiWidgetElement,
  react: React,
  events: events<AiWidgetData>(),
});

/** React wrapper of `<saldo-profit-loss>`. */
export const SaldoProfitLoss = createComponent({
  tagName: 'saldo-profit-loss',
  elementClass: ProfitLossElement,
  react: React,
  events: events<ProfitLossReport>(),
});

/** React wrapper of `<saldo-balance-sheet>`. */
export const SaldoBalanceSheet = createComponent({
  tagName: 'saldo-balance-sheet',
  elementClass: BalanceSheetElement,
  react: React,
  events: events<BalanceSheetReport>(),
});

/** React wrapper of `<saldo-cash-flow>`. */
export const SaldoCashFlow = createComponent({
  tagName: 'saldo-cash-flow',
  elementClass: CashFlowElement,
  react: React,
  events: events<CashFlowReport>(),
});

export type { SaldoDrillDetail, SaldoErrorDetail } from './core/types';
