/** @jsxImportSource preact */

import type { EmployeesData } from '@saldo/contract';
import { isBooked } from '@saldo/contract/period/booked';
import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
import { formatNumber } from '../../core/format';
import type { SaldoLang } from '../../core/i18n';
import { widgetTitle, widgetWord } from '../../core/registry';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView } from '../../views/metric-view';

export interface EmployeesViewProps {
  state: WidgetState<EmployeesData>;
  lang: SaldoLang;
  theme?: string | undefined;
}

export function employeesMetric(data: EmployeesData, lang: SaldoLang): Metric {
  return {
    value: formatNumber(data.current),
    label: widgetWord('employees', 'employeesNow', lang),
    stats: [],
    note: data.source === 'payroll' ? widgetWord('employees', 'employeesEstimated', lang) : undefined,
    months: data.months.map((m) => m.month),
    series: [
      { label: widgetTitle('employees', lang), color: '--saldo-chart-result', values: data.months.map((m) => m.count) },
    ],
    format: formatNumber,
    bars: true,
    booked: data.months.map((m) => isBooked(m.month, data.lastBookedMonth)),
  };
}

/** Employees: the current head count and the count per month. */
export function EmployeesView({ state, lang, theme }: EmployeesViewProps) {
  return (
    <MetricView
      title={widgetTitle('employees', lang)}
      state={state}
      lang={lang}
      theme={theme}
      metric={state.status === 'data' ? employeesMetric(state.data, lang) : undefined}
    />
  );
}

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
export const SaldoEmployees = defineElement<EmployeesData>('saldo-employees', {
  request: (_, range) => widgetRequest('employees', range),
  isEmpty: (data) => !data?.current && !data?.months?.some((m) => m.count),
  render: (el, lang) => h(EmployeesView, { state: el.state, lang, theme: el.theme }),
});
export type SaldoEmployees = InstanceType<typeof SaldoEmployees>;
