/** @jsxImportSource preact */
import type { EmployeesData } from '@saldo/server/contract';
import { isBooked } from '@saldo/server/reports';
import { formatNumber } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
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
    label: t(lang, 'employeesNow'),
    stats: [],
    note: data.source === 'payroll' ? t(lang, 'employeesEstimated') : undefined,
    months: data.months.map((m) => m.month),
    series: [
      { label: t(lang, 'employeesTitle'), color: '--saldo-chart-result', values: data.months.map((m) => m.count) },
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
      title={t(lang, 'employeesTitle')}
      state={state}
      lang={lang}
      theme={theme}
      metric={state.status === 'data' ? employeesMetric(state.data, lang) : undefined}
    />
  );
}
