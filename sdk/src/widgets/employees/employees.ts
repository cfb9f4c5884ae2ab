import type { EmployeesData } from '@saldo/contract';
import { h } from 'preact';
import { normalizeLang } from '../../core/i18n';
import { widgetPath } from '../../core/registry';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { EmployeesView } from './employees-view';

/**
 * `<saldo-employees>`: the current number of employees and the count per month (estimated from
 * salary postings when the source has no employee data, which the widget says).
 * It fires no `saldo-drill`: a head count is people in work from the sources' employments, master data
 * with no postings; the payroll estimate counts salary postings, a count no postings could add up to.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 *
 * @fires saldo-ready - `detail`: the `EmployeesData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart value - the headline figure
 * @csspart label - what the headline figure is
 * @csspart stats - the figures beside it (each a `stat`, its figure `stat-value`)
 * @csspart chart - the small chart
 * @csspart months - the folded months table (its `table`, `row` and `amount` cells)
 * @csspart status - loading, empty and error messages
 * @csspart note - the remark that the count is estimated from payroll
 */
export class SaldoEmployees extends SaldoElement<EmployeesData> {
  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<EmployeesData> {
    return this.fetchData(widgetPath('employees'), { groupId: board, startDate: from, endDate: to }, board, signal);
  }

  protected override isEmpty(data: EmployeesData): boolean {
    return !data?.current && !data?.months?.some((m) => m.count);
  }

  protected override renderView() {
    return h(EmployeesView, { state: this.state, lang: normalizeLang(this.lang), theme: this.theme });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'saldo-employees': SaldoEmployees;
  }
}
