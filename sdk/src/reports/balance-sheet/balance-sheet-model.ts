import type { BalanceSheetReport } from '@saldo/contract';
import {
  type AccountRanges,
  BALANCE_SHEET_RANGES,
  BALANCE_SHEET_TOTALS,
  RESULT_RANGES,
  rangesParam,
} from '@saldo/contract/statements/chart';
import {
  accountLabel,
  type BalanceSheetGroupRow,
  type BalanceSheetSumRow,
  buildBalanceSheetModel,
  statementLabel,
} from '@saldo/contract/statements/index';
import { localized, type SaldoLang } from '../../core/i18n';
import { groupLine, type Line, resultLine } from '../shared/statement';

/** Empty when there are no month ends or nothing has a balance at any of them. */
export function isBalanceSheetEmpty(report: BalanceSheetReport | null | undefined): boolean {
  if (!report || !Array.isArray(report.months) || report.months.length === 0) return true;
  return report.months.every((m) =>
    m.groups.every((g) => g.totalAmountOfGroup === 0 && g.subItems.every((s) => s.amount === 0)),
  );
}

const ORIGIN = 'balance-sheet';

const sum = (row: BalanceSheetSumRow, lang: SaldoLang, sign: 1 | -1): Line => {
  const label = statementLabel(row.key, lang);
  const ranges = row.key === 'difference' ? undefined : BALANCE_SHEET_TOTALS[row.key];
  return {
    ...resultLine(row.key, label, row),
    ...(row.key === 'difference' ? { part: 'result-row difference-row' } : {}),
    // The difference is what the source fails to balance: no postings add up to it.
    ...(ranges
      ? {
          drill: {
            kind: 'subtotal',
            origin: ORIGIN,
            title: label,
            key: row.key,
            accounts: rangesParam(ranges),
            sign,
            balance: true,
          } as const,
        }
      : {}),
  };
};

const heading = (id: string, label: string, part?: string): Line => ({
  id,
  kind: 'section',
  label,
  values: [],
  total: 0,
  shown: [],
  shownTotal: 0,
  ...(part ? { part } : {}),
});

function group(row: BalanceSheetGroupRow, lang: SaldoLang): Line {
  const sign = row.side === 'assets' ? 1 : -1;
  const label = localized(row.title, lang);
  const ranges = (BALANCE_SHEET_RANGES as Record<string, AccountRanges | undefined>)[row.group];
  return {
    ...groupLine(row.group, label, row),
    ...(ranges
      ? {
          drill: {
            kind: 'line',
            origin: ORIGIN,
            title: label,
            group: row.group,
            key: row.group,
            accounts: rangesParam(ranges),
            sign,
            balance: true,
          } as const,
        }
      : {}),
    items: row.items.map((item): Line => {
      const title = localized(item.title, lang);
      const shownId = accountLabel(item);
      const line: Line = {
        id: `a:${item.number}:${item.accountId ?? item.key ?? ''}`,
        kind: 'item',
        // The results not yet closed are no account: no number.
        label: item.isAccount ? `${shownId} ${title}` : title,
        values: item.values,
        total: item.total,
        shown: item.shown,
        shownTotal: item.shownTotal,
        part: 'account-row',
        attrs: item.isAccount ? { 'data-account': shownId } : { 'data-line': item.key ?? 'unclosedResult' },
      };
      if (item.isAccount) {
        line.drill = {
          kind: 'account',
          origin: ORIGIN,
          number: item.number,
          ...(item.accountId !== undefined ? { accountId: item.accountId } : {}),
          title: `${shownId} ${title}`,
          group: row.group,
          accounts: String(item.number),
          sign,
          balance: true,
        };
      } else if (item.key === 'resultThisYear') {
        // This year's result so far: the year's P&L and dispositions from 1 January to the month end.
        line.drill = {
          kind: 'subtotal',
          origin: ORIGIN,
          title,
          key: 'resultThisYear',
          accounts: rangesParam(RESULT_RANGES),
          sign: -1,
        };
        line.drillFromYearStart = true;
      }
      return line;
    }),
  };
}

/**
 * Assets, then equity and liabilities (regnskapsloven § 6-2): each side a heading, its parts
 * (Anleggsmidler and Omløpsmidler; Egenkapital and Gjeld), each a heading, its groups (expanding to
 * the accounts) and its sum, then the side's sum; then the difference when the source does not
 * balance. A line's `total` is its balance at the last month end. Every balance drills into the
 * postings of its column's month with the opening balance at the month's start. The rows and their
 * footed figures are the shared model's (@saldo/contract/statements/index), which the exports show too.
 */
export function balanceSheetLines(report: BalanceSheetReport, lang: SaldoLang): Line[] {
  const model = buildBalanceSheetModel(report);
  const lines: Line[] = [];
  for (const { side, sections, loose, sum: sideSum } of model.sides) {
    const sign = side === 'assets' ? 1 : -1;
    lines.push(heading(`s:${side}`, statementLabel(side, lang)));
    for (const block of sections) {
      lines.push(heading(`s:${block.section}`, statementLabel(block.section, lang), 'section-row subsection-row'));
      for (const g of block.groups) lines.push(group(g, lang));
      lines.push(sum(block.sum, lang, sign));
    }
    for (const g of loose) lines.push(group(g, lang));
    lines.push(sum(sideSum, lang, sign));
  }
  if (model.difference) lines.push(sum(model.difference, lang, 1));
  return lines;
}
