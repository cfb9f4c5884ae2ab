import type { Comparison, CustomWidgetData } from '@saldo/contract';
import { h } from 'preact';
import { viewComparison } from '../../core/comparison';
import { defineElement } from '../../core/define-element';
import { widgetPath } from '../../core/registry';
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
export const SaldoCustomWidget = defineElement<
  CustomWidgetData,
  { widgetId: string | undefined; compare: Comparison | undefined }
>('saldo-custom-widget', {
  properties: { widgetId: { type: String, attribute: 'widget-id' }, compare: { type: String } },
  request: (el, { board, from, to }) =>
    el.widgetId
      ? {
          path: widgetPath('custom')
            .replace(':groupId', encodeURIComponent(board))
            .replace(':id', encodeURIComponent(el.widgetId)),
          query: { startDate: from, endDate: to, compare: viewComparison(el.view, el.compare) },
        }
      : null,
  isEmpty: (data) => data?.total == null && !data?.months?.some((m) => m.value != null),
  render: (el, lang) =>
    h(CustomWidgetView, {
      state: el.state,
      lang,
      theme: el.theme,
      comparison: viewComparison(el.view, el.compare) ?? null,
      onDrill: (which: string) => {
        const { state } = el;
        const range = state.status === 'data' ? state.data.widget.range : undefined;
        if (!range) return;
        // Its pattern's bounds (x any digit), in the sign the server sums it in: revenue credit positive.
        const from = Number(range.from.replaceAll('x', '0'));
        const to = Number(range.to.replaceAll('x', '9'));
        el.drill({
          kind: 'line',
          origin: 'custom',
          title: state.status === 'data' ? state.data.widget.name : '',
          accounts: `${from}-${to}`,
          sign: from >= 3000 && to <= 3999 ? -1 : 1,
          ...el.figurePeriod(which),
        });
      },
    }),
});
export type SaldoCustomWidget = InstanceType<typeof SaldoCustomWidget>;
