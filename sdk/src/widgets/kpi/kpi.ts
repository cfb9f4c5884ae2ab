import type { Comparison, KpiData } from '@saldo/contract';
import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
import { metricProps } from '../../views/metric-view';
import { type KpiFigure, kpiDrill } from './kpi-drill';
import { KpiView } from './kpi-view';

/**
 * `<saldo-kpi>`: one KPI of Saldo's library (gross margin, EBITDA, current ratio, DSO, months of
 * cash, …): its figure for the period, its formula with the figures it is made of, its trend by month,
 * and the comparison with the same period last year or the period before.
 *
 * @attr kpi - which KPI: 'gross-margin' (default), 'operating-margin', 'ebitda', 'ebitda-margin',
 *   'profit-margin', 'current-ratio', 'quick-ratio', 'equity-ratio', 'debt-ratio', 'working-capital',
 *   'dso', 'dpo', 'inventory-turnover', 'revenue-growth', 'payroll-share', 'months-of-cash'
 * @attr compare - 'lastYear' (default) or 'previous'
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'single' (default: the figure and its change) or 'comparison' (adds the comparison's figure)
 *
 * @fires saldo-ready - `detail`: the `KpiData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - the headline, the comparison period's figure or a booked month's row was clicked;
 *   `detail`: an amount (EBITDA, working capital) `{ kind: 'kpi', origin: 'kpi', key, term: 'value', title,
 *   accounts, sign, balance?, from, to, column, amount }`; a ratio `{ kind: 'kpi', term: 'ratio', key, title,
 *   from, to, column, parts }`, its numerator and denominator in `parts` (each `term: 'numerator'` or
 *   `'denominator'` with its accounts, sign, balance, period and amount; `average` for an average of month ends)
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart value - the headline figure
 * @csspart label - what the headline figure is
 * @csspart stats - the figures beside it (each a `stat`, its figure `stat-value`)
 * @csspart formula - the formula (`formula-text`) and the figures it is made of (`formula-parts`)
 * @csspart chart - the trend
 * @csspart months - the folded months table (its `table`, `row` and `amount` cells)
 * @csspart status - loading, empty and error messages
 */
export const SaldoKpi = defineElement<KpiData, { kpi: string | undefined; compare: Comparison | undefined }>(
  'saldo-kpi',
  {
    properties: { kpi: { type: String }, compare: { type: String } },
    request: (el, range) => widgetRequest('kpi', range, { kpi: el.kpi, compare: el.compare }),
    isEmpty(data) {
      const nothing = (v: number | null | undefined) => v === null || v === undefined || v === 0;
      return nothing(data?.value) && (data?.months ?? []).every((m) => nothing(m.value));
    },
    render: (el, lang) =>
      h(KpiView, {
        ...metricProps(el, lang),
        onDrill: (figure: KpiFigure) => {
          const detail = el.state.status === 'data' ? kpiDrill(el.state.data, lang, figure) : null;
          if (detail) el.drill(detail);
        },
      }),
  },
);
export type SaldoKpi = InstanceType<typeof SaldoKpi>;
