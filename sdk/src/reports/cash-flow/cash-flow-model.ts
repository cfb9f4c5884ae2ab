import type { CashFlowGroup, CashFlowReport } from '@saldo/server/contract';
import { localized, type SaldoLang, t } from '../../core/i18n';
import type { Line } from '../shared/statement';

const GROUPS = ['operating', 'investing', 'financing'] as const;
const BALANCES = ['netChange', 'openingBalance', 'closingBalance'] as const;

/** Ids of the group lines, which the view shows expanded. */
export const cashFlowGroupIds = GROUPS.map((g) => `g:${g}`);

/** Empty when there are no months or no line moved in any month. */
export function isCashFlowEmpty(report: CashFlowReport | null | undefined): boolean {
  if (!report || !Array.isArray(report.cashflows) || report.cashflows.length === 0) return true;
  return report.cashflows.every(
    (m) => m.netChange === 0 && m.groups.every((g) => g.subItems.every((s) => s.amount === 0)),
  );
}

/**
 * Operating, investing and financing activities with their lines, then the net change and the
 * cash at the start and end (per month, and for the period in the total column).
 */
export function cashFlowLines(report: CashFlowReport, lang: SaldoLang): Line[] {
  const months = report.cashflows;
  const find = (groups: CashFlowGroup[], id: string) => groups.find((g) => g.group === id);
  const lines: Line[] = GROUPS.map((group) => {
    const perMonth = months.map((m) => find(m.groups, group));
    const total = find(report.total.groups, group);
    const keys = new Map<string, { no: string; en: string }>();
    for (const g of [total, ...perMonth])
      for (const s of g?.subItems ?? []) if (!keys.has(s.group)) keys.set(s.group, s);
    const title = (total ?? perMonth.find(Boolean))?.title ?? { no: group, en: group };
    return {
      id: `g:${group}`,
      kind: 'group',
      label: localized(title, lang),
      values: perMonth.map((g) => g?.totalAmountOfGroup ?? 0),
      total: total?.totalAmountOfGroup ?? 0,
      attrs: { 'data-group': group },
      items: [...keys].map(([key, text]): Line => {
        const amount = (g: CashFlowGroup | undefined) => g?.subItems.find((s) => s.group === key)?.amount ?? 0;
        return {
          id: `l:${group}:${key}`,
          kind: 'item',
          label: localized(text, lang),
          values: perMonth.map(amount),
          total: amount(total),
          part: 'line-row',
          attrs: { 'data-cashflow-line': key },
          // The server's line for cash a broken source cannot explain has no postings behind it.
          ...(key === 'unbalancedSource' ? {} : { drill: { kind: 'cashflow-line', group, key } as const }),
        };
      }),
    };
  });
  for (const key of BALANCES) {
    lines.push({
      id: `r:${key}`,
      kind: 'result',
      label: t(lang, key),
      values: months.map((m) => m[key]),
      total: report.total[key],
      attrs: { 'data-line': key },
    });
  }
  return lines;
}
