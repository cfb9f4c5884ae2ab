import type { TopListItem } from '@saldo/server/contract';
import { h } from 'preact';
import { getJson } from '../../core/api-client';
import { normalizeLang } from '../../core/i18n';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { TopCustomersView } from './top-customers-view';

/**
 * `<saldo-top-customers>`: the ten customers with the most sales revenue in the period.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'bars' (default: a bar per row shows its share of the largest) or 'table' (no bars)
 *
 * @fires saldo-ready - `detail`: the `TopListItem[]` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a row was clicked; `detail`: `{ kind: 'customer', id, name }`
 *
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - one customer row
 * @csspart rank - the rank cell
 * @csspart name - the customer name cell
 * @csspart bar - the share bar
 * @csspart amount - the amount cell
 * @csspart status - loading, empty and error messages
 */
export class SaldoTopCustomers extends SaldoElement<TopListItem[]> {
  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<TopListItem[]> {
    return getJson<TopListItem[]>(
      '/api/widgets/top-ten/customers',
      { groupId: board, startDate: from, endDate: to },
      board,
      signal,
    );
  }

  protected override isEmpty(data: TopListItem[]): boolean {
    return !Array.isArray(data) || data.length === 0;
  }

  protected override renderView() {
    return h(TopCustomersView, {
      state: this.state,
      lang: normalizeLang(this.lang),
      showBars: this.view !== 'table',
      onDrill: (item: TopListItem) => this.drill({ kind: 'customer', id: item._id, name: item.name }),
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'saldo-top-customers': SaldoTopCustomers;
  }
}
