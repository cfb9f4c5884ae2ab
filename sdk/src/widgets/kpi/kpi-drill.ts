import type { KpiData, KpiTerm } from '@saldo/contract';
import { endOfMonth, shiftMonths } from '@saldo/contract/period/range';
import { localized, type SaldoLang } from '../../core/i18n';
import type { SaldoDrillDetail } from '../../core/types';

/** Which of a KPI's figures: the period's (the headline), the comparison period's, or a month's (yyyy-mm). */
export type KpiFigure = 'period' | 'comparison' | string;

/**
 * What `saldo-drill` says for a KPI's figure. An amount (EBITDA, working capital) is a sum of
 * postings: the detail is that sum, a balance at the end of its period where the KPI reads one. A ratio
 * is not; an accountant checks it by its numerator and denominator, so the detail names the ratio
 * (`term: 'ratio'`, no accounts) and carries both as `parts`, each a sum of postings with its amount.
 * Null when the figure is unknown (a month outside the data) or the server sent no terms.
 */
export function kpiDrill(data: KpiData, lang: SaldoLang, figure: KpiFigure): SaldoDrillDetail | null {
  const column =
    figure === 'period'
      ? { from: data.startDate, to: data.endDate, column: 'total', amounts: data.terms?.map((t) => t.amount) }
      : figure === 'comparison'
        ? {
            from: data.comparison?.startDate ?? data.startDate,
            to: data.comparison?.endDate ?? data.endDate,
            column: 'comparison',
            // None sent (a share without the comparison): nothing to drill into.
            amounts: data.comparison?.terms,
          }
        : {
            from: `${figure}-01`,
            to: endOfMonth(`${figure}-01`),
            column: figure,
            amounts: data.months.find((m) => m.month === figure)?.terms,
          };
  const { amounts, ...period } = column;
  if (!data.terms?.length || !amounts) return null;
  const base = { kind: 'kpi' as const, origin: 'kpi', key: data.kpi };
  const part = (term: KpiTerm, i: number): SaldoDrillDetail => ({
    ...base,
    term: term.role,
    title: localized(term.label, lang),
    accounts: term.accounts,
    sign: term.sign,
    ...(term.balance ? { balance: true } : {}),
    ...(term.average ? { average: true } : {}),
    ...period,
    // Revenue growth's base: the same months a year earlier.
    ...(term.monthsEarlier
      ? {
          from: shiftMonths(period.from, -term.monthsEarlier),
          to: endOfMonth(shiftMonths(period.to, -term.monthsEarlier)),
        }
      : {}),
    amount: amounts[i] ?? 0,
  });
  const parts = data.terms.map(part);
  const title = localized(data.title, lang);
  if (parts.length === 1) return { ...parts[0]!, title };
  return { ...base, term: 'ratio', title, sign: 1, ...period, parts };
}
