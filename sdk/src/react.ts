import { createComponent, type EventName } from '@lit/react';
import type { BalanceSheetReport, CashFlowReport, ProfitLossReport, TopListItem } from '@saldo/server/contract';
import * as React from 'react';
import type { SaldoDrillDetail, SaldoErrorDetail } from './core/types';
import { SaldoBalanceSheet as BalanceSheetElement } from './reports/balance-sheet/balance-sheet';
import { SaldoCashFlow as CashFlowElement } from './reports/cash-flow/cash-flow';
import { SaldoProfitLoss as ProfitLossElement } from './reports/profit-loss/profit-loss';
import { SaldoTopCustomers as TopCustomersElement } from './widgets/top-customers/top-customers';
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
