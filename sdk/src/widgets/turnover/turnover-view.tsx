/** @jsxImportSource preact */

import type { TurnoverData } from '@saldo/contract';
import { isBooked } from '@saldo/contract/period/booked';
import { turnoverShown } from '@saldo/contract/statements/index';
import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
import { formatAmount, formatNumber, formatPercent, formatPeriod, oreToUnits } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { joinNotes, openingNote } from '../../core/opening-note';
import { widgetTitle } from '../../core/registry';
import type { WidgetState } from '../../core/types';
import { type Metric, MetricView, type Stat, toneOf } from '../../views/metric-view';

export interface TurnoverViewProps {
  state: WidgetState<TurnoverData>;
  lang: SaldoLang;
  /** 'comparison' adds last year's total and the difference in kroner. */
  comparison: boolean;
  theme?: string | undefined;
  /** The headline drills into the period's revenue postings, a month's row into that month's. */
  onDrill?: ((period: 'period' | string) => void) | undefined;
}

export function turnoverMetric(data: TurnoverData, lang: SaldoLang, comparison: boolean): Metric {
  const months = data.months.map((m) => m.month);
  const change: Stat = {
    label: t(lang, 'changeFromLastYear'),
    value:
      data.changePercent === null || data.previousBookedMonths === 0 ? '–' : formatPercent(data.changePercent, true),
    tone: toneOf(data.changePercent),
  };
  const before = data.previousTotal;
  // Last year has no booked month: nothing to compare with, so its figure and the difference read '–'.
  const unbooked = data.previousBookedMonths === 0;
  // The difference of the two figures shown, so it adds up as read.
  const diff = before === null || unbooked ? 0 : oreToUnits(data.total) - oreToUnits(before);
  // As the P&L shows its Sum driftsinntekter, where the server sends it.
  const shown = turnoverShown(data);
  return {
    value: formatNumber(shown.total),
    label: months.length ? formatPeriod(months[0]!, months[months.length - 1]!, lang) : '',
    // A public link or embed token that did not share last year sends none: no change to show either.
    stats:
      before === null
        ? []
        : comparison
          ? [
              { label: t(lang, 'lastYear'), value: unbooked ? '–' : formatAmount(before) },
              { label: t(lang, 'difference'), value: unbooked ? '–' : formatNumber(diff), tone: toneOf(diff) },
              change,
            ]
          : [change],
    months,
    // Whole kroner, the months footed against the total shown above them.
    series: [{ label: widgetTitle('turnover', lang), color: '--saldo-chart-revenue', values: shown.parts }],
    format: formatNumber,
    bars: true,
    booked: data.months.map((m) => isBooked(m.month, data.lastBookedMonth)),
    note: joinNotes(
      unbooked && before !== null ? t(lang, 'comparisonNone') : undefined,
      openingNote(data.openingMonths, lang),
    ),
  };
}

/** Turnover: the period's total, the change from last year and a bar per month. */
export function TurnoverView({ state, lang, comparison, theme, onDrill }: TurnoverViewProps) {
  const metric = state.status === 'data' ? turnoverMetric(state.data, lang, comparison) : undefined;
  if (metric && onDrill) metric.drill = { period: () => onDrill('period'), month: (m) => onDrill(m) };
  return <MetricView title={widgetTitle('turnover', lang)} state={state} lang={lang} theme={theme} metric={metric} />;
}

/**
 * `<saldo-turnover>`: the period's revenue, the change from the same period last year and a bar per month.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'single' (default: total and change) or 'comparison' (adds last year's total and the difference)
 *
 * @fires saldo-ready - `detail`: the `TurnoverData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - the headline or a month's row was clicked; `detail`: `{ kind: 'line', origin: 'turnover',
 *   title, accounts: '3000-3999', sign: -1, from, to, column }` (the period, or that month)
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart value - the headline figure
 * @csspart label - what the headline figure is
 * @csspart stats - the figures beside it (each a `stat`, its figure `stat-value`)
 * @csspart chart - the small chart
 * @csspart months - the folded months table (its `table`, `row` and `amount` cells)
 * @csspart status - loading, empty and error messages
 */
export const SaldoTurnover = defineElement<TurnoverData>('saldo-turnover', {
  request: (_, range) => widgetRequest('turnover', range),
  isEmpty: (data) => !data?.months?.length && !data?.total && !data?.previousTotal,
  render: (el, lang) =>
    h(TurnoverView, {
      state: el.state,
      lang,
      theme: el.theme,
      comparison: el.view === 'comparison',
      // Turnover is the revenue accounts (3000–3999), credit positive.
      onDrill: (figure: 'period' | string) =>
        el.drill({
          kind: 'line',
          accounts: '3000-3999',
          sign: -1,
          title: widgetTitle('turnover', lang),
          origin: 'turnover',
          ...el.figurePeriod(figure),
        }),
    }),
});
export type SaldoTurnover = InstanceType<typeof SaldoTurnover>;
