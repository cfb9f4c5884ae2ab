import type { BudgetWidgetData } from '@saldo/contract';
import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
import { BudgetView } from './budget-view';

/**
 * `<saldo-budget>`: a line of the profit and loss against the board's budget, month by month: the
 * actual figures as bars, the budget as a line, and the variance over the booked months.
 *
 * @attr line - the line: 'salesRevenue' (default), 'otherOperatingIncome', 'costOfGoods', 'payroll',
 *   'depreciation', 'otherOperatingExpenses', 'financialIncome', 'financialExpenses', 'tax',
 *   'operatingResult', 'resultBeforeTax' or 'result'
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 *
 * @fires saldo-ready - `detail`: the `BudgetWidgetData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart value - the headline figure (the actual figure of the booked months)
 * @csspart label - what the headline figure is
 * @csspart stats - budget, variance and variance % (each a `stat`, its figure `stat-value`)
 * @csspart note - said when the board has no budget for the period
 * @csspart chart - actual by month (bars) and the budget (line)
 * @csspart months - the folded months table (its `table`, `row` and `amount` cells)
 * @csspart status - loading, empty and error messages
 */
export const SaldoBudget = defineElement<BudgetWidgetData, { line: string | undefined }>('saldo-budget', {
  properties: { line: { type: String } },
  request: (el, range) => widgetRequest('budget', range, { line: el.line }),
  isEmpty: (data) => !data?.hasBudget && !(data?.months ?? []).some((m) => m.actual !== 0),
  render: (el, lang) => h(BudgetView, { state: el.state, lang, theme: el.theme }),
});
export type SaldoBudget = InstanceType<typeof SaldoBudget>;
