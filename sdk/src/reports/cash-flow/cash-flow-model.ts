import type { CashFlowReport } from '@saldo/server/contract';
import { buildCashFlowModel } from '@saldo/server/reports';
import { localized, type SaldoLang, t } from '../../core/i18n';
import type { Line } from '../shared/statement';

/** Ids of the group lines, which the view shows expanded. */
export const cashFlowGroupIds = ['operating', 'investing', 'financing'].map((g) => `g:${g}`);

/** Empty when there are no months or no line moved in any month. */
export function isCashFlowEmpty(report: CashFlowReport | null | undefined): boolean {
  if (!report || !Array.isArray(report.cashflows) || report.cashflows.length === 0) return true;
  return report.cashflows.every(
    (m) => m.netChange === 0 && m.groups.every((g) => g.subItems.every((s) => s.amount === 0)),
  );
}

/**
 * Operating, investing and financing activities with their lines, then the net change and the
 * cash at the start and end (per month, and for the period in the total column). The rows and their
 * footed figures are the shared model's (@saldo/server/reports), which the exports show too.
 */
export function cashFlowLines(report: CashFlowReport, lang: SaldoLang): Line[] {
  const model = buildCashFlowModel(report);
  const lines: Line[] = model.groups.map((group) => ({
    id: `g:${group.group}`,
    kind: 'group',
    label: localized(group.title, lang),
    values: group.values,
    total: group.total,
    shown: group.shown,
    shownTotal: group.shownTotal,
    attrs: { 'data-group': group.group },
    items: group.lines.map(
      (line): Line => ({
        id: `l:${group.group}:${line.key}`,
        kind: 'item',
        label: localized(line.title, lang),
        values: line.values,
        total: line.total,
        shown: line.shown,
        shownTotal: line.shownTotal,
        part: 'line-row',
        attrs: { 'data-cashflow-line': line.key },
        // The server's line for cash a broken source cannot explain has no postings behind it.
        ...(line.key === 'unbalancedSource'
          ? {}
          : { drill: { kind: 'cashflow-line', group: group.group, key: line.key } as const }),
      }),
    ),
  }));
  for (const row of model.balances) {
    lines.push({
      id: `r:${row.key}`,
      kind: 'result',
      label: t(lang, row.key),
      values: row.values,
      total: row.total,
      shown: row.shown,
      shownTotal: row.shownTotal,
      attrs: { 'data-line': row.key },
    });
  }
  return lines;
}
