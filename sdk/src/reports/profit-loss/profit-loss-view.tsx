/** @jsxImportSource preact */
import type { ProfitLossReport } from '@saldo/server/contract';
import { useMemo, useState } from 'preact/hooks';
import { type ChartSeries, UPlotView } from '../../charts/uplot-view';
import { formatAmount, formatMonth, formatNumber, oreToUnits } from '../../core/format';
import { localized, type SaldoLang, t } from '../../core/i18n';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';
import { type AccountRow, buildProfitLossModel, chartSeries, type GroupRow } from './profit-loss-model';

export interface ProfitLossViewProps {
  state: WidgetState<ProfitLossReport>;
  lang: SaldoLang;
  /** Only the Total column (no month columns). */
  totalOnly: boolean;
  /** Hide the chart (e.g. view="table"). */
  showChart: boolean;
  theme?: string | undefined;
  onDrill: (group: GroupRow, account: AccountRow) => void;
}

export function ProfitLossView({ state, lang, ...rest }: ProfitLossViewProps) {
  return (
    <section part="container">
      <h2 class="title" part="title">
        {t(lang, 'profitLossTitle')}
      </h2>
      {state.status === 'data' ? (
        <Report report={state.data} lang={lang} {...rest} />
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}

function Amount({ ore, total }: { ore: number; total?: boolean }) {
  const classes = ['amount', ore < 0 ? 'negative' : '', total ? 'total' : ''].filter(Boolean).join(' ');
  return (
    <td class={classes} part={total ? 'amount total' : 'amount'}>
      {formatAmount(ore)}
    </td>
  );
}

function Report({
  report,
  lang,
  totalOnly,
  showChart,
  theme,
  onDrill,
}: Omit<ProfitLossViewProps, 'state'> & { report: ProfitLossReport }) {
  const model = useMemo(() => buildProfitLossModel(report), [report]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (group: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(group)) next.add(group);
      return next;
    });

  // Memoised so the chart is only rebuilt when the report, language or theme changes.
  const chart = useMemo(() => {
    const series = chartSeries(report);
    const whole = (values: number[]) => values.map(oreToUnits);
    const chartSeriesLabels: ChartSeries[] = [
      { label: t(lang, 'revenue'), color: '--saldo-chart-revenue' },
      { label: t(lang, 'costs'), color: '--saldo-chart-costs' },
      { label: t(lang, 'operatingResult'), color: '--saldo-chart-result' },
    ];
    return {
      labels: model.months.map((m) => formatMonth(m, lang)),
      values: [whole(series.revenue), whole(series.costs), whole(series.operatingResult)],
      series: chartSeriesLabels,
    };
  }, [report, model, lang]);

  const months = totalOnly ? [] : model.months;
  const cells = (values: number[]) => (totalOnly ? [] : values.map((v, i) => <Amount key={model.months[i]} ore={v} />));

  return (
    <>
      {showChart && model.months.length > 1 && (
        <UPlotView
          labels={chart.labels}
          values={chart.values}
          series={chart.series}
          formatValue={formatNumber}
          ariaLabel={t(lang, 'chartLabel')}
          theme={theme}
        />
      )}
      <div class="scroll">
        <table part="table">
          <thead>
            <tr part="header-row">
              <th scope="col" class="sticky">
                {t(lang, 'line')}
              </th>
              {months.map((m) => (
                <th scope="col" class="amount" key={m}>
                  {formatMonth(m, lang)}
                </th>
              ))}
              <th scope="col" class="amount">
                {t(lang, 'total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {model.rows.map((row) => {
              if (row.kind === 'result') {
                return (
                  <tr key={row.key} class="result" part="row result-row" data-line={row.key}>
                    <th scope="row" class="sticky">
                      {t(lang, row.key)}
                    </th>
                    {cells(row.values)}
                    <Amount ore={row.total} total />
                  </tr>
                );
              }
              const expanded = open.has(row.group);
              return [
                <tr key={row.group} part="row group-row" data-group={row.group}>
                  <th scope="row" class="sticky">
                    {row.accounts.length > 0 ? (
                      <button
                        type="button"
                        class="toggle"
                        aria-expanded={expanded}
                        title={t(lang, 'showAccounts')}
                        onClick={() => toggle(row.group)}
                      >
                        {localized(row.title, lang)}
                      </button>
                    ) : (
                      localized(row.title, lang)
                    )}
                  </th>
                  {cells(row.values)}
                  <Amount ore={row.total} total />
                </tr>,
                ...(expanded
                  ? row.accounts.map((account) => (
                      // Keyboard users activate the account's button; its click bubbles up here.
                      <tr
                        key={`${row.group}-${account.number}`}
                        class="sub clickable"
                        part="row account-row"
                        data-account={account.number}
                        onClick={() => onDrill(row, account)}
                      >
                        <th scope="row" class="sticky">
                          <button type="button" class="link">
                            {account.number} {localized(account.title, lang)}
                          </button>
                        </th>
                        {cells(account.values)}
                        <Amount ore={account.total} total />
                      </tr>
                    ))
                  : []),
              ];
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
