import type { Comparison, TopFiveExpense, TopRow } from '@saldo/contract';
import { rangesParam } from '@saldo/contract/statements/chart';
import { h } from 'preact';
import { viewComparison } from '../../core/comparison';
import { type ElementSpec, widgetRequest } from '../../core/define-element';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import type { SaldoElement } from '../../core/widget-element';
import { type TopListSpec, TopListView } from './top-list-view';

const REVENUE = [3000, 3999] as const;
const COSTS = [4000, 7999] as const;

/** The top lists of the widget catalogue, by widget type. */
export const topLists = {
  'top-customers': {
    type: 'top-customers',
    column: 'customer',
    kind: 'customer',
    limit: 10,
    comparison: true,
  },
  'top-suppliers': {
    type: 'top-suppliers',
    column: 'supplier',
    kind: 'supplier',
    limit: 10,
    comparison: true,
  },
  'top-products': {
    type: 'top-products',
    column: 'product',
    kind: 'product',
    limit: 10,
    comparison: true,
  },
  'top-expenses': {
    type: 'top-expenses',
    column: 'account',
    kind: 'expense',
    limit: 10,
    comparison: true,
  },
  'largest-transactions': {
    type: 'largest-transactions',
    column: 'transaction',
    kind: 'transaction',
    limit: 10,
    dates: true,
  },
  'top-five-expenses': {
    type: 'top-five-expenses',
    column: 'account',
    kind: 'account',
    limit: 5,
  },
} satisfies Record<string, TopListSpec>;

/** A top list's own attribute: what its comparison view compares with. */
export interface TopListAttributes {
  compare: Comparison | undefined;
}

/** A top list element (each is made by defineElement from its spec, by `topList`). */
export type SaldoTopList<T = TopRow[]> = SaldoElement<T> & TopListAttributes;

/**
 * What a top list is: one fetch and one view, parameterised by its spec. A list that compares asks
 * for its comparison in the comparison view only (bars or no bars is the same data); the top five
 * costs' answer is turned into rows (`topFiveRows`), the others' are rows as they come.
 *
 * @attr view - 'bars' (default: a bar per row shows its share of the largest), 'table' (no bars), or
 *   'comparison' (the lists that compare: each row's figure in the comparison period and the change)
 * @attr compare - what the comparison view compares with: 'previous' (default, the period just before)
 *   or 'lastYear' (the same period a year earlier), like for like with the booked months
 */
export function topList<T = TopRow[]>(list: TopListSpec): ElementSpec<T, TopListAttributes> {
  const comparison = (el: SaldoTopList<T>) => (list.comparison ? viewComparison(el.view, el.compare) : undefined);
  const rows = (data: T): TopRow[] =>
    list.type === 'top-five-expenses'
      ? topFiveRows(data as TopFiveExpense[])
      : Array.isArray(data)
        ? (data as TopRow[])
        : [];
  return {
    properties: { compare: { type: String } },
    request: (el, range) => widgetRequest(list.type, range, { compare: comparison(el) }),
    isEmpty: (data) => rows(data).length === 0,
    render(el, lang) {
      const { state } = el;
      const rowsState: WidgetState<TopRow[]> =
        state.status === 'data' || state.status === 'empty' ? { status: state.status, data: rows(state.data) } : state;
      return h(TopListView, {
        spec: list,
        state: rowsState,
        lang,
        // The comparison's columns take the bars' room: a card shows the figures side by side instead.
        showBars: el.view !== 'table' && !comparison(el),
        comparison: comparison(el) ?? null,
        onDrill: (row: TopRow) => el.drill(drillFor(list, row, el.period())),
      });
    },
  };
}

/**
 * `saldo-drill` detail of a row: the postings its amount sums over the element's period. A customer
 * or product sums revenue (3000–3999, credit positive), a supplier costs (4000–7999), a cost account
 * its movement (of the costs group in the top five), a transaction its voucher's debit lines.
 */
function drillFor(list: TopListSpec, row: TopRow, period: { from: string; to: string }): SaldoDrillDetail {
  const base = { origin: list.type, title: row.name, id: row._id, name: row.name, ...period };
  const kind = list.kind;
  if (kind === 'customer' || kind === 'product')
    return { ...base, kind, party: { kind, id: row._id }, accounts: rangesParam([REVENUE]), sign: -1 };
  if (kind === 'supplier')
    return { ...base, kind, party: { kind, id: row._id }, accounts: rangesParam([COSTS]), sign: 1 };
  if (kind === 'transaction') {
    // `_id` is the source and the voucher: `source:voucher` (a voucher number may hold a colon).
    const at = row._id.indexOf(':');
    return {
      ...base,
      kind,
      voucher: { apiAccountId: row._id.slice(0, at), voucher: row._id.slice(at + 1) },
      sign: 1,
      measure: 'debit',
    };
  }
  // A cost account by its own ID; the API gives its place in the chart beside it.
  const number = (row as TopRow & { number?: number }).number;
  return {
    ...base,
    kind: kind === 'account' ? 'account' : 'expense',
    ...(kind === 'account' ? { group: 'costs' } : {}),
    accountId: row._id,
    ...(number !== undefined ? { number, accounts: String(number) } : { accounts: rangesParam([COSTS]) }),
    sign: 1,
  };
}

/** Top-five rows carry the account: `_id` is its number and `name` reads '6300 Leie lokale'. */
export function topFiveRows(data: TopFiveExpense[]): TopRow[] {
  return Array.isArray(data)
    ? data.map((e) => ({
        _id: e.account.accountId ?? String(e.account.number),
        name: `${e.account.accountId ?? e.account.number} ${e.account.name}`,
        amount: e.closingBalance,
        number: e.account.number,
        ...(e.shown !== undefined ? { shown: e.shown } : {}),
        ...(e.openingMonths ? { openingMonths: e.openingMonths } : {}),
      }))
    : [];
}
