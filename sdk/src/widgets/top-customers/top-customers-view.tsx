/** @jsxImportSource preact */
import type { TopListItem } from '@saldo/server/contract';
import { formatAmount } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';

export interface TopCustomersViewProps {
  state: WidgetState<TopListItem[]>;
  lang: SaldoLang;
  /** Draws a bar per row showing its share of the largest amount. */
  showBars: boolean;
  onDrill: (item: TopListItem) => void;
}

export function TopCustomersView({ state, lang, showBars, onDrill }: TopCustomersViewProps) {
  return (
    <section part="container">
      <h2 class="title" part="title">
        {t(lang, 'topCustomersTitle')}
      </h2>
      {state.status === 'data' ? (
        <CustomerTable items={state.data.slice(0, 10)} lang={lang} showBars={showBars} onDrill={onDrill} />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}

function CustomerTable({
  items,
  lang,
  showBars,
  onDrill,
}: Omit<TopCustomersViewProps, 'state'> & { items: TopListItem[] }) {
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
            <th scope="col">{t(lang, 'customer')}</th>
            {showBars && (
              <th scope="col">
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
                {formatAmount(item.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
