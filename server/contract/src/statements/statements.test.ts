import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  BalanceSheetGroup,
  BalanceSheetGroupId,
  BalanceSheetMonth,
  BalanceSheetReport,
  BalanceSheetSection,
  ProfitLossGroupId,
  ProfitLossPeriod,
  ProfitLossReport,
} from '../types/index.ts';
import { buildBalanceSheetModel } from './balance-sheet-model.ts';
import { CASH_FLOW_LINES, cashFlowSectionSum, combineSums, rangesParam } from './chart.ts';
import { buildProfitLossModel, type GroupRow, type ResultKey, type ResultRow } from './profit-loss-model.ts';

// The statements' row models on reports built here by plain sums (not by the server's engine): the
// shown figures of every new subtotal foot by largest remainder, as a person reads them. Amounts carry
// odd øre (…50) on purpose, so rounding each figure on its own would not foot.

const amount = fc.oneof(
  fc.integer({ min: -5_000_000_00, max: 5_000_000_00 }),
  fc.integer({ min: -20_000, max: 20_000 }).map((k) => k * 100 + 50),
);
const t = (no: string) => ({ no, en: no });
/**
 * A figure shown in several statements (the year's result, a balance sheet side's sum), by hand: its
 * own rounding, half away from zero, as every figure's (footing.ts): −2.50 shows −3, 2.50 shows 3.
 */
const shared = (ore: number) => Math.sign(ore) * Math.floor((Math.abs(ore) + 50) / 100) || 0;

const PL_GROUPS: ProfitLossGroupId[] = [
  'salesRevenue',
  'otherOperatingIncome',
  'costOfGoods',
  'payroll',
  'depreciation',
  'otherOperatingExpenses',
  'financialIncome',
  'financialExpenses',
  'tax',
];

/** A P&L period from two accounts a line: every subtotal the plain sum of the lines it names. */
function plPeriod(amounts: number[]): ProfitLossPeriod {
  const groups = PL_GROUPS.map((group, i) => {
    const subItems = [0, 1].map((k) => ({
      number: 3000 + i * 100 + k,
      title: t(`${group} ${k}`),
      amount: amounts[i * 2 + k]!,
    }));
    return { group, groupTitle: t(group), totalAmountOfGroup: subItems[0]!.amount + subItems[1]!.amount, subItems };
  });
  const line = (id: ProfitLossGroupId) => groups.find((g) => g.group === id)!.totalAmountOfGroup;
  const operatingIncome = line('salesRevenue') + line('otherOperatingIncome');
  const operatingExpenses =
    line('costOfGoods') + line('payroll') + line('depreciation') + line('otherOperatingExpenses');
  const netFinancialItems = line('financialIncome') + line('financialExpenses');
  const operatingResult = operatingIncome + operatingExpenses;
  return {
    groups,
    operatingIncome,
    operatingExpenses,
    grossProfit: operatingIncome + line('costOfGoods'),
    operatingResult,
    netFinancialItems,
    resultBeforeTax: operatingResult + netFinancialItems,
    result: operatingResult + netFinancialItems + line('tax'),
  };
}

const plReport = fc
  .array(fc.array(amount, { minLength: 18, maxLength: 18 }), { minLength: 1, maxLength: 3 })
  .map((months): ProfitLossReport => {
    const periods = months.map(plPeriod);
    // The period's total: each account summed over the months.
    const total = plPeriod(Array.from({ length: 18 }, (_, i) => months.reduce((s, m) => s + m[i]!, 0)));
    return {
      startDate: '2026-01-01',
      endDate: `2026-0${months.length}-28`,
      months: periods.map((p, i) => ({ ...p, month: `2026-0${i + 1}` })),
      total,
    };
  });

describe('profit and loss model', () => {
  it('lays the lines out as regnskapsloven § 6-1 does, headings and subtotals in their places', () => {
    fc.assert(
      fc.property(plReport, (report) => {
        const rows = buildProfitLossModel(report).rows.map((r) =>
          r.kind === 'group' ? r.group : r.kind === 'result' ? `= ${r.key}` : `# ${r.key}`,
        );
        expect(rows).toEqual([
          '# operating',
          'salesRevenue',
          'otherOperatingIncome',
          '= operatingIncome',
          'costOfGoods',
          '= grossProfit',
          'payroll',
          'depreciation',
          'otherOperatingExpenses',
          '= operatingExpenses',
          '= operatingResult',
          '# financial',
          'financialIncome',
          'financialExpenses',
          '= netFinancialItems',
          '= resultBeforeTax',
          'tax',
          '= result',
        ]);
      }),
      { numRuns: 5 },
    );
  });

  it('foots every subtotal as shown, in every column, and shows the gross profit as income less cost of goods', () => {
    fc.assert(
      fc.property(plReport, (report) => {
        const model = buildProfitLossModel(report);
        const group = (id: string) => model.rows.find((r): r is GroupRow => r.kind === 'group' && r.group === id)!;
        const result = (key: ResultKey) =>
          model.rows.find((r): r is ResultRow => r.kind === 'result' && r.key === key)!;
        const columns = [...model.months.keys(), 'total' as const];
        const at = (row: { shown: number[]; shownTotal: number }, c: number | 'total') =>
          c === 'total' ? row.shownTotal : row.shown[c]!;
        const sum = (c: number | 'total', ...rows: { shown: number[]; shownTotal: number }[]) =>
          rows.reduce((s, r) => s + at(r, c), 0);
        for (const c of columns) {
          for (const row of model.rows)
            if (row.kind === 'group') expect(sum(c, ...row.accounts), row.group).toBe(at(row, c));
          expect(sum(c, group('salesRevenue'), group('otherOperatingIncome'))).toBe(at(result('operatingIncome'), c));
          expect(
            sum(c, group('costOfGoods'), group('payroll'), group('depreciation'), group('otherOperatingExpenses')),
          ).toBe(at(result('operatingExpenses'), c));
          expect(sum(c, result('operatingIncome'), result('operatingExpenses'))).toBe(at(result('operatingResult'), c));
          expect(sum(c, group('financialIncome'), group('financialExpenses'))).toBe(at(result('netFinancialItems'), c));
          expect(sum(c, result('operatingResult'), result('netFinancialItems'))).toBe(at(result('resultBeforeTax'), c));
          expect(sum(c, result('resultBeforeTax'), group('tax'))).toBe(at(result('result'), c));
          expect(sum(c, result('operatingIncome'), group('costOfGoods'))).toBe(at(result('grossProfit'), c));
        }
        // Each row's period is the sum of its shown months.
        for (const row of model.rows)
          if (row.kind !== 'section' && !(row.kind === 'result' && row.key === 'grossProfit')) {
            expect(row.shown.reduce((s, k) => s + k, 0)).toBe(row.shownTotal);
            if (row.kind === 'group')
              for (const a of row.accounts) expect(a.shown.reduce((s, k) => s + k, 0)).toBe(a.shownTotal);
          }
        // The year's result is the figure the balance sheet shows too; every other shown figure within a krone of its own.
        expect(result('result').shownTotal).toBe(shared(report.total.result));
        // Every figure, the gross profit beside the tree included, within a krone of its own rounding.
        for (const row of model.rows) {
          if (row.kind === 'section') continue;
          for (const r of [row, ...(row.kind === 'group' ? row.accounts : [])])
            [...r.values, r.total].forEach((ore, c) => {
              expect(Math.abs((c < r.values.length ? r.shown[c]! : r.shownTotal) - shared(ore))).toBeLessThanOrEqual(1);
            });
        }
        expect(model.fallbacks).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

const BS: Array<[BalanceSheetGroupId, 'assets' | 'equityAndLiabilities', BalanceSheetSection | undefined]> = [
  ['intangibleAssets', 'assets', 'fixedAssets'],
  ['tangibleAssets', 'assets', 'fixedAssets'],
  ['financialAssets', 'assets', 'fixedAssets'],
  ['inventory', 'assets', 'currentAssets'],
  ['receivables', 'assets', 'currentAssets'],
  ['investments', 'assets', 'currentAssets'],
  ['cashAndBank', 'assets', 'currentAssets'],
  ['unclassified', 'assets', undefined],
  ['paidInEquity', 'equityAndLiabilities', 'equity'],
  ['retainedEarnings', 'equityAndLiabilities', 'equity'],
  ['provisions', 'equityAndLiabilities', 'liabilities'],
  ['longTermDebt', 'equityAndLiabilities', 'liabilities'],
  ['shortTermDebt', 'equityAndLiabilities', 'liabilities'],
];

/** A month end from two balances a group; the last group of each side takes what makes it balance. */
function bsMonth(month: string, amounts: number[]): BalanceSheetMonth {
  const groups: BalanceSheetGroup[] = BS.map(([group, side, section], i) => {
    const subItems = [0, 1].map((k) => ({
      number: 1000 + i * 100 + k,
      accountId: `${1000 + i * 100 + k}`,
      title: t(group),
      amount: amounts[i * 2 + k]!,
    }));
    return {
      group,
      side,
      ...(section ? { section } : {}),
      groupTitle: t(group),
      totalAmountOfGroup: subItems[0]!.amount + subItems[1]!.amount,
      subItems,
    };
  });
  const total = (match: (g: BalanceSheetGroup) => boolean) =>
    groups.filter(match).reduce((s, g) => s + g.totalAmountOfGroup, 0);
  // Short-term debt balances the sheet.
  const debt = groups.at(-1)!;
  const gap = total((g) => g.side === 'assets') - total((g) => g.side !== 'assets');
  debt.subItems[1]!.amount += gap;
  debt.totalAmountOfGroup += gap;
  const totalAssets = total((g) => g.side === 'assets');
  return {
    month,
    date: `${month}-28`,
    groups,
    totalFixedAssets: total((g) => g.section === 'fixedAssets'),
    totalCurrentAssets: total((g) => g.section === 'currentAssets'),
    totalAssets,
    totalEquity: total((g) => g.section === 'equity'),
    totalLiabilities: total((g) => g.section === 'liabilities'),
    totalEquityAndLiabilities: total((g) => g.side !== 'assets'),
    difference: 0,
  };
}

describe('balance sheet model', () => {
  it('foots accounts → lines → parts → sides at every month end, and both sides show the same sum', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(amount, { minLength: 26, maxLength: 26 }), { minLength: 1, maxLength: 3 }),
        (months) => {
          const report: BalanceSheetReport = {
            startDate: '2026-01-01',
            endDate: '2026-03-31',
            months: months.map((a, i) => bsMonth(`2026-0${i + 1}`, a)),
            warnings: [],
          };
          const model = buildBalanceSheetModel(report);
          expect(
            model.sides.map((s) => [
              s.side,
              s.sections.map((b) => [b.section, b.sum.key]),
              s.loose.map((g) => g.group),
              s.sum.key,
            ]),
          ).toEqual([
            [
              'assets',
              [
                ['fixedAssets', 'totalFixedAssets'],
                ['currentAssets', 'totalCurrentAssets'],
              ],
              ['unclassified'],
              'totalAssets',
            ],
            [
              'equityAndLiabilities',
              [
                ['equity', 'totalEquity'],
                ['liabilities', 'totalLiabilities'],
              ],
              [],
              'totalEquityAndLiabilities',
            ],
          ]);
          for (let c = 0; c < months.length; c++) {
            for (const { sections, loose, sum } of model.sides) {
              for (const b of sections) {
                for (const g of b.groups) expect(g.items.reduce((s, i) => s + i.shown[c]!, 0)).toBe(g.shown[c]);
                expect(b.groups.reduce((s, g) => s + g.shown[c]!, 0)).toBe(b.sum.shown[c]);
              }
              expect(
                sections.reduce((s, b) => s + b.sum.shown[c]!, 0) + loose.reduce((s, g) => s + g.shown[c]!, 0),
              ).toBe(sum.shown[c]);
              expect(sum.shown[c]).toBe(shared(sum.values[c]!));
            }
            expect(model.sides[0]!.sum.shown[c]).toBe(model.sides[1]!.sum.shown[c]);
          }
          expect(model.difference).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the chart module', () => {
  it('writes ranges as the postings API reads them, and combines signed sums where one list of postings makes them', () => {
    expect(
      rangesParam([
        [3000, 7999],
        [8300, 8399],
        [2500, 2500],
      ]),
    ).toBe('3000-7999,8300-8399,2500');
    // Depreciation is added back and taken out again: it cancels, and what is left has one sign.
    expect(cashFlowSectionSum('operating')).toEqual({
      ranges: [
        [0, 999],
        [1400, 1799],
        [2100, 2199],
        [2400, 2799],
        [2900, 5999],
        [6100, 8799],
        [9000, 99_999],
      ],
      sign: -1,
    });
    expect(cashFlowSectionSum('investing')).toEqual({
      ranges: [
        [1000, 1399],
        [1800, 1899],
        [6000, 6099],
      ],
      sign: -1,
    });
    expect(cashFlowSectionSum('financing')).toEqual({
      ranges: [
        [2000, 2099],
        [2200, 2399],
        [2800, 2899],
        [8800, 8999],
      ],
      sign: -1,
    });
    // Mixed signs: no single list of postings.
    expect(
      combineSums([
        { ranges: [[1000, 1999]], sign: 1 },
        { ranges: [[2000, 2999]], sign: -1 },
      ]),
    ).toBeNull();
    // Every section fits the postings API's ten ranges.
    for (const s of ['operating', 'investing', 'financing'] as const)
      expect(cashFlowSectionSum(s)!.ranges.length).toBeLessThanOrEqual(10);
    expect(new Set(CASH_FLOW_LINES.map((l) => l.key)).size).toBe(CASH_FLOW_LINES.length);
  });
});
