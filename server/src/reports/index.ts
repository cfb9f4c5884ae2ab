// The pure report engine, importable by the SDK's tests and Storybook: no I/O, no Node APIs.
export { buildBalanceSheet, type LedgerHistory } from './balance-sheet.ts';
export { buildCashFlow } from './cash-flow.ts';
export { comparisonRange, defaultRange, endOfMonth, shiftMonths } from './default-range.ts';
export { balanceSheetLines, profitLossLines } from './lines.ts';
export { type AccountAmount, type AccountTitles, buildProfitLoss, type MonthlyMovement } from './profit-loss.ts';
export {
  type AccountRow,
  accountLabel,
  buildProfitLossModel,
  type GroupRow,
  groupOf,
  type ProfitLossModel,
  type ResultKey,
  type ResultRow,
} from './profit-loss-model.ts';
