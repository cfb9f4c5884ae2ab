import type { BalanceSheetGroup, BalanceSheetReport } from '@saldo/server/contract';
import { localized, type SaldoLang, t } from '../../core/i18n';
import { accountItems, type Line } from '../shared/statement';

const SIDES = ['assets', 'equityAndLiabilities'] as const;
const TOTALS = { assets: 'totalAssets', equityAndLiabilities: 'totalEquityAndLiabilities' } as const;

const last = (values: number[]) => values[values.length - 1] ?? 0;

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
 * `total` is its balance at the last month end.
 */
export function balanceSheetLines(report: BalanceSheetReport, lang: SaldoLang): Line[] {
  const { months } = report;
  const groups = new Map<string, BalanceSheetGroup>();
  for (const month of months) for (const g of month.groups) if (!groups.has(g.group)) groups.set(g.group, g);
  const lines: Line[] = [];
  for (const side of SIDES) {
    lines.push({ id: `s:${side}`, kind: 'section', label: t(lang, side), values: [], total: 0 });
    for (const group of [...groups.values()].filter((g) => g.side === side)) {
      const perMonth = months.map((m) => m.groups.find((g) => g.group === group.group));
      const values = perMonth.map((g) => g?.totalAmountOfGroup ?? 0);
      const items = accountItems(
        perMonth.map((g) =>
          (g?.subItems ?? []).map((s) => ({
            number: s.number,
            accountId: s.accountId,
            label: localized(s.title, lang),
            amount: s.amount,
          })),
        ),
        undefined,
        ({ number, accountId, label }) => {
          // A line without an account ID or number is the server's earlier years' unclosed result: no postings.
          const isAccount = accountId !== undefined || number !== 0;
          const shown = accountId ?? String(number);
          return {
            id: `a:${number}:${accountId ?? ''}`,
            kind: 'item',
            label: isAccount ? `${shown} ${label}` : label,
            part: 'account-row',
            attrs: { 'data-account': shown },
            ...(isAccount
              ? {
                  drill: {
                    kind: 'account',
                    number,
                    ...(accountId !== undefined ? { accountId } : {}),
                    title: label,
                    group: group.group,
                  } as const,
                }
              : {}),
          };
        },
      );
      for (const item of items) item.total = last(item.values);
      lines.push({
        id: `g:${group.group}`,
        kind: 'group',
        label: localized(group.groupTitle, lang),
        values,
        total: last(values),
        attrs: { 'data-group': group.group },
        items,
      });
    }
    const values = months.map((m) => m[TOTALS[side]]);
    lines.push({
      id: `r:${TOTALS[side]}`,
      kind: 'result',
      label: t(lang, TOTALS[side]),
      values,
      total: last(values),
      attrs: { 'data-line': TOTALS[side] },
    });
  }
  if (months.some((m) => m.difference !== 0)) {
    const values = months.map((m) => m.difference);
    lines.push({
      id: 'r:difference',
      kind: 'result',
      label: t(lang, 'difference'),
      values,
      total: last(values),
      part: 'result-row difference-row',
      attrs: { 'data-line': 'difference' },
    });
  }
  return lines;
}
