import {
  addMonths,
  fiscalYearOf,
  type MonthSpan,
  type PeriodChoice,
  type PeriodContext,
  spanDates,
} from '@saldo/contract/period/period';
import type { TFunction } from 'i18next';
import { showDate } from '../../components/dates';

/** A month's name in the portal's language, 'mars 2026'. */
export function monthName(month: string, t: TFunction): string {
  const names = t('dateField.months', { returnObjects: true }) as string[];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}

/** A fiscal year by its years: '2025/26', or '2026' when it is the calendar year. */
export function fiscalYearName(span: MonthSpan): string {
  const [from, to] = [span.from.slice(0, 4), span.to.slice(0, 4)];
  return from === to ? from : `${from}/${to.slice(2)}`;
}

/** What a period is called: 'Hittil i år', '2. kvartal 2026', 'Regnskapsår 2025/26', 'mars 2026'. */
export function periodName(choice: PeriodChoice, span: MonthSpan, context: PeriodContext, t: TFunction): string {
  switch (choice.kind) {
    case 'ytd':
      return t(context.fiscalYearStart === 1 ? 'period.ytd' : 'period.fiscalYtd');
    case 'rolling12':
      return t('period.rolling12');
    case 'month':
      return monthName(span.from, t);
    case 'quarter':
      return t('period.quarter', {
        quarter: Math.ceil(Number(span.from.slice(5, 7)) / 3),
        year: span.from.slice(0, 4),
      });
    case 'year':
      return span.from.slice(0, 4);
    case 'fiscalYear':
      return t('period.fiscalYearLabel', { label: fiscalYearName(span) });
    case 'custom':
      return t('period.custom');
  }
}

/** The days a period covers, as shown: '2026/01/01 – 2026/10/31'. */
export function rangeText(span: MonthSpan): string {
  const { startDate, endDate } = spanDates(span);
  return `${showDate(startDate)} – ${showDate(endDate)}`;
}

/** "Last year": the (fiscal) year before the one today is in. */
export function lastYearSpan(context: Pick<PeriodContext, 'today' | 'fiscalYearStart'>): MonthSpan {
  const current = fiscalYearOf(context.today, context.fiscalYearStart);
  return fiscalYearOf(addMonths(current.from, -1), context.fiscalYearStart);
}
