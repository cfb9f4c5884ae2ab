import type { MrrData } from '@saldo/contract';
import { shiftMonths } from '@saldo/contract/period/range';
import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
import { formatMonth } from '../../core/format';
import type { SaldoLang } from '../../core/i18n';
import { widgetTitle, widgetWord } from '../../core/registry';
import type { SaldoElement } from '../../core/widget-element';
import { metricProps } from '../../views/metric-view';
import { type MrrFigure, MrrView } from './mrr-view';

/**
 * `<saldo-mrr>`: monthly recurring revenue: the current and previous MRR, the last month's new,
 * expansion, contraction and churned MRR, the average revenue per customer and an MRR line.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'single' (default) or 'comparison' (adds the change and the previous MRR line)
 *
 * @fires saldo-ready - `detail`: the `MrrData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a month's MRR (the headline, a month's row or chart point) or the headline month's new or
 *   churned MRR was clicked; `detail`: `{ kind: 'line', origin: 'mrr', key: 'mrr' | 'newMrr' | 'churnedMrr', title,
 *   accounts, mrr: 'mrr' | 'new' | 'churned', sign: -1, from, to, column, amount }`: that month's revenue postings
 *   of its customers (churn: the month before's, of those lost). Expansion and contraction do not drill: they are
 *   changes in what customers pay, no postings of their own.
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
export const SaldoMrr = defineElement<MrrData>('saldo-mrr', {
  request: (_, range) => widgetRequest('mrr', range),
  isEmpty: (data) => !data?.mrr && !data?.previousMrr && !data?.months?.some((m) => m.mrr),
  render: (el, lang) =>
    h(MrrView, {
      ...metricProps(el, lang),
      onDrill: (figure, month) => drillFigure(el, lang, figure, month),
    }),
});
export type SaldoMrr = InstanceType<typeof SaldoMrr>;

function drillFigure(el: SaldoElement<MrrData>, lang: SaldoLang, figure: MrrFigure, month: string): void {
  if (el.state.status !== 'data') return;
  const data = el.state.data;
  const shown = data.months.find((m) => m.month === month);
  const key = ({ mrr: 'mrr', new: 'newMrr', churned: 'churnedMrr' } as const)[figure];
  el.drill({
    kind: 'line',
    origin: 'mrr',
    key,
    title: `${figure === 'mrr' ? widgetTitle('mrr', lang) : widgetWord('mrr', key, lang)} ${formatMonth(month, lang)}`,
    accounts: `${data.accounts.from}-${data.accounts.to}`,
    mrr: figure,
    sign: -1,
    // A month's churn is what the lost customers paid the month before.
    ...el.figurePeriod(figure === 'churned' ? shiftMonths(`${month}-01`, -1).slice(0, 7) : month),
    ...(shown ? { amount: shown[key] } : {}),
  });
}
