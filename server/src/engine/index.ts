// The pure report engine (postings to reports), importable by Storybook's fixtures and the fixture
// generator of the SDK's tests: no I/O, no Node APIs. The rows a person sees are built from its
// reports by @saldo/contract/statements.
export { buildBalanceSheet, type LedgerHistory } from './balance-sheet.ts';
export { buildCashFlow } from './cash-flow.ts';
export { balanceSheetLines, profitLossLines } from './lines.ts';
export { type AccountAmount, type AccountTitles, buildProfitLoss, type MonthlyMovement } from './profit-loss.ts';
