import type { ProfitLossGroupId, ProfitLossPeriod, ProfitLossReport } from '@saldo/contract';
import {
  PROFIT_LOSS_PARTS,
  PROFIT_LOSS_RANGES,
  PROFIT_LOSS_SUBTOTALS,
  rangesParam,
} from '@saldo/contract/statements/chart';
import {
  accountLabel,
  buildProfitLossModel,
  groupOf,
  shareOfRevenue,
  statementLabel,
} from '@saldo/contract/statements/index';
import { localized, type SaldoLang } from '../../core/i18n';
import { groupLine, type Line, resultLine } from '../shared/statement';

// The rows themselves are the server's (the exports show the same); this adds labels and the chart.
export { buildProfitLossModel };

const { income: INCOME, operatingCosts: OPERATING_COSTS } = PROFIT_LOSS_PARTS;

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
  const sum = (period: ProfitLossPeriod, ids: readonly ProfitLossGroupId[]) =>
    ids.reduce((acc, id) => acc + (groupOf(period, id)?.totalAmountOfGroup ?? 0), 0);
  return {
    revenue: report.months.map((m) => sum(m, INCOME)),
    costs: report.months.map((m) => Math.abs(sum(m, OPERATING_COSTS))),
    operatingResult: report.months.map((m) => m.operatingResult),
  };
}

/**
 * The chart's monthly series in whole kroner as the table shows them (the footed Sum driftsinntekter,
 * Sum driftskostnader as a positive number, Driftsresultat), so a bar and its table figure agree.
 */
export function shownChartSeries(report: ProfitLossReport): {
  revenue: number[];
  costs: number[];
  operatingResult: number[];
} {
  const rows = buildProfitLossModel(report).rows;
  const shown = (key: string): number[] => {
    const row = rows.find((r) => r.kind === 'result' && r.key === key);
    return row && row.kind === 'result' ? row.shown : report.months.map(() => 0);
  };
  return {
    revenue: [...shown('operatingIncome')],
    costs: shown('operatingExpenses').map((k) => Math.abs(k)),
    operatingResult: [...shown('operatingResult')],
  };
}

const ORIGIN = 'profit-loss';

/**
 * The statement table's lines in the order of regnskapsloven § 6-1: the two headings, the lines
 * (expanding to their accounts) and the subtotals. Every figure drills into the postings of the
 * accounts it sums (report sign: the ledger's turned round); each line carries its share of the
 * period's operating income for the optional share column.
 */
export function profitLossLines(report: ProfitLossReport, lang: SaldoLang): Line[] {
  const model = buildProfitLossModel(report);
  const revenue = report.total.operatingIncome;
  const share = (ore: number) => shareOfRevenue(ore, revenue);
  return model.rows.map((row): Line => {
    if (row.kind === 'section') {
      return {
        id: `s:${row.key}`,
        kind: 'section',
        label: statementLabel(row.key, lang),
        values: [],
        total: 0,
        shown: [],
        shownTotal: 0,
      };
    }
    if (row.kind === 'result') {
      const label = statementLabel(row.key, lang);
      return {
        ...resultLine(row.key, label, row),
        share: share(row.total),
        drill: {
          kind: 'subtotal',
          origin: ORIGIN,
          title: label,
          key: row.key,
          accounts: rangesParam(PROFIT_LOSS_SUBTOTALS[row.key]),
          sign: -1,
        },
      };
    }
    const label = localized(row.title, lang);
    const range = PROFIT_LOSS_RANGES[row.group as ProfitLossGroupId] as readonly [number, number] | undefined;
    return {
      ...groupLine(row.group, label, row),
      share: share(row.total),
      ...(range
        ? {
            drill: {
              kind: 'line',
              origin: ORIGIN,
              title: label,
              group: row.group,
              key: row.group,
              accounts: rangesParam([range]),
              sign: -1,
            } as const,
          }
        : {}),
      items: row.accounts.map((account) => ({
        id: `a:${account.number}:${account.accountId ?? ''}`,
        kind: 'item',
        label: `${accountLabel(account)} ${localized(account.title, lang)}`,
        values: account.values,
        total: account.total,
        shown: account.shown,
        shownTotal: account.shownTotal,
        share: share(account.total),
        part: 'account-row',
        attrs: { 'data-account': accountLabel(account) },
        drill: {
          kind: 'account',
          origin: ORIGIN,
          number: account.number,
          ...(account.accountId !== undefined ? { accountId: account.accountId } : {}),
          title: `${accountLabel(account)} ${localized(account.title, lang)}`,
          group: row.group,
          accounts: String(account.number),
          sign: -1,
        },
      })),
    };
  });
}
