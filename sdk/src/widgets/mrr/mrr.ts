import type { MrrData } from '@saldo/server/contract';
import { h } from 'preact';
import { normalizeLang } from '../../core/i18n';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { MrrView } from './mrr-view';

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
export class SaldoMrr extends SaldoElement<MrrData> {
  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<MrrData> {
    return this.fetchData('/api/widgets/mrr', { groupId: board, startDate: from, endDate: to }, board, signal);
  }

  protected override isEmpty(data: MrrData): boolean {
    return !data?.mrr && !data?.previousMrr && !data?.months?.some((m) => m.mrr);
  }

  protected override renderView() {
    return h(MrrView, {
      state: this.state,
      lang: normalizeLang(this.lang),
      comparison: this.view === 'comparison',
      theme: this.theme,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'saldo-mrr': SaldoMrr;
  }
}
