/** @jsxImportSource preact */

import type { Comparison, TopRow } from '@saldo/contract';
import { comparisonLabel, shownChangePercent } from '../../core/comparison';
import { formatDate, formatNumber, oreToUnits } from '../../core/format';
import { type MessageKey, type SaldoLang, t } from '../../core/i18n';
import { openingNote } from '../../core/opening-note';
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
  /** Has a comparison view: the API answers each row's figure in the comparison period. */
  comparison?: boolean;
}

export interface TopListViewProps {
  spec: TopListSpec;
  state: WidgetState<TopRow[]>;
  lang: SaldoLang;
  /** Draws a bar per row showing its share of the largest amount. */
  showBars: boolean;
  /** The comparison view: each row's figure in the comparison period, the change and the change in %. */
  comparison?: Comparison | null;
  onDrill: (row: TopRow) => void;
}

/** A row's figure as shown (whole kroner): a cost account as the P&L shows it (TopRow.shown). */
const shownOf = (row: TopRow) => row.shown ?? oreToUnits(row.amount);
/** The same for its comparison; the change is the shown figure less this, so it adds up as read. */
const shownCompareOf = (row: TopRow) => row.compareShown ?? oreToUnits(row.compareAmount ?? 0);

/** A signed figure, coloured by its sign. */
function Change({
  value,
  text,
  part,
  hideNarrow,
}: {
  value: number;
  text: string;
  part: string;
  hideNarrow?: boolean;
}) {
  const classes = ['amount', value > 0 ? 'positive' : value < 0 ? 'negative' : '', hideNarrow ? 'percent-cell' : ''];
  return (
    <td class={classes.filter(Boolean).join(' ')} part={part}>
      {text}
    </td>
  );
}

/** The one view of every top list (customers, suppliers, products, costs, transactions, top five). */
export function TopListView({ spec, state, lang, showBars, comparison = null, onDrill }: TopListViewProps) {
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
          comparison={comparison}
          onDrill={onDrill}
        />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}

function TopTable({
  spec,
  items,
  lang,
  showBars,
  comparison,
  onDrill,
}: Omit<TopListViewProps, 'state'> & { items: TopRow[] }) {
  // Bars compare against the largest absolute amount so credit notes cannot make them overflow.
  const largest = Math.max(...items.map((item) => Math.abs(item.amount)), 1);
  // Rows whose amount holds a file's opening balances (a cost account over such a month): marked, and named below.
  const opening = [...new Set(items.flatMap((item) => item.openingMonths ?? []))].sort();
  // A comparison period without a booked month: nothing to compare with, so no figure, change or % ('–').
  const unbooked = items.some((item) => item.compareBookedMonths === 0);
  const none = (key: string, part: string) => (
    <td key={key} class="amount muted" part={`${part} not-booked`} title={t(lang, 'comparisonNone')}>
      –
    </td>
  );
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
            {comparison && [
              <th
                scope="col"
                class="amount"
                key="compare"
                part="comparison-header"
                title={unbooked ? t(lang, 'comparisonNone') : undefined}
              >
                {comparisonLabel(comparison, lang)}
              </th>,
              <th scope="col" class="amount" key="change" part="change-header">
                {t(lang, 'change')}
              </th>,
              <th scope="col" class="amount percent-cell" key="percent" part="change-percent-header">
                {t(lang, 'changePercent')}
              </th>,
            ]}
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
                {item.openingMonths?.length ? (
                  <span part="opening-mark" title={t(lang, 'openingMonth')}>
                    *
                  </span>
                ) : null}
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
                {formatNumber(shownOf(item))}
              </td>
              {comparison &&
                unbooked && [
                  none('compare', 'amount comparison'),
                  none('change', 'amount change'),
                  none('percent', 'change-percent'),
                ]}
              {comparison &&
                !unbooked && [
                  <td key="compare" class="amount" part="amount comparison">
                    {formatNumber(shownCompareOf(item))}
                  </td>,
                  <Change
                    key="change"
                    value={shownOf(item) - shownCompareOf(item)}
                    text={formatNumber(shownOf(item) - shownCompareOf(item))}
                    part="amount change"
                  />,
                  <Change
                    key="percent"
                    value={shownOf(item) - shownCompareOf(item)}
                    text={shownChangePercent(shownOf(item), shownCompareOf(item))}
                    part="change-percent"
                    hideNarrow
                  />,
                ]}
            </tr>
          ))}
        </tbody>
      </table>
      {opening.length ? (
        <p class="muted" part="opening-note">
          * {openingNote(opening, lang)}
        </p>
      ) : null}
    </div>
  );
}
