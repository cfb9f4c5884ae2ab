/** @jsxImportSource preact */
import type { CashFlowReport } from '@saldo/contract';
import { oreToKroner } from '@saldo/contract/numbers/footing';
import { isBooked } from '@saldo/contract/period/booked';
import { useMemo } from 'preact/hooks';
import { type ChartSeries, ChartView } from '../../charts/chart-view';
import { formatMonth, formatNumber } from '../../core/format';
import { t } from '../../core/i18n';
import { BudgetNotice } from '../shared/budget-notice';
import { flowColumns, ReportFrame, StatementTable } from '../shared/statement-table';
import { type ChartedViewProps, type StatementViewProps, useStatementLines } from '../shared/statement-view';
import { cashFlowLines } from './cash-flow-model';

/** The chart is of cash at each month end. */
export interface CashFlowViewProps extends StatementViewProps<CashFlowReport>, ChartedViewProps {}

export function CashFlowView({ state, lang, ...rest }: CashFlowViewProps) {
  return (
    <ReportFrame title={t(lang, 'cashFlowTitle')} state={state} lang={lang}>
      {(report) => <Report report={report} lang={lang} {...rest} />}
    </ReportFrame>
  );
}

function Report({
  report,
  lang,
  totalOnly,
  showChart,
  theme,
  onDrill,
}: Omit<CashFlowViewProps, 'state'> & { report: CashFlowReport }) {
  const lines = useStatementLines(report, lang, cashFlowLines, true);
  const months = report.cashflows.map((m) => m.month);
  const chart = useMemo(() => {
    const series: ChartSeries[] = [{ label: t(lang, 'closingCash'), color: '--saldo-chart-revenue' }];
    return {
      labels: report.cashflows.map((m) => formatMonth(m.month, lang)),
      // A month not yet booked is a gap in the chart, not a flat line of the last balance. Cash as the
      // table and the balance sheet show it (footing.ts: a figure shown in several places).
      values: [
        report.cashflows.map((m) => (isBooked(m.month, report.lastBookedMonth) ? oreToKroner(m.closingBalance) : null)),
      ],
      series,
    };
  }, [report, lang]);

  // What the budget leaves unexplained over its period, as its balance sheet is off at the period's end.
  const budget = report.comparison?.basis === 'budget' ? report.comparison : undefined;
  const budgetGap =
    budget?.total.groups.flatMap((g) => g.subItems).find((s) => s.group === 'unbalancedBudget')?.amount ?? 0;
  const budgetEnd = budget?.cashflows[budget.cashflows.length - 1]?.month;

  return (
    <>
      <BudgetNotice
        off={budgetGap !== 0 && budgetEnd ? { amount: budgetGap, when: formatMonth(budgetEnd, lang) } : undefined}
        lang={lang}
      />
      {showChart && months.length > 1 && (
        <ChartView
          {...chart}
          formatValue={formatNumber}
          height={180}
          ariaLabel={t(lang, 'cashChartLabel')}
          lang={lang}
          theme={theme}
        />
      )}
      <StatementTable
        lang={lang}
        columns={flowColumns(report, months, lang, totalOnly)}
        lines={lines}
        onDrill={onDrill}
      />
    </>
  );
}
