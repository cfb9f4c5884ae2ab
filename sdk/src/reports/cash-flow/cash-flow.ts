import type { CashFlowReport } from '@saldo/contract';
import { h } from 'preact';
import { defineElement, type ReportAttributes } from '../../core/define-element';
import { chartProps, statementSpec } from '../shared/statement-element';
import { isCashFlowEmpty } from './cash-flow-model';
import { CashFlowView } from './cash-flow-view';

/**
 * `<saldo-cash-flow>`: the cash flow statement (indirect method) month by month: operating,
 * investing and financing activities, each with its lines and its net, the net change, and cash at
 * the start and end of each month, with a chart of cash at each month end.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'months' (default: chart + one column per month + Total), 'total' (only the
 *   Total column, no chart) or 'table' (month columns, no chart)
 * @attr compare - 'previous' or 'lastYear': adds the comparison period's total and the change;
 *   'yearEnd': the previous fiscal year's total (the whole year before the one holding the period's end);
 *   'budget': the budgeted cash flow of the same booked months, the variance and the variance %, and a
 *   notice when the budget does not balance
 *
 * @fires saldo-ready - `detail`: the `CashFlowReport` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a figure was clicked (a line, a section's net, the net change or the cash at the
 *   start or end); `detail`: `SaldoDrillDetail` `{ kind, title, origin: 'cash-flow', from, to, column,
 *   accounts, group?, key, sign, balance? }`
 *
 * @csspart title - the heading
 * @csspart warning - the notice shown when the compared budget does not balance (also `budget-warning`)
 * @csspart chart - the chart container
 * @csspart table - the table
 * @csspart row - every body row (also `section-row` for the headings, `line-row` or `result-row`)
 * @csspart amount - every amount cell (also `total` in the Total column, `comparison` and `change`
 *   in the comparison columns)
 * @csspart total-header - the Total column's heading (with the Total cells, it stays in view at the right
 *   edge while the months scroll)
 * @csspart comparison-header - the comparison column's heading (also `change-header`)
 * @csspart opening-header - a month column whose figures are a file's opening balances (marked *)
 * @csspart opening-note - the note under the table naming such months: no postings of that month
 * @csspart status - loading, empty and error messages
 */
export const SaldoCashFlow = defineElement<CashFlowReport, ReportAttributes>(
  'saldo-cash-flow',
  statementSpec<CashFlowReport>('/api/cashflow', isCashFlowEmpty, (props, el) =>
    h(CashFlowView, { ...props, ...chartProps(el) }),
  ),
);
export type SaldoCashFlow = InstanceType<typeof SaldoCashFlow>;
