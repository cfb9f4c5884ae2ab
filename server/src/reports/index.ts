// The pure report engine, importable by the SDK's tests and Storybook: no I/O, no Node APIs.
export { profitLossLines } from './lines.ts';
export { type AccountTitles, buildProfitLoss, type MonthlyMovement } from './profit-loss.ts';
