/** @jsxImportSource preact */
import { isBooked } from '@saldo/contract/booked';
import { variancePercent } from '@saldo/contract/variance';
import type { ComponentChild, ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { formatMonth, formatNumber, formatPercent, formatPeriod } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { StatusView } from '../../core/status-view';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import type { Line } from './statement';

export interface StatementColumns {
  /**
   * Month columns shown (labels), in the order of each line's `values`; may be fewer (view="total").
   * `booked: false` marks a month after the board's last booked month: its cells read "not yet
   * booked" instead of zeros.
   */
  months: { key: string; label: string; index: number; booked?: boolean }[];
  /** The period column (each line's `total`), or null when the month columns already say it all. */
  total: { label: string; title?: string } | null;
  /**
   * The comparison column (each line's `compare`) followed by a change column; null without
   * comparison. `variance`: the comparison is a budget, so the change is the variance and a
   * variance % column follows it.
   */
  compare: { label: string; title?: string; variance?: boolean } | null;
}

export interface StatementTableProps {
  lang: SaldoLang;
  columns: StatementColumns;
  lines: Line[];
  /** Groups shown expanded at first (by line id). */
  initiallyOpen?: readonly string[];
  onDrill: (detail: SaldoDrillDetail) => void;
}

/** An amount cell: whole kroner as the line's footed figures give them. */
function Amount({ kroner, part }: { kroner: number; part?: string }) {
  const classes = ['amount', kroner < 0 ? 'negative' : '', part ?? ''].filter(Boolean).join(' ');
  return (
    <td class={classes} part={part ? `amount ${part}` : 'amount'}>
      {formatNumber(kroner)}
    </td>
  );
}

/** The variance of the shown figures as a share of the shown budget, one decimal; '–' without a budget. */
function VariancePercent({ line }: { line: Line }) {
  const percent = variancePercent(line.shownTotal, line.shownCompare ?? 0);
  const classes = ['amount', percent !== null && percent < 0 ? 'negative' : ''].filter(Boolean).join(' ');
  return (
    <td class={classes} part="amount change-percent">
      {percent === null ? '–' : formatPercent(percent, true)}
    </td>
  );
}

/**
 * The statement table shared by profit and loss, balance sheet and cash flow: a sticky first
 * column of line names, month columns, an optional period column and comparison + change
 * columns. Groups with items expand; clicking an item drills into it.
 */
export function StatementTable({ lang, columns, lines, initiallyOpen = [], onDrill }: StatementTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const width =
    1 + columns.months.length + (columns.total ? 1 : 0) + (columns.compare ? (columns.compare.variance ? 3 : 2) : 0);

  // The change is the difference of the two shown figures, so it adds up on screen as well.
  const cells = (line: Line) => [
    ...columns.months.map((m) =>
      m.booked === false ? (
        <td key={m.key} class="amount muted" part="amount not-booked" title={t(lang, 'notBooked')}>
          –
        </td>
      ) : (
        <Amount key={m.key} kroner={line.shown[m.index] ?? 0} />
      ),
    ),
    ...(columns.total ? [<Amount key="total" kroner={line.shownTotal} part="total" />] : []),
    ...(columns.compare
      ? [
          <Amount key="compare" kroner={line.shownCompare ?? 0} part="comparison" />,
          <Amount key="change" kroner={line.shownTotal - (line.shownCompare ?? 0)} part="change" />,
          ...(columns.compare.variance ? [<VariancePercent key="percent" line={line} />] : []),
        ]
      : []),
  ];

  const row = (line: Line): ComponentChild | ComponentChild[] => {
    if (line.kind === 'section') {
      return (
        <tr key={line.id} class="section" part={`row ${line.part ?? 'section-row'}`} {...line.attrs}>
          <th scope="colgroup" colSpan={width} class="sticky">
            {line.label}
          </th>
        </tr>
      );
    }
    if (line.kind === 'item') {
      const { drill: detail } = line;
      const drill = detail ? () => onDrill(detail) : undefined;
      return (
        // Keyboard users activate the item's button; its click bubbles up to the row.
        <tr
          key={line.id}
          class={drill ? 'sub clickable' : 'sub'}
          part={`row ${line.part ?? 'item-row'}`}
          {...line.attrs}
          onClick={drill}
        >
          <th scope="row" class="sticky">
            {drill ? (
              <button type="button" class="link">
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
    <div class="scroll">
      <table part="table">
        <thead>
          <tr part="header-row">
            <th scope="col" class="sticky">
              {t(lang, 'line')}
            </th>
            {columns.months.map((m) =>
              m.booked === false ? (
                <th scope="col" class="amount muted" key={m.key} part="not-booked-header" title={t(lang, 'notBooked')}>
                  {m.label}
                </th>
              ) : (
                <th scope="col" class="amount" key={m.key}>
                  {m.label}
                </th>
              ),
            )}
            {columns.total && (
              <th scope="col" class="amount" part="total-header" title={columns.total.title}>
                {columns.total.label}
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

/** Month, period and comparison columns of a report over months (P&L and cash flow). */
export function flowColumns(
  report: {
    startDate: string;
    endDate: string;
    lastBookedMonth?: string | null | undefined;
    comparison?: { startDate: string; endDate: string; basis?: 'budget' | undefined } | undefined;
  },
  months: string[],
  lang: SaldoLang,
  totalOnly: boolean,
): StatementColumns {
  const { comparison } = report;
  return {
    months: totalOnly
      ? []
      : months.map((m, index) => ({
          key: m,
          label: formatMonth(m, lang),
          index,
          booked: isBooked(m, report.lastBookedMonth),
        })),
    total: {
      label: comparison ? formatPeriod(report.startDate, report.endDate, lang) : t(lang, 'total'),
      title: `${report.startDate} – ${report.endDate}`,
    },
    compare: comparison
      ? comparison.basis === 'budget'
        ? {
            label: t(lang, 'budget'),
            title: `${t(lang, 'comparedWith')} ${t(lang, 'budget').toLowerCase()} ${comparison.startDate} – ${comparison.endDate}`,
            variance: true,
          }
        : {
            label: formatPeriod(comparison.startDate, comparison.endDate, lang),
            title: `${t(lang, 'comparedWith')} ${comparison.startDate} – ${comparison.endDate}`,
          }
      : null,
  };
}
