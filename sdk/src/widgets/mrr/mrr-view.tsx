/** @jsxImportSource preact */

import type { MrrData } from '@saldo/contract';
import { changePercent, changePercentText } from '@saldo/contract/numbers/variance';
import { isBooked } from '@saldo/contract/period/booked';
import { formatAmount, formatNumber, formatPeriod, oreToUnits } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { widgetTitle, widgetWord } from '../../core/registry';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView, type Stat, toneOf } from '../../views/metric-view';

export interface MrrViewProps {
  state: WidgetState<MrrData>;
  lang: SaldoLang;
  /** 'comparison' adds the change from the previous MRR and draws the previous MRR line. */
  comparison: boolean;
  theme?: string | undefined;
  /**
   * A figure clicked: a month's MRR (the headline, a month's row or point), or the headline month's new or
   * churned MRR; expansion and contraction are changes in what customers pay, no postings of their own.
   */
  onDrill?: ((figure: MrrFigure, month: string) => void) | undefined;
}

export type MrrFigure = 'mrr' | 'new' | 'churned';

export function mrrMetric(
  data: MrrData,
  lang: SaldoLang,
  comparison: boolean,
  onDrill?: MrrViewProps['onDrill'],
): Metric {
  const months = data.months.map((m) => m.month);
  // The breakdown and ARPC are those of the month the headline MRR is (the latest with customers,
  // not an empty month at the period's end).
  const last = data.months.find((m) => m.month === data.month) ?? data.months[data.months.length - 1];
  const diff = oreToUnits(data.mrr) - oreToUnits(data.previousMrr);
  const stats: Stat[] = [{ label: widgetWord('mrr', 'previousMrr', lang), value: formatAmount(data.previousMrr) }];
  if (comparison) {
    stats.push({
      label: t(lang, 'change'),
      value: data.previousMrr
        ? changePercentText(changePercent(data.mrr, data.previousMrr, 'ore'))
        : formatNumber(diff),
      tone: toneOf(diff),
    });
  }
  if (last) {
    stats.push(
      {
        label: widgetWord('mrr', 'newMrr', lang),
        value: formatAmount(last.newMrr),
        tone: toneOf(last.newMrr),
        drill: onDrill && (() => onDrill('new', last.month)),
      },
      {
        label: widgetWord('mrr', 'expansionMrr', lang),
        value: formatAmount(last.expansionMrr),
        tone: toneOf(last.expansionMrr),
      },
      // Contraction and churn are losses whatever sign the API gives them.
      {
        label: widgetWord('mrr', 'contractionMrr', lang),
        value: formatAmount(-Math.abs(last.contractionMrr)),
        tone: toneOf(-Math.abs(last.contractionMrr)),
      },
      {
        label: widgetWord('mrr', 'churnedMrr', lang),
        value: formatAmount(-Math.abs(last.churnedMrr)),
        tone: toneOf(-Math.abs(last.churnedMrr)),
        drill: onDrill && (() => onDrill('churned', last.month)),
      },
      { label: widgetWord('mrr', 'arpc', lang), value: formatAmount(last.averageRevenuePerCustomer) },
      { label: widgetWord('mrr', 'customers', lang), value: String(last.customers) },
    );
  }
  return {
    value: formatAmount(data.mrr),
    label: months.length ? formatPeriod(months[0]!, months[months.length - 1]!, lang) : '',
    stats,
    months,
    series: [
      { label: widgetTitle('mrr', lang), color: '--saldo-chart-revenue', values: data.months.map((m) => m.mrr) },
      ...(comparison
        ? [
            {
              label: widgetWord('mrr', 'previousMrr', lang),
              color: '--saldo-muted',
              values: data.months.map((m) => m.previousMrr),
            },
          ]
        : []),
    ],
    format: formatAmount,
    booked: data.months.map((m) => isBooked(m.month, data.lastBookedMonth)),
    drill: onDrill && last && { period: () => onDrill('mrr', last.month), month: (m) => onDrill('mrr', m) },
  };
}

/** MRR: the current MRR, the previous one, the movement breakdown and ARPC, and an MRR line. */
export function MrrView({ state, lang, comparison, theme, onDrill }: MrrViewProps) {
  return (
    <MetricView
      title={widgetTitle('mrr', lang)}
      state={state}
      lang={lang}
      theme={theme}
      metric={state.status === 'data' ? mrrMetric(state.data, lang, comparison, onDrill) : undefined}
    />
  );
}
