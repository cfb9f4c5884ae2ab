/** @jsxImportSource preact */
import type { BalanceSheetReport } from '@saldo/contract';
import { comparedBalanceUnbooked } from '@saldo/contract/period/booked';
import { formatAmount, formatDate } from '../../core/format';
import { t } from '../../core/i18n';
import { BudgetNotice } from '../shared/budget-notice';
import { openingMonthLabels } from '../shared/opening-months';
import { monthPeriod, ReportFrame, type StatementColumns, StatementTable } from '../shared/statement-table';
import { type StatementViewProps, useStatementLines } from '../shared/statement-view';
import { balanceSheetLines } from './balance-sheet-model';

export type BalanceSheetViewProps = StatementViewProps<BalanceSheetReport>;

export function BalanceSheetView({ state, lang, totalOnly, onDrill }: BalanceSheetViewProps) {
  return (
    <ReportFrame title={t(lang, 'balanceSheetTitle')} state={state} lang={lang}>
      {(report) => <Report report={report} lang={lang} totalOnly={totalOnly} onDrill={onDrill} />}
    </ReportFrame>
  );
}

function Report({
  report,
  lang,
  totalOnly,
  onDrill,
}: Omit<BalanceSheetViewProps, 'state'> & { report: BalanceSheetReport }) {
  const lines = useStatementLines(report, lang, balanceSheetLines, true);
  const { months, comparison } = report;
  const lastIndex = months.length - 1;
  const compareEnd = comparison?.months[comparison.months.length - 1];
  const columns: StatementColumns = {
    months: months
      .map((m, index) => ({
        key: m.month,
        label: formatDate(m.date),
        index,
        ...(report.openingMonths?.includes(m.month) ? { opening: true } : {}),
        ...monthPeriod(m.month),
      }))
      .filter((m) => !totalOnly || m.index === lastIndex),
    total: null,
    compare:
      comparison && compareEnd
        ? comparison.basis === 'budget'
          ? {
              label: t(lang, 'budget'),
              title: `${t(lang, 'comparedWith')} ${t(lang, 'budget').toLowerCase()} ${compareEnd.date}`,
              variance: true,
              ...monthPeriod(compareEnd.month),
            }
          : comparedBalanceUnbooked(comparison, compareEnd.month)
            ? {
                label: formatDate(compareEnd.date),
                title: `${t(lang, 'comparedWith')} ${compareEnd.date}: ${t(lang, 'comparisonNone')}`,
                unbooked: true,
                ...monthPeriod(compareEnd.month),
              }
            : {
                label: formatDate(compareEnd.date),
                title: `${t(lang, 'comparedWith')} ${compareEnd.date}`,
                ...monthPeriod(compareEnd.month),
              }
        : null,
  };
  // A month end shown that is a file's opening balances (a column, or the comparison's) is named in the note.
  const shownOpenings = [
    ...columns.months.filter((m) => m.opening).map((m) => m.key),
    ...(compareEnd && comparison?.openingMonths?.includes(compareEnd.month) ? [compareEnd.month] : []),
  ];
  columns.openingMonths = openingMonthLabels({ openingMonths: shownOpenings }, lang);
  // The budget's difference at the month end its column shows (its last), else where it last was off.
  const budgetOff =
    comparison?.basis === 'budget' ? [...comparison.months].reverse().find((m) => m.difference !== 0) : undefined;
  // A source that does not balance is shown, never hidden: the first month end that is off, and
  // the server's own words (English) on hover.
  const off = months.find((m) => m.difference !== 0);
  return (
    <>
      {(off || report.warnings.length > 0) && (
        <div class="warning" part="warning" role="alert" title={report.warnings.join('\n')}>
          {off
            ? `${t(lang, 'notBalanced')} ${formatAmount(off.difference)} (${formatDate(off.date)}).`
            : report.warnings.join(' ')}
        </div>
      )}
      <BudgetNotice off={budgetOff && { amount: budgetOff.difference, when: formatDate(budgetOff.date) }} lang={lang} />
      <StatementTable lang={lang} columns={columns} lines={lines} onDrill={onDrill} />
    </>
  );
}
