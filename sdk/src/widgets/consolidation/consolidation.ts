import type { ConsolidationWidgetData } from '@saldo/contract';
import { PROFIT_LOSS_SUBTOTALS, rangesParam } from '@saldo/contract/chart';
import { h } from 'preact';
import { normalizeLang } from '../../core/i18n';
import { widgetPath } from '../../core/registry';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { ConsolidationView } from './consolidation-view';

/**
 * `<saldo-consolidation>`: revenue and result of each company of the board's consolidation, the
 * eliminations and the consolidated figures.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 *
 * @fires saldo-ready - `detail`: the `ConsolidationWidgetData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a company row was clicked; `detail`: `{ kind: 'company', id, name, title, origin, from,
 *   to, apiAccountId, accounts, sign: -1 }`: the company's result postings (before eliminations)
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - every row (also `total-row` for the eliminations and the consolidated sum)
 * @csspart name - the company name cell
 * @csspart amount - every amount cell (also `revenue` or `result`)
 * @csspart status - loading, empty and error messages
 */
export class SaldoConsolidation extends SaldoElement<ConsolidationWidgetData> {
  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<ConsolidationWidgetData> {
    return this.fetchData(widgetPath('consolidation'), { groupId: board, startDate: from, endDate: to }, board, signal);
  }

  protected override isEmpty(data: ConsolidationWidgetData): boolean {
    return !data?.apis?.length;
  }

  protected override renderView() {
    return h(ConsolidationView, {
      state: this.state,
      lang: normalizeLang(this.lang),
      onDrill: (c) =>
        this.drill({
          kind: 'company',
          origin: 'consolidation',
          id: c._id,
          name: c.name,
          title: c.name,
          ...this.period(),
          apiAccountId: c._id,
          // The company's own result: the P&L's lines, before the consolidation's eliminations.
          accounts: rangesParam(PROFIT_LOSS_SUBTOTALS.result),
          sign: -1,
        }),
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'saldo-consolidation': SaldoConsolidation;
  }
}
