/** @jsxImportSource preact */

import type { TopRow } from '@saldo/contract';
import { formatAmount, formatDate, formatNumber } from '../../core/format';
import { type MessageKey, type SaldoLang, t } from '../../core/i18n';
import { widgetTitle } from '../../core/registry';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';

/** What differs between the top lists: where the rows come from and what they are called. */
export interface TopListSpec {
  /** The widget type: its route and title come from the contract's registry. */
  type:
    | 'top-customers'
    | 'top-suppliers'
    | 'top-products'
    | 'top-expenses'
    | 'largest-transactions'
    | 'top-five-expenses';
  /** Heading of the name column. */
  column: MessageKey;
  /** `kind` of the `saldo-drill` detail. */
  kind: 'customer' | 'supplier' | 'product' | 'expense' | 'transaction' | 'account';
  /** How many rows at most (the spec: 10, or 5 for the top five costs). */
  limit: number;
  /** Shows each row's `date` (largest transactions). */
  dates?: boolean;
}

export interface TopListViewProps {
  spec: TopListSpec;
  state: WidgetState<TopRow[]>;
  lang: SaldoLang;
  /** Draws a bar per row showing its share of the largest amount. */
  showBars: boolean;
  onDrill: (row: TopRow) => void;
}

/** The one view of every top list (customers, suppliers, products, costs, transactions, top five). */
export function TopListView({ spec, state, lang, showBars, onDrill }: TopListViewProps) {
  return (
    <section part="container">
      <h2 class="title" part="title">
        {widgetTitle(spec.type, lang)}
      </h2>
      {state.status === 'data' ? (
        <TopTable
          spec={spec}
          items={state.data.slice(0, spec.limit)}
          lang={lang}
          showBars={showBars}
          onDrill={onDrill}
        />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}

function TopTable({ spec, items, lang, showBars, onDrill }: Omit<TopListViewProps, 'state'> & { items: TopRow[] }) {
  // Bars compare against the largest absolute amount so credit notes cannot make them overflow.
  const largest = Math.max(...items.map((item) => Math.abs(item.amount)), 1);
  return (
    <div class="scroll">
      <table part="table">
        <thead>
          <tr part="header-row">
            <th scope="col" class="num">
              {t(lang, 'rank')}
            </th>
            <th scope="col">{t(lang, spec.column)}</th>
            {spec.dates && <th scope="col">{t(lang, 'date')}</th>}
            {showBars && (
              <th scope="col" class="bar-cell">
                <span class="visually-hidden">{t(lang, 'share')}</span>
              </th>
            )}
            <th scope="col" class="amount">
              {t(lang, 'amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            // Keyboard users activate the name's button; its click bubbles up to this handler.
            <tr key={item._id} part="row" class="clickable" onClick={() => onDrill(item)}>
              <td class="num" part="rank">
                {index + 1}
              </td>
              <td part="name">
                <button type="button" class="link">
                  {item.name}
                </button>
              </td>
              {spec.dates && <td part="date">{item.date ? formatDate(item.date) : ''}</td>}
              {showBars && (
                <td class="bar-cell" aria-hidden="true">
                  <div
                    class="bar"
                    part="bar"
                    style={{ width: `${Math.round((Math.abs(item.amount) / largest) * 100)}%` }}
                  />
                </td>
              )}
              <td class={item.amount < 0 ? 'amount negative' : 'amount'} part="amount">
                {/* A cost account as the P&L shows it, where the server says (TopRow.shown). */}
                {item.shown !== undefined ? formatNumber(item.shown) : formatAmount(item.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
