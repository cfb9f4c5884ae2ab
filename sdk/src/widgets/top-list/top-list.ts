import type { Comparison, TopFiveExpense, TopRow } from '@saldo/contract';
import { rangesParam } from '@saldo/contract/chart';
import type { PropertyValues } from 'lit';
import { h } from 'preact';
import { viewComparison } from '../../core/comparison';
import { normalizeLang } from '../../core/i18n';
import { widgetPath } from '../../core/registry';
import type { LoadQuery, SaldoDrillDetail, WidgetState } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
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

/**
 * Base of every top list: one fetch, one view, parameterised by the subclass's static `list`.
 * `T` is the API's shape; `rows()` turns it into the view's rows (the identity for top-ten lists).
 *
 * @attr view - 'bars' (default: a bar per row shows its share of the largest), 'table' (no bars), or
 *   'comparison' (the lists that compare: each row's figure in the comparison period and the change)
 * @attr compare - what the comparison view compares with: 'previous' (default, the period just before)
 *   or 'lastYear' (the same period a year earlier), like for like with the booked months
 */
export class SaldoTopList<T = TopRow[]> extends SaldoElement<T> {
  static override properties = { ...SaldoElement.properties, compare: { type: String } };

  /** Which list; set by each subclass. */
  static list: TopListSpec = topLists['top-customers'];

  /** What the comparison view compares with; see `@attr compare`. */
  declare compare: Comparison | undefined;

  get list(): TopListSpec {
    return (this.constructor as typeof SaldoTopList).list;
  }

  /** The comparison this list asks for: only a list that compares, in the comparison view. */
  protected comparison(): Comparison | undefined {
    return this.list.comparison ? viewComparison(this.view, this.compare) : undefined;
  }

  protected override loadsOn(changed: PropertyValues<this>): boolean {
    if (super.loadsOn(changed)) return true;
    if (!changed.has('view') && !changed.has('compare')) return false;
    // Only a change of what is compared with fetches again: bars or no bars is the same data.
    const before = viewComparison(
      changed.has('view') ? (changed.get('view') as string | undefined) : this.view,
      changed.has('compare') ? (changed.get('compare') as string | undefined) : this.compare,
    );
    return this.list.comparison === true && before !== this.comparison();
  }

  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<T> {
    return this.fetchData<T>(
      widgetPath(this.list.type),
      { groupId: board, startDate: from, endDate: to, compare: this.comparison() },
      board,
      signal,
    );
  }

  /** The API's answer as top-list rows. */
  protected rows(data: T): TopRow[] {
    return Array.isArray(data) ? (data as TopRow[]) : [];
  }

  protected override isEmpty(data: T): boolean {
    return this.rows(data).length === 0;
  }

  /**
   * `saldo-drill` detail of a row: the postings its amount sums over the element's period. A customer
   * or product sums revenue (3000–3999, credit positive), a supplier costs (4000–7999), a cost account
   * its movement, a transaction its voucher's debit lines.
   */
  protected drillFor(row: TopRow): SaldoDrillDetail {
    const base = { origin: this.list.type, title: row.name, id: row._id, name: row.name, ...this.period() };
    const kind = this.list.kind;
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
      kind: 'expense',
      accountId: row._id,
      ...(number !== undefined ? { number, accounts: String(number) } : { accounts: rangesParam([COSTS]) }),
      sign: 1,
    };
  }

  protected override renderView() {
    const { state } = this;
    const rowsState: WidgetState<TopRow[]> =
      state.status === 'data' || state.status === 'empty'
        ? { status: state.status, data: this.rows(state.data) }
        : state;
    return h(TopListView, {
      spec: this.list,
      state: rowsState,
      lang: normalizeLang(this.lang),
      // The comparison's columns take the bars' room: a card shows the figures side by side instead.
      showBars: this.view !== 'table' && !this.comparison(),
      comparison: this.comparison() ?? null,
      onDrill: (row: TopRow) => this.drill(this.drillFor(row)),
    });
  }
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
