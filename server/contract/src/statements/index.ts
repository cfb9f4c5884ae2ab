// The statements' rows as a person sees them: built from the API's reports, footed, shared by the
// SDK's tables and the exports.
export {
  type BalanceSheetGroupRow,
  type BalanceSheetItemRow,
  type BalanceSheetModel,
  type BalanceSheetSectionBlock,
  type BalanceSheetSide,
  type BalanceSheetSumKey,
  type BalanceSheetSumRow,
  buildBalanceSheetModel,
} from './balance-sheet-model.ts';
export {
  buildCashFlowModel,
  type CashFlowBalanceRow,
  type CashFlowGroupRow,
  type CashFlowLineRow,
  type CashFlowModel,
} from './cash-flow-model.ts';
export {
  CASH_FLOW_HEADING,
  CASH_FLOW_NET,
  STATEMENT_LABELS,
  type StatementLabel,
  statementLabel,
} from './labels.ts';
export { pairWithComparison } from './pair-lines.ts';
export {
  type AccountRow,
  accountLabel,
  buildProfitLossModel,
  type GroupRow,
  groupOf,
  type ProfitLossModel,
  type ProfitLossSectionKey,
  type ResultKey,
  type ResultRow,
  type SectionRow,
  shareOfRevenue,
  shownAccountTotals,
} from './profit-loss-model.ts';
export { withResultBeforeTax } from './shared-figures.ts';
export {
  type ConsolidationColumn,
  footConsolidation,
  footedParts,
  turnoverShown,
} from './widget-footing.ts';
