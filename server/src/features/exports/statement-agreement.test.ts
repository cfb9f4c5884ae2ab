import type { ExportTable } from '@saldo/contract';
import type { ShownRow } from '@saldo/contract/numbers/footing';
import {
  type BalanceSheetModel,
  buildBalanceSheetModel,
  buildCashFlowModel,
  buildProfitLossModel,
  type CashFlowModel,
  type ProfitLossModel,
  withResultBeforeTax,
} from '@saldo/contract/statements/index';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The SDK's statement tables (what the portal and a public link draw) are pure row models over the
// contract's; held here against the same random ledgers as the exports.
import { balanceSheetLines } from '../../../../sdk/src/reports/balance-sheet/balance-sheet-model.ts';
import { cashFlowLines } from '../../../../sdk/src/reports/cash-flow/cash-flow-model.ts';
import { profitLossLines, shownChartSeries } from '../../../../sdk/src/reports/profit-loss/profit-loss-model.ts';
import type { Line } from '../../../../sdk/src/reports/shared/statement.ts';
import { buildBalanceSheet } from '../../engine/balance-sheet.ts';
import { buildCashFlow } from '../../engine/cash-flow.ts';
import { buildProfitLoss, type MonthlyMovement } from '../../engine/profit-loss.ts';
import { parsePeriod } from '../../http/period.ts';
import { balancedLedger } from '../../test/random-ledger.ts';
import { balanceSheetTable, cashFlowTable, profitLossTable } from './tables.ts';

// Issue 26 (7): every table of the three statements foots by rows and by columns at once, as the
// row models, the SDK's tables and the exports show it, and a figure shown in several statements has
// one shown value: cash at each month end (balance sheet, cash flow), the result before tax (P&L,
// cash flow), the year's result (P&L, the balance sheet's equity). Random ledgers over four months,
// with odd øre (…50 and a few øre) on purpose, so rounding each figure on its own would not foot.

const ACCOUNTS = [
  1200, 1500, 1920, 1950, 2000, 2050, 2400, 2500, 2600, 3000, 3100, 3600, 4300, 5000, 5180, 6000, 6300, 8040, 8150,
  8300,
];
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04'];
const amount = fc.oneof(
  fc.integer({ min: -2_000_000_00, max: 2_000_000_00 }),
  fc.integer({ min: -20_000, max: 20_000 }).map((k) => k * 100 + 50),
  fc.integer({ min: -300, max: 300 }),
);
const ledger = balancedLedger(ACCOUNTS, MONTHS, amount, 40);

// From 1 January: the P&L's period is the year so far, whose result the balance sheet carries.
const period = parsePeriod('2026-01-01', '2026-04-30');
const COLUMNS = period.months.length;
const history = (movements: MonthlyMovement[]) => ({
  before: movements.filter((m) => m.month < '2026-01'),
  fromMonth: '2026-01',
  movements: movements.filter((m) => m.month >= '2026-01'),
});

function statements(movements: MonthlyMovement[]) {
  const pl = buildProfitLoss(movements, new Map(), period);
  const reports = {
    pl,
    bs: buildBalanceSheet(history(movements), new Map(), period),
    // As the server sends it: with the P&L's shown result before tax (reports/routes.ts).
    cf: withResultBeforeTax(buildCashFlow(history(movements), period), pl),
  };
  return {
    reports,
    pl: buildProfitLossModel(reports.pl),
    bs: buildBalanceSheetModel(reports.bs),
    cf: buildCashFlowModel(reports.cf),
    sdk: {
      pl: profitLossLines(reports.pl, 'nor'),
      bs: balanceSheetLines(reports.bs, 'nor'),
      cf: cashFlowLines(reports.cf, 'nor'),
    },
    exports: {
      pl: profitLossTable(reports.pl, 'nor'),
      bs: balanceSheetTable(reports.bs, 'nor'),
      cf: cashFlowTable(reports.cf, 'nor'),
    },
  };
}

/** A row's figures as shown: each column, then the period. */
const shownOf = (row: Pick<ShownRow, 'shown' | 'shownTotal'>) => [...row.shown, row.shownTotal];
const sum = (rows: Array<Pick<ShownRow, 'shown' | 'shownTotal'>>) =>
  rows.reduce((s, r) => s.map((k, i) => k + shownOf(r)[i]!), new Array<number>(COLUMNS + 1).fill(0));

/** Each row's period is the sum of its months (P&L, cash flow). */
const expectRowFoots = (row: ShownRow, what: string) =>
  expect(
    row.shown.reduce((s, k) => s + k, 0),
    what,
  ).toBe(row.shownTotal);

function expectProfitLossFoots(model: ProfitLossModel) {
  const rows = model.rows.filter((r) => r.kind !== 'section');
  const result = (key: string) => rows.find((r) => r.kind === 'result' && r.key === key)!;
  const groups = (ids: string[]) => rows.filter((r) => r.kind === 'group' && ids.includes(r.group));
  for (const row of rows) {
    expectRowFoots(row, row.kind === 'group' ? row.group : row.key);
    if (row.kind === 'group') {
      for (const account of row.accounts) expectRowFoots(account, `${account.number}`);
      expect(sum(row.accounts), row.group).toEqual(shownOf(row));
    }
  }
  const income = ['salesRevenue', 'otherOperatingIncome'];
  const financial = ['financialIncome', 'financialExpenses'];
  const expenses = rows
    .filter((r) => r.kind === 'group' && ![...income, ...financial, 'tax'].includes(r.group))
    .map((r) => (r.kind === 'group' ? r.group : ''));
  expect(sum(groups(income))).toEqual(shownOf(result('operatingIncome')));
  expect(sum(groups(expenses))).toEqual(shownOf(result('operatingExpenses')));
  expect(sum([result('operatingIncome'), result('operatingExpenses')])).toEqual(shownOf(result('operatingResult')));
  expect(sum(groups(financial))).toEqual(shownOf(result('netFinancialItems')));
  expect(sum([result('operatingResult'), result('netFinancialItems')])).toEqual(shownOf(result('resultBeforeTax')));
  expect(sum([result('resultBeforeTax'), ...groups(['tax'])])).toEqual(shownOf(result('result')));
}

function expectCashFlowFoots(model: CashFlowModel) {
  const [netChange, opening, closing] = model.balances;
  for (const group of model.groups) {
    expectRowFoots(group, group.group);
    for (const line of group.lines) expectRowFoots(line, line.key);
    expect(sum(group.lines), group.group).toEqual(shownOf(group));
  }
  expectRowFoots(netChange!, 'netChange');
  expect(sum(model.groups)).toEqual(shownOf(netChange!));
  expect(sum([opening!, netChange!])).toEqual(shownOf(closing!));
  // Each month opens with the cash the month before closed with.
  expect(opening!.shown.slice(1)).toEqual(closing!.shown.slice(0, -1));
}

function expectBalanceSheetFoots(model: BalanceSheetModel) {
  for (const side of model.sides) {
    const all = [...side.sections.flatMap((b) => b.groups), ...side.loose];
    for (const group of all) {
      expect(sum(group.items), group.group).toEqual(shownOf(group));
      for (const row of [group, ...group.items]) expect(row.shownTotal).toBe(row.shown.at(-1));
    }
    for (const block of side.sections) expect(sum(block.groups), block.section).toEqual(shownOf(block.sum));
    expect(sum([...side.sections.map((b) => b.sum), ...side.loose])).toEqual(shownOf(side.sum));
  }
}

/** Half away from zero on øre, by BigInt arithmetic (not the contract's oreToKroner). */
const own = (ore: number) => {
  const k = Number((BigInt(Math.abs(ore)) + 50n) / 100n);
  return ore < 0 ? -k || 0 : k;
};

/** The figures a table shows more than a krone from their own rounding, with what they show. */
const beyond = (rows: Array<ShownRow & { key?: string; group?: string; number?: number }>) =>
  rows.flatMap((r) =>
    [...r.values.map((ore, i) => [r.shown[i]!, ore] as const), [r.shownTotal, r.total] as const]
      .filter(([k, ore]) => Math.abs(k - own(ore)) > 1)
      .map(([k, ore]) => `${r.key ?? r.group ?? r.number}: ${k} for ${ore} øre`),
  );

/**
 * An export table's row by its label: the figures under each month (or month end), then the period;
 * a line left out (zero everywhere) as zeros.
 */
const exported = (table: ExportTable, label: string) => {
  const row = table.rows.find((r) => String(r[0]).trim() === label);
  return (
    row?.slice(1).map((c) => (typeof c === 'number' ? c : 0)) ?? new Array<number>(table.columns.length - 1).fill(0)
  );
};

const sdkLine = (lines: Line[], match: (l: Line) => boolean): Line | undefined =>
  lines.flatMap((l) => [l, ...(l.items ?? [])]).find(match);

describe('statements foot by rows and columns, and agree with each other, everywhere they are shown', () => {
  it('row models, SDK tables and export tables over random ledgers', () => {
    let figures = 0;
    fc.assert(
      fc.property(ledger, (movements) => {
        const s = statements(movements);
        expectProfitLossFoots(s.pl);
        expectCashFlowFoots(s.cf);
        expectBalanceSheetFoots(s.bs);

        // Shared figures. Cash at each month end: the balance sheet's and the cash flow's.
        const cash = s.bs.sides[0]!.sections.flatMap((b) => b.groups).find((g) => g.group === 'cashAndBank');
        const [, opening, closing] = s.cf.balances;
        expect(cash?.values ?? closing!.values.map(() => 0)).toEqual(closing!.values);
        expect(closing!.shown).toEqual(cash?.shown ?? closing!.shown.map(() => 0));
        // The result before tax: the P&L's row, and the cash flow's first line.
        const plBeforeTax = s.pl.rows.find((r) => r.kind === 'result' && r.key === 'resultBeforeTax') as ShownRow;
        const cfBeforeTax = s.cf.groups[0]!.lines.find((l) => l.key === 'resultBeforeTax')!;
        expect(cfBeforeTax.values).toEqual(plBeforeTax.values);
        expect(shownOf(cfBeforeTax)).toEqual(shownOf(plBeforeTax));
        // The year's result so far: the P&L's period (from 1 January), the balance sheet's equity at its end.
        const plResult = s.pl.rows.find((r) => r.kind === 'result' && r.key === 'result') as ShownRow;
        const soFar = s.bs.sides[1]!.sections.flatMap((b) => b.groups.flatMap((g) => g.items)).find(
          (i) => i.key === 'resultThisYear',
        )!;
        expect(soFar.total).toBe(plResult.total);
        expect(soFar.shownTotal).toBe(plResult.shownTotal);

        // The SDK's tables show the same figures (portal, public link).
        const sdkRows = [...s.sdk.pl, ...s.sdk.cf].flatMap((l) => [l, ...(l.items ?? [])]);
        // Cash at the start and end is a balance, its period the first opening and the last closing.
        const balances = ['r:openingBalance', 'r:closingBalance'];
        for (const line of sdkRows.filter((l) => l.kind !== 'section' && !balances.includes(l.id)))
          expect(
            line.shown.reduce((a, k) => a + k, 0),
            line.id,
          ).toBe(line.shownTotal);
        const sdkBeforeTax = sdkLine(s.sdk.pl, (l) => l.id === 'r:resultBeforeTax')!;
        expect(shownOf(sdkLine(s.sdk.cf, (l) => l.id === 'l:operating:resultBeforeTax')!)).toEqual(
          shownOf(sdkBeforeTax),
        );
        // The P&L's chart draws the table's figures.
        const chart = shownChartSeries(s.reports.pl);
        expect(chart.revenue).toEqual(sdkLine(s.sdk.pl, (l) => l.id === 'r:operatingIncome')!.shown);
        expect(chart.operatingResult).toEqual(sdkLine(s.sdk.pl, (l) => l.id === 'r:operatingResult')!.shown);
        expect(chart.costs).toEqual(sdkLine(s.sdk.pl, (l) => l.id === 'r:operatingExpenses')!.shown.map(Math.abs));
        const sdkClosing = sdkLine(s.sdk.cf, (l) => l.id === 'r:closingBalance')!;
        const sdkCash = sdkLine(s.sdk.bs, (l) => l.attrs?.['data-group'] === 'cashAndBank');
        if (sdkCash) expect(sdkCash.shown).toEqual(sdkClosing.shown);
        const sdkSoFar = sdkLine(s.sdk.bs, (l) => l.attrs?.['data-line'] === 'resultThisYear')!;
        expect(sdkSoFar.shownTotal).toBe(sdkLine(s.sdk.pl, (l) => l.id === 'r:result')!.shownTotal);

        // Every export (CSV, Excel, PDF, PNG and JSON write these tables' cells): rows foot, shared figures agree.
        for (const table of [s.exports.pl, s.exports.cf])
          for (const [label, ...cells] of table.rows.filter(
            ([label]) => !String(label).startsWith('Likvider ved periodens'),
          )) {
            const figures = cells.filter((c): c is number => typeof c === 'number');
            if (figures.length > 0)
              expect(
                figures.slice(0, -1).reduce((a, k) => a + k, 0),
                `${table.title}: ${label}`,
              ).toBe(figures.at(-1));
          }
        const beforeTax = 'Ordinært resultat før skattekostnad';
        expect(exported(s.exports.cf, beforeTax)).toEqual(exported(s.exports.pl, beforeTax));
        const closingCash = exported(s.exports.cf, 'Likvider ved periodens slutt').slice(0, -1);
        expect(exported(s.exports.bs, 'Bankinnskudd, kontanter o.l.')).toEqual(closingCash);
        const openingCash = exported(s.exports.cf, 'Likvider ved periodens start');
        expect(openingCash.slice(1, -1)).toEqual(closingCash.slice(0, -1));
        expect(openingCash[0]).toBe(opening!.shown[0]);
        const soFarLabel = s.exports.bs.rows.find((r) => String(r[0]).trim() === 'Årets resultat');
        if (soFarLabel) expect(soFarLabel.at(-1)).toBe(exported(s.exports.pl, 'Årsresultat').at(-1));

        // Every shown figure within a krone of its own rounding (half away from zero), in every
        // statement, the figures beside the trees included (the gross profit, the balance sheet's
        // difference, cash at the start and end), and no fallback taken.
        const bsRows = s.bs.sides.flatMap((side) => [
          side.sum,
          ...side.sections.flatMap((b) => [b.sum, ...b.groups.flatMap((g) => [g, ...g.items])]),
          ...side.loose.flatMap((g) => [g, ...g.items]),
          ...(s.bs.difference ? [s.bs.difference] : []),
        ]);
        const plRows = s.pl.rows.flatMap((r) =>
          r.kind === 'section' ? [] : [r, ...(r.kind === 'group' ? r.accounts : [])],
        );
        const cfRows = [...s.cf.groups.flatMap((g) => [g, ...g.lines]), ...s.cf.balances];
        expect(beyond([...bsRows, ...plRows, ...cfRows])).toEqual([]);
        expect([s.pl.fallbacks, s.bs.fallbacks, s.cf.fallbacks]).toEqual([0, 0, 0]);
        figures += [...bsRows, ...plRows, ...cfRows].length * (COLUMNS + 1);
      }),
      { numRuns: 400 },
    );
    // The ledgers were not empty: hundreds of thousands of figures were held to the bound.
    expect(figures).toBeGreaterThan(100_000);
  });
});
