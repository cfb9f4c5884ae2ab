// The statements' row models and views, for tests outside the SDK that feed them reports of the
// server's engine (the portal's statement-footing test): the SDK itself must not depend on the server.
export { balanceSheetLines } from '../reports/balance-sheet/balance-sheet-model';
export { BalanceSheetView } from '../reports/balance-sheet/balance-sheet-view';
export { cashFlowLines } from '../reports/cash-flow/cash-flow-model';
export { CashFlowView } from '../reports/cash-flow/cash-flow-view';
export { profitLossLines } from '../reports/profit-loss/profit-loss-model';
export { ProfitLossView } from '../reports/profit-loss/profit-loss-view';
export { type Line, withComparison } from '../reports/shared/statement';
