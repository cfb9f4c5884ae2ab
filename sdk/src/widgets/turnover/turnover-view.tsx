/** @jsxImportSource preact */
import type { TurnoverData } from '@saldo/server/contract';
import { footedParts, isBooked } from '@saldo/server/reports';
import { formatAmount, formatNumber, formatPercent, formatPeriod, oreToUnits } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView, type Stat, toneOf } from '../../views/metric-view';

export interface TurnoverViewProps {
  state: WidgetState<TurnoverData>;
  lang: SaldoLang;
  /** 'comparison' adds last year's total and the difference in kroner. */
  comparison: boolean;
  theme?: string | undefined;
}

export function turnoverMetric(data: TurnoverData, lang: SaldoLang, comparison: boolean): Metric {
  const months = data.months.map((m) => m.month);
  const change: Stat = {
    label: t(lang, 'changeFromLastYear'),
    value: data.changePercent === null ? '–' : formatPercent(data.changePercent, true),
    tone: toneOf(data.changePercent),
  };
  // The difference of the two figures shown, so it adds up as read.
  const diff = oreToUnits(data.total) - oreToUnits(data.previousTotal);
  const shown = footedParts(
    data.months.map((m) => m.amount),
    data.total,
  );
  return {
    value: formatNumber(shown.total),
    label: months.length ? formatPeriod(months[0]!, months[months.length - 1]!, lang) : '',
    stats: comparison
      ? [
          { label: t(lang, 'lastYear'), value: formatAmount(data.previousTotal) },
          { label: t(lang, 'difference'), value: formatNumber(diff), tone: toneOf(diff) },
          change,
        ]
      : [change],
    months,
    // Whole kroner, the months footed against the total shown above them.
    series: [{ label: t(lang, 'turnoverTitle'), color: '--saldo-chart-revenue', values: shown.parts }],
    format: formatNumber,
    bars: true,
    booked: data.months.map((m) => isBooked(m.month, data.lastBookedMonth)),
  };
}

/** Turnover: the period's total, the change from last year and a bar per month. */
export function TurnoverView({ state, lang, comparison, theme }: TurnoverViewProps) {
  return (
    <MetricView
      title={t(lang, 'turnoverTitle')}
      state={state}
      lang={lang}
      theme={theme}
      metric={state.status === 'data' ? turnoverMetric(state.data, lang, comparison) : undefined}
    />
  );
}
