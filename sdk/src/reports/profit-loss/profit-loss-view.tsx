/** @jsxImportSource preact */
import type { ProfitLossReport } from '@saldo/contract';
import { isBooked } from '@saldo/contract/period/booked';
import { statementLabel } from '@saldo/contract/statements/index';
import { useMemo } from 'preact/hooks';
import { type ChartSeries, ChartView } from '../../charts/chart-view';
import { formatMonth, formatNumber } from '../../core/format';
import { t } from '../../core/i18n';
import { flowColumns, ReportFrame, StatementTable } from '../shared/statement-table';
import { type ChartedViewProps, type StatementViewProps, useStatementLines } from '../shared/statement-view';
import { profitLossLines, shownChartSeries } from './profit-loss-model';

export interface ProfitLossViewProps extends StatementViewProps<ProfitLossReport>, ChartedViewProps {
  /** A column with each line's share of the operating income (show-share). */
  showShare?: boolean;
}

export function ProfitLossView({ state, lang, ...rest }: ProfitLossViewProps) {
  return (
    <ReportFrame title={t(lang, 'profitLossTitle')} state={state} lang={lang}>
      {(report) => <Report report={report} lang={lang} {...rest} />}
    </ReportFrame>
  );
}

function Report({
  report,
  lang,
  totalOnly,
  showChart,
  showShare = false,
  theme,
  onDrill,
}: Omit<ProfitLossViewProps, 'state'> & { report: ProfitLossReport }) {
  const lines = useStatementLines(report, lang, profitLossLines, false);
  const months = report.months.map((m) => m.month);

  // Memoised so the chart is only rebuilt when the report or language changes.
  const chart = useMemo(() => {
    // Whole kroner as the table shows them (footed), so a bar reads as its table figure.
    const series = shownChartSeries(report);
    // A month not yet booked is a gap in the chart, not a fall to 0.
    const whole = (values: number[]) =>
      values.map((v, i) => (isBooked(report.months[i]!.month, report.lastBookedMonth) ? v : null));
    const labels: ChartSeries[] = [
      { label: t(lang, 'revenue'), color: '--saldo-chart-revenue' },
      { label: t(lang, 'costs'), color: '--saldo-chart-costs' },
      { label: t(lang, 'operatingResult'), color: '--saldo-chart-result' },
    ];
    return {
      labels: report.months.map((m) => formatMonth(m.month, lang)),
      values: [whole(series.revenue), whole(series.costs), whole(series.operatingResult)],
      series: labels,
    };
  }, [report, lang]);

  return (
    <>
      {showChart && months.length > 1 && (
        <ChartView {...chart} formatValue={formatNumber} ariaLabel={t(lang, 'chartLabel')} lang={lang} theme={theme} />
      )}
      <StatementTable
        lang={lang}
        columns={{
          ...flowColumns(report, months, lang, totalOnly),
          share: showShare ? { label: statementLabel('shareOfRevenue', lang) } : null,
        }}
        lines={lines}
        onDrill={onDrill}
      />
    </>
  );
}
