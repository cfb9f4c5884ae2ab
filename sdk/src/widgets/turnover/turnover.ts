import type { TurnoverData } from '@saldo/contract';
import { h } from 'preact';
import { normalizeLang } from '../../core/i18n';
import { widgetPath, widgetTitle } from '../../core/registry';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { TurnoverView } from './turnover-view';

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
export class SaldoTurnover extends SaldoElement<TurnoverData> {
  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<TurnoverData> {
    return this.fetchData(widgetPath('turnover'), { groupId: board, startDate: from, endDate: to }, board, signal);
  }

  protected override isEmpty(data: TurnoverData): boolean {
    return !data?.months?.length && !data?.total && !data?.previousTotal;
  }

  protected override renderView() {
    return h(TurnoverView, {
      state: this.state,
      lang: normalizeLang(this.lang),
      comparison: this.view === 'comparison',
      theme: this.theme,
      // Turnover is the revenue accounts (3000–3999), credit positive.
      onDrill: (which: string) =>
        this.drill({
          kind: 'line',
          origin: 'turnover',
          title: widgetTitle('turnover', normalizeLang(this.lang)),
          accounts: '3000-3999',
          sign: -1,
          ...this.figurePeriod(which),
        }),
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'saldo-turnover': SaldoTurnover;
  }
}
