// The pure report engine, importable by the SDK's tests and Storybook: no I/O, no Node APIs.
export { buildBalanceSheet, type LedgerHistory } from './balance-sheet.ts';
export {
  type BalanceSheetGroupRow,
  type BalanceSheetItemRow,
  type BalanceSheetModel,
  type BalanceSheetSide,
  type BalanceSheetSumRow,
  buildBalanceSheetModel,
} from './balance-sheet-model.ts';
export { bookedPart, isBooked, likeForLikeRange } from './booked.ts';
export { buildCashFlow } from './cash-flow.ts';
export {
  buildCashFlowModel,
  type CashFlowBalanceRow,
  type CashFlowGroupRow,
  type CashFlowLineRow,
  type CashFlowModel,
} from './cash-flow-model.ts';
export { comparisonRange, defaultRange, endOfMonth, shiftMonths } from './default-range.ts';
export {
  type Column,
  type Footed,
  type FootingNode,
  footParts,
  footRows,
  footTree,
  oreToKroner,
  type RowTree,
  roundHalfAway,
  type ShownRow,
} from './footing.ts';
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
export { type ConsolidationColumn, footConsolidation, footedParts } from './widget-footing.ts';
