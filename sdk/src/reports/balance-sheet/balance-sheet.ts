import type { BalanceSheetReport } from '@saldo/contract';
import { h } from 'preact';
import { defineElement, type ReportAttributes } from '../../core/define-element';
import { statementSpec } from '../shared/statement-element';
import { isBalanceSheetEmpty } from './balance-sheet-model';
import { BalanceSheetView } from './balance-sheet-view';

/**
 * `<saldo-balance-sheet>`: the balance at each month end, assets against equity and
 * liabilities. Groups expand to their accounts; a source that does not balance shows its
 * difference and a warning.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'months' (default: one column per month end) or 'total' (only the last month end)
 * @attr compare - 'previous' or 'lastYear': adds the comparison period's last month end and the change;
 *   'yearEnd': the usual layout, the period end beside last year's end (the last day of the fiscal year
 *   before the one holding the period's end) and the change;
 *   'budget': the board's budgeted balance at the last month end (the actual balance at 1 January plus the
 *   budgeted movements), the variance and the variance %, and a notice when the budget does not balance
 *
 * @fires saldo-ready - `detail`: the `BalanceSheetReport` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a balance was clicked (an account, a line or a sum at a month end); `detail`:
 *   `SaldoDrillDetail` `{ kind, title, origin: 'balance-sheet', from, to, column, accounts, accountId?,
 *   number?, group?, key?, sign, balance: true }`: the opening balance at `from` plus the postings of the
 *   month is the figure
 *
 * @csspart title - the heading
 * @csspart warning - the message shown when the balance sheet or its compared budget does not balance (the
 *   budget's also `budget-warning`)
 * @csspart table - the table
 * @csspart row - every body row (also `section-row`, `subsection-row` for the parts' headings,
 *   `group-row`, `account-row`, `result-row`; `difference-row` for the difference)
 * @csspart amount - every amount cell (also `comparison` and `change` in the comparison columns)
 * @csspart comparison-header - the comparison column's heading (also `change-header`)
 * @csspart opening-header - a month column whose figures are a file's opening balances (marked *)
 * @csspart opening-note - the note under the table naming such months: no postings of that month
 * @csspart status - loading, empty and error messages
 */
export const SaldoBalanceSheet = defineElement<BalanceSheetReport, ReportAttributes>(
  'saldo-balance-sheet',
  statementSpec<BalanceSheetReport>('/api/balance-sheet', isBalanceSheetEmpty, (props) => h(BalanceSheetView, props)),
);
export type SaldoBalanceSheet = InstanceType<typeof SaldoBalanceSheet>;
