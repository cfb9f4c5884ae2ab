import type { ProfitLossReport } from '@saldo/contract';
import { h } from 'preact';
import { defineElement, type ReportAttributes } from '../../core/define-element';
import { chartProps, statementSpec } from '../shared/statement-element';
import { isProfitLossEmpty } from './profit-loss-model';
import { ProfitLossView } from './profit-loss-view';

/**
 * `<saldo-profit-loss>`: the profit and loss statement month by month, with a chart of
 * revenue, costs and operating result. Groups expand to their accounts.
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
 *   'budget': the board's budget for the same booked months, the variance and the variance %
 * @attr show-share - present: a column with each line's share of the operating income (Sum driftsinntekter)
 *
 * @fires saldo-ready - `detail`: the `ProfitLossReport` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a figure was clicked (an account, a line or a subtotal, in a month, the period or
 *   the comparison column); `detail`: `SaldoDrillDetail` `{ kind, title, origin: 'profit-loss', from, to,
 *   column, accounts, accountId?, number?, group?, key?, sign: -1 }`
 *
 * @csspart title - the heading
 * @csspart chart - the chart container
 * @csspart table - the table
 * @csspart row - every body row (also `group-row`, `account-row` or `result-row`)
 * @csspart amount - every amount cell (also `total` in the Total column, `comparison` and `change`
 *   in the comparison columns)
 * @csspart total-header - the Total column's heading (with the Total cells, it stays in view at the right
 *   edge while the months scroll)
 * @csspart share - a cell of the share column (show-share); `share-header` its heading
 * @csspart comparison-header - the comparison column's heading (also `change-header`, and against a
 *   budget `change-percent-header` over the `change-percent` cells)
 * @csspart opening-header - a month column whose figures are a file's opening balances (marked *)
 * @csspart opening-note - the note under the table naming such months: no postings of that month
 * @csspart status - loading, empty and error messages
 */
export const SaldoProfitLoss = defineElement<ProfitLossReport, ReportAttributes & { showShare: boolean }>(
  'saldo-profit-loss',
  statementSpec<ProfitLossReport, ReportAttributes & { showShare: boolean }>(
    '/api/profit-loss',
    isProfitLossEmpty,
    (props, el) => h(ProfitLossView, { ...props, ...chartProps(el), showShare: el.showShare === true }),
    { showShare: { type: Boolean, attribute: 'show-share' } },
  ),
);
export type SaldoProfitLoss = InstanceType<typeof SaldoProfitLoss>;
