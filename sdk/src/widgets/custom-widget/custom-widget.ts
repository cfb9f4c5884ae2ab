import type { Comparison, CustomWidgetData } from '@saldo/contract';
import type { PropertyValues } from 'lit';
import { h } from 'preact';
import { viewComparison } from '../../core/comparison';
import { normalizeLang } from '../../core/i18n';
import { widgetPath } from '../../core/registry';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { CustomWidgetView } from './custom-widget-view';

/**
 * `<saldo-custom-widget>`: one of the board's custom widgets, its total and its value per month.
 * An account range shows kroner; a ratio (dividend / divisor) shows as a percentage with one
 * decimal (0.4123 → '41,2 %').
 *
 * @attr widget-id - the custom widget's id (`widgetId`); nothing is fetched until it is set
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 * @attr view - 'single' (default) or 'comparison' (the comparison period's total and months beside the
 *   period's, and the change)
 * @attr compare - what the comparison view compares with: 'previous' (default, the period just before)
 *   or 'lastYear' (the same period a year earlier), like for like with the booked months
 *
 * @fires saldo-ready - `detail`: the `CustomWidgetData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - an account range's headline or month row was clicked (a ratio has no postings to
 *   drill into); `detail`: `{ kind: 'line', origin: 'custom', title, accounts, sign, from, to, column }`
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart value - the headline figure
 * @csspart label - what the headline figure is
 * @csspart stats - the figures beside it (each a `stat`, its figure `stat-value`)
 * @csspart chart - the small chart
 * @csspart months - the folded months table (its `table`, `row` and `amount` cells)
 * @csspart status - loading, empty and error messages
 * @csspart note - the widget's note
 */
export class SaldoCustomWidget extends SaldoElement<CustomWidgetData> {
  static override properties = {
    ...SaldoElement.properties,
    widgetId: { type: String, attribute: 'widget-id' },
    compare: { type: String },
  };

  /** The custom widget's id. */
  declare widgetId: string | undefined;
  /** What the comparison view compares with; see `@attr compare`. */
  declare compare: Comparison | undefined;

  protected override canLoad(): boolean {
    return !!this.widgetId;
  }

  protected override loadsOn(changed: PropertyValues<this>): boolean {
    if (super.loadsOn(changed) || changed.has('widgetId')) return true;
    if (!changed.has('view') && !changed.has('compare')) return false;
    const before = viewComparison(
      changed.has('view') ? (changed.get('view') as string | undefined) : this.view,
      changed.has('compare') ? (changed.get('compare') as string | undefined) : this.compare,
    );
    return before !== viewComparison(this.view, this.compare);
  }

  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<CustomWidgetData> {
    const path = widgetPath('custom')
      .replace(':groupId', encodeURIComponent(board))
      .replace(':id', encodeURIComponent(this.widgetId ?? ''));
    const compare = viewComparison(this.view, this.compare);
    return this.fetchData(path, { startDate: from, endDate: to, compare }, board, signal);
  }

  protected override isEmpty(data: CustomWidgetData): boolean {
    return data?.total == null && !data?.months?.some((m) => m.value != null);
  }

  protected override renderView() {
    return h(CustomWidgetView, {
      state: this.state,
      lang: normalizeLang(this.lang),
      theme: this.theme,
      comparison: viewComparison(this.view, this.compare) ?? null,
      onDrill: (which: string) => {
        const { state } = this;
        const range = state.status === 'data' ? state.data.widget.range : undefined;
        if (!range) return;
        // Its pattern's bounds (x any digit), in the sign the server sums it in: revenue credit positive.
        const from = Number(range.from.replaceAll('x', '0'));
        const to = Number(range.to.replaceAll('x', '9'));
        this.drill({
          kind: 'line',
          origin: 'custom',
          title: state.status === 'data' ? state.data.widget.name : '',
          accounts: `${from}-${to}`,
          sign: from >= 3000 && to <= 3999 ? -1 : 1,
          ...this.figurePeriod(which),
        });
      },
    });
  }
}
