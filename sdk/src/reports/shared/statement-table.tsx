/** @jsxImportSource preact */
import { endOfMonth } from '@saldo/contract/range';
import { changePercentText, variancePercent } from '@saldo/contract/variance';
import type { ComponentChild, ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { formatNumber, formatPercent } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { StatusView } from '../../core/status-view';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import { OpeningNote } from './opening-months';
import type { Line } from './statement';
import { useStatementGrid } from './statement-grid';

/** The period a column's figures are for (yyyy-mm-dd), which a drill-down from it lists. */
export interface ColumnPeriod {
  from: string;
  to: string;
}

export interface StatementColumns {
  /**
   * Month columns shown (labels), in the order of each line's `values`; may be fewer (view="total").
   * `booked: false` marks a month after the board's last booked month: its cells read "not yet
   * booked" instead of zeros. `opening: true`, a month of a file's opening balances (see `openingMonths`).
   */
  months: ({ key: string; label: string; index: number; booked?: boolean; opening?: boolean } & ColumnPeriod)[];
  /** Months (labels) that are a file's opening balances, its or its comparison's: named in a note under it. */
  openingMonths?: readonly string[];
  /** The period column (each line's `total`), or null when the month columns already say it all. */
  total: ({ label: string; title?: string } & ColumnPeriod) | null;
  /**
   * The comparison column (each line's `compare`) followed by a change column; null without
   * comparison. `variance`: the comparison is a budget, so the change is the variance and a
   * variance % column follows it (a budget has no postings, so its cells do not drill).
   */
  compare:
    | ({
        label: string;
        title?: string;
        variance?: boolean;
        /** The comparison period has no booked month: its cells, the change and % read '–'. */
        unbooked?: boolean;
      } & ColumnPeriod)
    | null;
  /** The share of revenue of each line's period figure (`share`), after the period column; null when not shown. */
  share?: { label: string } | null;
}

/** A month's column period: its first and last day. */
export const monthPeriod = (month: string): ColumnPeriod => ({ from: `${month}-01`, to: endOfMonth(`${month}-01`) });

export interface StatementTableProps {
  lang: SaldoLang;
  columns: StatementColumns;
  lines: Line[];
  /** Groups shown expanded at first (by line id). */
  initiallyOpen?: readonly string[];
  onDrill: (detail: SaldoDrillDetail) => void;
}

/**
 * An amount cell: whole kroner as the line's footed figures give them. A figure with postings behind
 * it is a button that drills into them.
 */
function Amount({
  kroner,
  part,
  column,
  pinned,
  onDrill,
}: {
  kroner: number;
  part?: string;
  column?: string;
  /** The period column pinned at the right edge (the total, or a balance sheet's period end). */
  pinned?: boolean;
  onDrill?: () => void;
}) {
  const classes = ['amount', kroner < 0 ? 'negative' : '', part ?? '', pinned ? 'pinned-end' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <td class={classes} part={part ? `amount ${part}` : 'amount'} data-column={column}>
      {onDrill ? (
        <button type="button" class="cell" onClick={onDrill}>
          {formatNumber(kroner)}
        </button>
      ) : (
        formatNumber(kroner)
      )}
    </td>
  );
}

/** The variance of the shown figures as a share of the shown budget, one decimal; '–' where a percentage says nothing. */
function VariancePercent({ line }: { line: Line }) {
  const percent = variancePercent(line.shownTotal, line.shownCompare ?? 0, 'kroner');
  const classes = ['amount', percent !== null && percent < 0 ? 'negative' : ''].filter(Boolean).join(' ');
  return (
    <td class={classes} part="amount change-percent">
      {changePercentText(percent)}
    </td>
  );
}

/**
 * The statement table shared by profit and loss, balance sheet and cash flow: a sticky first
 * column of line names, month columns, an optional period column, share column and comparison +
 * change columns. Groups with items expand. Every figure with postings behind it drills into those of
 * its own column's period (a February cell into February's); an account's name into its main column
 * (the period, or the last month end).
 */
export function StatementTable({ lang, columns, lines, initiallyOpen = [], onDrill }: StatementTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const { share } = columns;
  // The period column is pinned at the right where it is the last: the total, or (a balance sheet without
  // comparison) the period end, its last month.
  const pinTotal = !!columns.total && !share && !columns.compare;
  const pinEnd = !columns.total && !share && !columns.compare && columns.months.length > 1;
  const lastKey = columns.months[columns.months.length - 1]?.key;
  const { box, table, onKeyDown, onFocusIn } = useStatementGrid(
    columns.months.map((m) => m.key).join(','),
    pinTotal || pinEnd,
  );
  const width =
    1 +
    columns.months.length +
    (columns.total ? 1 : 0) +
    (share ? 1 : 0) +
    (columns.compare ? (columns.compare.variance ? 3 : 2) : 0);
  const drillTo = (line: Line, period: ColumnPeriod, column: string) => {
    const { drill } = line;
    const from = line.drillFromYearStart ? `${period.to.slice(0, 4)}-01-01` : period.from;
    return drill ? () => onDrill({ ...drill, from, to: period.to, column }) : undefined;
  };
  // The name of an account drills into the period, or where there is none (a balance sheet) the last column.
  const lastMonth = columns.months[columns.months.length - 1];
  const main = (line: Line) =>
    columns.total
      ? drillTo(line, columns.total, 'total')
      : lastMonth
        ? drillTo(line, lastMonth, lastMonth.key)
        : undefined;

  // The change is the difference of the two shown figures, so it adds up on screen as well.
  const cells = (line: Line) => [
    ...columns.months.map((m) =>
      m.booked === false ? (
        <td
          key={m.key}
          class={pinEnd && m.key === lastKey ? 'amount muted pinned-end' : 'amount muted'}
          part="amount not-booked"
          title={t(lang, 'notBooked')}
        >
          –
        </td>
      ) : (
        <Amount
          key={m.key}
          kroner={line.shown[m.index] ?? 0}
          column={m.key}
          pinned={pinEnd && m.key === lastKey}
          onDrill={drillTo(line, m, m.key)}
        />
      ),
    ),
    ...(columns.total
      ? [
          <Amount
            key="total"
            kroner={line.shownTotal}
            part="total"
            column="total"
            pinned={pinTotal}
            onDrill={drillTo(line, columns.total, 'total')}
          />,
        ]
      : []),
    ...(share
      ? [
          <td key="share" class="amount share" part="share">
            {line.kind === 'section' || line.share == null ? '' : formatPercent(line.share * 100)}
          </td>,
        ]
      : []),
    ...(columns.compare?.unbooked
      ? (['compare', 'change', 'percent'] as const).slice(0, columns.compare.variance ? 3 : 2).map((key) => (
          <td key={key} class="amount muted" part="amount comparison-unbooked" title={t(lang, 'comparisonNone')}>
            –
          </td>
        ))
      : columns.compare
        ? [
            <Amount
              key="compare"
              kroner={line.shownCompare ?? 0}
              part="comparison"
              column="comparison"
              onDrill={columns.compare.variance ? undefined : drillTo(line, columns.compare, 'comparison')}
            />,
            <Amount key="change" kroner={line.shownTotal - (line.shownCompare ?? 0)} part="change" />,
            ...(columns.compare.variance ? [<VariancePercent key="percent" line={line} />] : []),
          ]
        : []),
  ];

  const row = (line: Line): ComponentChild | ComponentChild[] => {
    if (line.kind === 'section') {
      return (
        <tr
          key={line.id}
          class={line.part?.includes('subsection') ? 'section subsection' : 'section'}
          part={`row ${line.part ?? 'section-row'}`}
          {...line.attrs}
        >
          <th scope="colgroup" colSpan={width}>
            {/* The heading spans every column; its words stay at the left edge while the months scroll. */}
            <span class="sticky-label">{line.label}</span>
          </th>
        </tr>
      );
    }
    if (line.kind === 'item') {
      const drill = main(line);
      return (
        <tr
          key={line.id}
          class={drill ? 'sub clickable' : 'sub'}
          part={`row ${line.part ?? 'item-row'}`}
          {...line.attrs}
        >
          <th scope="row" class="sticky">
            {drill ? (
              <button type="button" class="link" onClick={drill}>
                {line.label}
              </button>
            ) : (
              line.label
            )}
          </th>
          {cells(line)}
        </tr>
      );
    }
    const items = line.items ?? [];
    const expanded = open.has(line.id);
    return [
      <tr
        key={line.id}
        class={line.kind === 'result' ? 'result' : undefined}
        part={`row ${line.part ?? `${line.kind}-row`}`}
        {...line.attrs}
      >
        <th scope="row" class="sticky">
          {items.length > 0 ? (
            <button
              type="button"
              class="toggle"
              aria-expanded={expanded}
              title={t(lang, 'showAccounts')}
              onClick={() => toggle(line.id)}
            >
              {line.label}
            </button>
          ) : (
            line.label
          )}
        </th>
        {cells(line)}
      </tr>,
      ...(expanded ? items.map((item) => row(item)) : []),
    ];
  };

  return (
    <div class="scroll" ref={box}>
      {/* A grid: one Tab stop, the arrow keys move between its cells (statement-grid.ts). */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table of figures is what ARIA's grid pattern is for; the keyboard is statement-grid.ts */}
      <table part="table" role="grid" ref={table} onKeyDown={onKeyDown} onFocusIn={onFocusIn}>
        <thead>
          <tr part="header-row">
            <th scope="col" class="sticky">
              {t(lang, 'line')}
            </th>
            {columns.months.map((m) => {
              const pin = pinEnd && m.key === lastKey;
              return m.booked === false ? (
                <th
                  scope="col"
                  class={pin ? 'amount muted pinned-end' : 'amount muted'}
                  key={m.key}
                  part="not-booked-header"
                  title={t(lang, 'notBooked')}
                  data-month={pin ? undefined : m.key}
                >
                  {m.label}
                </th>
              ) : (
                <th
                  scope="col"
                  class={pin ? 'amount pinned-end' : 'amount'}
                  key={m.key}
                  part={pin ? 'period-end-header' : m.opening ? 'opening-header' : undefined}
                  title={m.opening ? t(lang, 'openingMonth') : undefined}
                  data-month={pin ? undefined : m.key}
                >
                  {m.opening ? `${m.label}*` : m.label}
                </th>
              );
            })}
            {columns.total && (
              <th
                scope="col"
                class={pinTotal ? 'amount pinned-end' : 'amount'}
                part="total-header"
                title={columns.total.title}
              >
                {columns.total.label}
              </th>
            )}
            {share && (
              <th scope="col" class="amount" part="share-header">
                {share.label}
              </th>
            )}
            {columns.compare && [
              <th scope="col" class="amount" key="compare" part="comparison-header" title={columns.compare.title}>
                {columns.compare.label}
              </th>,
              <th scope="col" class="amount" key="change" part="change-header">
                {t(lang, columns.compare.variance ? 'variance' : 'change')}
              </th>,
              ...(columns.compare.variance
                ? [
                    <th scope="col" class="amount" key="percent" part="change-percent-header">
                      {t(lang, 'variancePercent')}
                    </th>,
                  ]
                : []),
            ]}
          </tr>
        </thead>
        <tbody>{lines.map((line) => row(line))}</tbody>
      </table>
      <OpeningNote lang={lang} months={columns.openingMonths} />
    </div>
  );
}

/** The frame of every statement: its heading, then either the report or the status message. */
export function ReportFrame<T>({
  title,
  state,
  lang,
  children,
}: {
  title: string;
  state: WidgetState<T>;
  lang: SaldoLang;
  children: (data: T) => ComponentChildren;
}) {
  return (
    <section part="container">
      <h2 class="title" part="title">
        {title}
      </h2>
      {state.status === 'data' ? children(state.data) : <StatusView state={state} lang={lang} />}
    </section>
  );
}

export { flowColumns } from './statement-columns';
