import type { ProfitLossGroupId, ProfitLossPeriod, ProfitLossReport } from '@saldo/server/contract';
import { accountLabel, buildProfitLossModel, groupOf } from '@saldo/server/reports';
import { localized, type SaldoLang, t } from '../../core/i18n';
import type { Line } from '../shared/statement';

// The rows themselves are the server's (the exports show the same); this adds labels and the chart.
export { buildProfitLossModel };

const INCOME: ProfitLossGroupId[] = ['salesRevenue', 'otherOperatingIncome'];
const OPERATING_COSTS: ProfitLossGroupId[] = ['costOfGoods', 'payroll', 'depreciation', 'otherOperatingExpenses'];

/** Empty when there are no months or every line of every month is zero. */
export function isProfitLossEmpty(report: ProfitLossReport | null | undefined): boolean {
  if (!report || !Array.isArray(report.months) || report.months.length === 0) return true;
  return report.months.every((m) =>
    m.groups.every((g) => g.totalAmountOfGroup === 0 && g.subItems.every((s) => s.amount === 0)),
  );
}

/** Monthly chart series in øre: income, operating costs as a positive number, operating result. */
export function chartSeries(report: ProfitLossReport): {
  revenue: number[];
  costs: number[];
  operatingResult: number[];
} {
  const sum = (period: ProfitLossPeriod, ids: ProfitLossGroupId[]) =>
    ids.reduce((acc, id) => acc + (groupOf(period, id)?.totalAmountOfGroup ?? 0), 0);
  return {
    revenue: report.months.map((m) => sum(m, INCOME)),
    costs: report.months.map((m) => Math.abs(sum(m, OPERATING_COSTS))),
    operatingResult: report.months.map((m) => m.operatingResult),
  };
}

/** The statement table's lines: groups (expanding to their accounts) and result lines. */
export function profitLossLines(report: ProfitLossReport, lang: SaldoLang): Line[] {
  return buildProfitLossModel(report).rows.map((row): Line => {
    if (row.kind === 'result') {
      return {
        id: `r:${row.key}`,
        kind: 'result',
        label: t(lang, row.key),
        values: row.values,
        total: row.total,
        shown: row.shown,
        shownTotal: row.shownTotal,
        attrs: { 'data-line': row.key },
      };
    }
    return {
      id: `g:${row.group}`,
      kind: 'group',
      label: localized(row.title, lang),
      values: row.values,
      total: row.total,
      shown: row.shown,
      shownTotal: row.shownTotal,
      attrs: { 'data-group': row.group },
      items: row.accounts.map((account) => ({
        id: `a:${account.number}:${account.accountId ?? ''}`,
        kind: 'item',
        label: `${accountLabel(account)} ${localized(account.title, lang)}`,
        values: account.values,
        total: account.total,
        shown: account.shown,
        shownTotal: account.shownTotal,
        part: 'account-row',
        attrs: { 'data-account': accountLabel(account) },
        drill: {
          kind: 'account',
          number: account.number,
          ...(account.accountId !== undefined ? { accountId: account.accountId } : {}),
          title: localized(account.title, lang),
          group: row.group,
        },
      })),
    };
  });
}
