import { comparisonHeading } from '@saldo/contract/exports/texts';
import { isBooked } from '@saldo/contract/period/booked';
import { formatMonth, formatPeriod } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';
import { type Openings, openingMonthLabels } from './opening-months';
import { monthPeriod, type StatementColumns } from './statement-table';

/** Month, period and comparison columns of a report over months (P&L and cash flow). */
export function flowColumns(
  report: {
    startDate: string;
    endDate: string;
    lastBookedMonth?: string | null | undefined;
    comparison?:
      | ({
          startDate: string;
          endDate: string;
          basis?: 'budget' | undefined;
          bookedMonths?: number | undefined;
        } & Openings)
      | undefined;
  } & Openings,
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
          ...(report.openingMonths?.includes(m) ? { opening: true } : {}),
          ...monthPeriod(m),
        })),
    openingMonths: openingMonthLabels(report, lang),
    total: {
      label: comparison ? formatPeriod(report.startDate, report.endDate, lang) : t(lang, 'total'),
      title: `${report.startDate} – ${report.endDate}`,
      from: report.startDate,
      to: report.endDate,
    },
    compare: comparison
      ? comparison.basis === 'budget'
        ? {
            label: t(lang, 'budget'),
            title: `${t(lang, 'comparedWith')} ${t(lang, 'budget').toLowerCase()} ${comparison.startDate} – ${comparison.endDate}`,
            variance: true,
            from: comparison.startDate,
            to: comparison.endDate,
          }
        : comparedPeriod(comparison, lang)
      : null,
  };
}

/** A comparison period's column: over no booked month there is nothing to compare with (its cells read '–'). */
function comparedPeriod(
  comparison: { startDate: string; endDate: string; bookedMonths?: number | undefined },
  lang: SaldoLang,
): NonNullable<StatementColumns['compare']> {
  const { startDate, endDate, bookedMonths } = comparison;
  return {
    label: comparisonHeading(formatPeriod(startDate, endDate, lang), comparison, lang),
    title: `${t(lang, 'comparedWith')} ${startDate} – ${endDate}${bookedMonths === 0 ? `: ${t(lang, 'comparisonNone')}` : ''}`,
    from: startDate,
    to: endDate,
    ...(bookedMonths === 0 ? { unbooked: true } : {}),
  };
}
