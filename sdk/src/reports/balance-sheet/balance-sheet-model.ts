import type { BalanceSheetReport } from '@saldo/server/contract';
import { accountLabel, buildBalanceSheetModel } from '@saldo/server/reports';
import { localized, type SaldoLang, t } from '../../core/i18n';
import type { Line } from '../shared/statement';

/** Empty when there are no month ends or nothing has a balance at any of them. */
export function isBalanceSheetEmpty(report: BalanceSheetReport | null | undefined): boolean {
  if (!report || !Array.isArray(report.months) || report.months.length === 0) return true;
  return report.months.every((m) =>
    m.groups.every((g) => g.totalAmountOfGroup === 0 && g.subItems.every((s) => s.amount === 0)),
  );
}

/**
 * Assets, then equity and liabilities: each a section heading, its groups (expanding to the
 * accounts) and its sum; then the difference when the source does not balance. A line's
 * `total` is its balance at the last month end. The rows and their footed figures are the shared
 * model's (@saldo/server/reports), which the exports show too.
 */
export function balanceSheetLines(report: BalanceSheetReport, lang: SaldoLang): Line[] {
  const model = buildBalanceSheetModel(report);
  const lines: Line[] = [];
  for (const { side, groups, sum } of model.sides) {
    lines.push({
      id: `s:${side}`,
      kind: 'section',
      label: t(lang, side),
      values: [],
      total: 0,
      shown: [],
      shownTotal: 0,
    });
    for (const group of groups) {
      lines.push({
        id: `g:${group.group}`,
        kind: 'group',
        label: localized(group.title, lang),
        values: group.values,
        total: group.total,
        shown: group.shown,
        shownTotal: group.shownTotal,
        attrs: { 'data-group': group.group },
        items: group.items.map((item): Line => {
          const label = localized(item.title, lang);
          const shownId = accountLabel(item);
          return {
            id: `a:${item.number}:${item.accountId ?? ''}`,
            kind: 'item',
            // The earlier years' unclosed result is no account: no number, no postings to drill into.
            label: item.isAccount ? `${shownId} ${label}` : label,
            values: item.values,
            total: item.total,
            shown: item.shown,
            shownTotal: item.shownTotal,
            part: 'account-row',
            attrs: { 'data-account': shownId },
            ...(item.isAccount
              ? {
                  drill: {
                    kind: 'account',
                    number: item.number,
                    ...(item.accountId !== undefined ? { accountId: item.accountId } : {}),
                    title: label,
                    group: group.group,
                  } as const,
                }
              : {}),
          };
        }),
      });
    }
    lines.push({
      id: `r:${sum.key}`,
      kind: 'result',
      label: t(lang, sum.key),
      values: sum.values,
      total: sum.total,
      shown: sum.shown,
      shownTotal: sum.shownTotal,
      attrs: { 'data-line': sum.key },
    });
  }
  const { difference } = model;
  if (difference) {
    lines.push({
      id: 'r:difference',
      kind: 'result',
      label: t(lang, 'difference'),
      values: difference.values,
      total: difference.total,
      shown: difference.shown,
      shownTotal: difference.shownTotal,
      part: 'result-row difference-row',
      attrs: { 'data-line': 'difference' },
    });
  }
  return lines;
}
