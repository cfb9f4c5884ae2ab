/** @jsxImportSource preact */

import type { BudgetWidgetData } from '@saldo/contract';
import { isBooked } from '@saldo/contract/period/booked';
import { footedParts } from '@saldo/contract/statements/index';
import { formatNumber, formatPercent, formatPeriod, oreToUnits } from '../../core/format';
import { localized, type SaldoLang, t } from '../../core/i18n';
import { widgetTitle, widgetWord } from '../../core/registry';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView, toneOf } from '../../views/metric-view';

export interface BudgetViewProps {
  state: WidgetState<BudgetWidgetData>;
  lang: SaldoLang;
  theme?: string | undefined;
}

export function budgetMetric(data: BudgetWidgetData, lang: SaldoLang): Metric {
  const booked = data.months.map((m) => isBooked(m.month, data.lastBookedMonth));
  // The booked months footed against the totals shown above them; later months' budget as it rounds.
  const foot = (key: 'actual' | 'budget', total: number) => {
    const parts = footedParts(
      data.months.filter((_, i) => booked[i]).map((m) => m[key]),
      total,
    );
    let at = 0;
    return {
      total: parts.total,
      months: data.months.map((m, i) => (booked[i] ? parts.parts[at++]! : oreToUnits(m[key]))),
    };
  };
  const actual = foot('actual', data.actual);
  const budget = foot('budget', data.budget);
  const variance = actual.total - budget.total;
  // The headline is the booked months' actual figure: its label names them.
  const bookedMonths = data.months.filter((_, i) => booked[i]).map((m) => m.month);
  const first = bookedMonths[0];
  const last = bookedMonths[bookedMonths.length - 1];
  return {
    value: formatNumber(actual.total),
    label: `${widgetWord('budget', 'actual', lang)}${first && last ? ` · ${formatPeriod(first, last, lang)}` : ''}`,
    stats: [
      { label: t(lang, 'budget'), value: formatNumber(budget.total) },
      { label: t(lang, 'variance'), value: formatNumber(variance), tone: toneOf(variance) },
      {
        label: t(lang, 'variancePercent'),
        value: data.variancePercent === null ? '–' : formatPercent(data.variancePercent, true),
        tone: toneOf(data.variancePercent),
      },
      { label: t(lang, 'budgetPeriod'), value: formatNumber(oreToUnits(data.budgetPeriod)) },
    ],
    note: data.hasBudget ? undefined : widgetWord('budget', 'noBudget', lang),
    months: data.months.map((m) => m.month),
    series: [
      // A month not yet booked has no actual figure (a gap), but its budget still shows.
      {
        label: widgetWord('budget', 'actual', lang),
        color: '--saldo-chart-revenue',
        values: actual.months.map((v, i) => (booked[i] ? v : null)),
      },
      { label: t(lang, 'budget'), color: '--saldo-chart-result', values: budget.months },
    ],
    format: formatNumber,
    bars: true,
  };
}

/** A P&L line against the budget: the booked months' actual figure, the budget and the variance. */
export function BudgetView({ state, lang, theme }: BudgetViewProps) {
  const data = state.status === 'data' || state.status === 'empty' ? state.data : undefined;
  const title = data?.title
    ? `${widgetTitle('budget', lang)}: ${localized(data.title, lang)}`
    : widgetTitle('budget', lang);
  return (
    <MetricView
      title={title}
      state={state}
      lang={lang}
      theme={theme}
      metric={state.status === 'data' ? budgetMetric(state.data, lang) : undefined}
    />
  );
}
