import { SaldoBalanceSheet } from './reports/balance-sheet/balance-sheet';
import { SaldoCashFlow } from './reports/cash-flow/cash-flow';
import { SaldoProfitLoss } from './reports/profit-loss/profit-loss';
import { SaldoTopCustomers } from './widgets/top-customers/top-customers';

/** Every element of the SDK by tag: one tag per widget or report type. */
export const elements = {
  'saldo-top-customers': SaldoTopCustomers,
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
