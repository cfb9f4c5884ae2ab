import type { CashFlowReport } from '@saldo/contract';
import { CASH_FLOW_LINES, CASH_RANGES, cashFlowSectionSum, rangesParam } from '@saldo/contract/statements/chart';
import { buildCashFlowModel, CASH_FLOW_NET, statementLabel } from '@saldo/contract/statements/index';
import { localized, type SaldoLang } from '../../core/i18n';
import { type DrillSpec, type Line, resultLine } from '../shared/statement';

const ORIGIN = 'cash-flow';

/** Empty when there are no months or no line moved in any month. */
export function isCashFlowEmpty(report: CashFlowReport | null | undefined): boolean {
  if (!report || !Array.isArray(report.cashflows) || report.cashflows.length === 0) return true;
  return report.cashflows.every(
    (m) => m.netChange === 0 && m.groups.every((g) => g.subItems.every((s) => s.amount === 0)),
  );
}

const cash = (key: 'netChange' | 'openingBalance' | 'closingBalance', title: string): DrillSpec => ({
  kind: key === 'netChange' ? 'subtotal' : 'balance',
  origin: ORIGIN,
  title,
  key,
  accounts: rangesParam(CASH_RANGES),
  sign: 1,
  ...(key === 'netChange' ? {} : { balance: true }),
});

/**
 * The indirect method as NRS 2 lays it out: operating, investing and financing activities, each a
 * heading, its lines and its net; then the net change and the cash at the start and end (per month,
 * and for the period in the total column). Every line and net drills into the postings of the
 * accounts it is made of (their cash effect: the movement with its sign turned, depreciation added
 * back), the cash figures into cash and bank (19xx). The rows and their footed figures are the shared
 * model's (@saldo/contract/statements/index), which the exports show too.
 */
export function cashFlowLines(report: CashFlowReport, lang: SaldoLang): Line[] {
  const model = buildCashFlowModel(report);
  const lines: Line[] = [];
  for (const group of model.groups) {
    lines.push({
      id: `s:${group.group}`,
      kind: 'section',
      label: localized(group.title, lang),
      values: [],
      total: 0,
      shown: [],
      shownTotal: 0,
    });
    for (const line of group.lines) {
      const def = CASH_FLOW_LINES.find((l) => l.key === line.key);
      const label = localized(line.title, lang);
      lines.push({
        id: `l:${group.group}:${line.key}`,
        kind: 'group',
        label,
        values: line.values,
        total: line.total,
        shown: line.shown,
        shownTotal: line.shownTotal,
        part: 'group-row line-row',
        attrs: { 'data-cashflow-line': line.key },
        // The server's line for cash a broken source cannot explain has no postings behind it.
        ...(def
          ? {
              drill: {
                kind: 'line',
                origin: ORIGIN,
                title: label,
                group: group.group,
                key: line.key,
                accounts: rangesParam(def.ranges),
                sign: def.sign,
              } as const,
            }
          : {}),
      });
    }
    const key = CASH_FLOW_NET[group.group];
    const label = statementLabel(key, lang);
    const sum = cashFlowSectionSum(group.group);
    lines.push({
      ...resultLine(key, label, group),
      attrs: { 'data-line': key, 'data-section': group.group },
      ...(sum
        ? {
            drill: {
              kind: 'subtotal',
              origin: ORIGIN,
              title: label,
              group: group.group,
              key,
              accounts: rangesParam(sum.ranges),
              sign: sum.sign,
            } as const,
          }
        : {}),
    });
  }
  for (const row of model.balances) {
    const label = statementLabel(row.key, lang);
    lines.push({
      ...resultLine(row.key, label, row),
      drill: cash(row.key, label),
    });
  }
  return lines;
}
