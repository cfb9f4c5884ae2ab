import type { BalanceSheetReport, CashFlowReport, ProfitLossReport, TopListItem } from '@saldo/contract';
import statements from './statements.json';

/** Contract-shaped data for unit tests (amounts in øre). */
export const topCustomers: TopListItem[] = [
  { _id: 'c1', name: 'Fjord Fisk AS', amount: 123_456_789 },
  { _id: 'c2', name: 'Nordlys Bygg AS', amount: 61_728_394 },
  { _id: 'c3', name: 'Kafé Bønna', amount: 150 },
];

// The statements below come out of the server's report engine, written to statements.json by
// server/test-tools/sdk-fixtures (a server test keeps the file current), so they have the API's shape.
export const profitLoss = statements.profitLoss as ProfitLossReport;
/** What the API answers for a month without postings. */
export const emptyProfitLoss = statements.emptyProfitLoss as ProfitLossReport;
export const profitLossWithComparison = statements.profitLossWithComparison as ProfitLossReport;
export const balanceSheet = statements.balanceSheet as BalanceSheetReport;
export const balanceSheetWithComparison = statements.balanceSheetWithComparison as BalanceSheetReport;
/** A source whose opening balances do not net to zero (10 000 kr of bank with no other side). */
export const unbalancedBalanceSheet = statements.unbalancedBalanceSheet as BalanceSheetReport;
/** A period before the company had any postings or balances. */
export const emptyBalanceSheet = statements.emptyBalanceSheet as BalanceSheetReport;
export const cashFlow = statements.cashFlow as CashFlowReport;
export const cashFlowWithComparison = statements.cashFlowWithComparison as CashFlowReport;
export const emptyCashFlow = statements.emptyCashFlow as CashFlowReport;

/** A response with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Waits for pending promise callbacks and timers of zero delay. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Waits until Preact has run its effects: it runs them after the next frame (requestAnimationFrame,
 * then a zero timer), which a zero timer alone does not wait for. Its frame callback is queued before
 * this one, so its timer fires first.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
export * from './widget-fixtures';
