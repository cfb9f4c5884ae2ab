/** @jsxImportSource preact */

import type { KpiData } from '@saldo/contract';
import { formatKpi, kpiNumber } from '@saldo/contract/kpis/format';
import { isBooked } from '@saldo/contract/period/booked';
import { formatAmount, formatPeriod } from '../../core/format';
import { localized, type SaldoLang, t } from '../../core/i18n';
import { openingNote } from '../../core/opening-note';
import { widgetTitle } from '../../core/registry';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView, type Stat } from '../../views/metric-view';
import type { KpiFigure } from './kpi-drill';

export interface KpiViewProps {
  state: WidgetState<KpiData>;
  lang: SaldoLang;
  /** Adds the comparison period's figure beside the change. */
  comparison: boolean;
  theme?: string | undefined;
  /** The headline, the comparison period's figure and a booked month's row drill into their postings. */
  onDrill?: ((figure: KpiFigure) => void) | undefined;
}

/** Green when the change goes the good way for this KPI, red when not; plain when neither is better. */
function toneOfChange(change: number | null, better: KpiData['better']): Stat['tone'] {
  if (!change || !better) return undefined;
  return change > 0 === (better === 'higher') ? 'positive' : 'negative';
}

export function kpiMetric(
  data: KpiData,
  lang: SaldoLang,
  comparison: boolean,
  onDrill?: ((figure: KpiFigure) => void) | undefined,
): Metric {
  // A server without terms (older than the drill-down) has nothing to drill into.
  const drills = onDrill && data.terms?.length ? onDrill : undefined;
  const format = (value: number | null, signed = false) => formatKpi(value, data.unit, lang, signed);
  const compared = t(lang, data.compare === 'previous' ? 'previousPeriod' : 'lastYear');
  const change: Stat = {
    label: t(lang, data.compare === 'previous' ? 'changeFromPrevious' : 'changeFromLastYear'),
    value: format(data.change, true),
    tone: toneOfChange(data.change, data.better),
  };
  // The chart and the months table in the unit as read: kroner, percent, or the number.
  const shown = (value: number) => kpiNumber(value, data.unit);
  // A public link or embed token that did not share the comparison sends none: no change to show either.
  const before = data.comparison;
  return {
    value: format(data.value),
    label: formatPeriod(data.startDate, data.endDate, lang),
    stats: !before
      ? []
      : comparison
        ? [
            {
              label: compared,
              value: format(before.value),
              drill: drills && (() => drills('comparison')),
            },
            change,
          ]
        : [change],
    formula: {
      text: localized(data.formula, lang),
      parts: data.parts.map((p) => ({ label: localized(p.label, lang), value: formatAmount(p.amount) })),
    },
    months: data.months.map((m) => m.month),
    series: [
      {
        label: localized(data.title, lang),
        color: '--saldo-chart-revenue',
        values: data.months.map((m) => (m.value === null ? null : shown(m.value))),
      },
    ],
    // Back from the number shown to the API's integer, so the chart reads as the headline does.
    format: (n) => formatKpi(n * (data.unit === 'amount' || data.unit === 'percent' ? 100 : 10_000), data.unit, lang),
    bars: data.unit === 'amount',
    booked: data.months.map((m) => isBooked(m.month, data.lastBookedMonth)),
    note: openingNote(data.openingMonths, lang),
    drill: drills && { period: () => drills('period'), month: (month) => drills(month) },
  };
}

/** A KPI: the period's figure, its change against the comparison, its formula and trend; each figure drills. */
export function KpiView({ state, lang, comparison, theme, onDrill }: KpiViewProps) {
  const data = state.status === 'data' || state.status === 'empty' ? state.data : undefined;
  const title = data?.title ? localized(data.title, lang) : widgetTitle('kpi', lang);
  return (
    <MetricView
      title={title}
      state={state}
      lang={lang}
      theme={theme}
      metric={state.status === 'data' ? kpiMetric(state.data, lang, comparison, onDrill) : undefined}
    />
  );
}
