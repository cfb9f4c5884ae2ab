import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import { formatNumber } from '@saldo/contract/numbers/format';
import { describe, expect, it } from 'vitest';
import { PROFIT_LOSS_HEADINGS_EN } from '../../../../sdk/src/testing/expected.ts';
import { answerText, balanceSheetTable, cashFlowTable, profitLossTable, toTable } from './tables.ts';

const t = (no: string, en = no) => ({ no, en });

describe('format', () => {
  it('groups thousands with a no-break space and rounds fractions half away from zero', () => {
    expect(formatNumber(1234568)).toBe('1\u00a0234\u00a0568');
    expect(formatNumber(-1000000)).toBe('-1\u00a0000\u00a0000');
    expect(formatNumber(12.34)).toBe('12,3');
    expect([formatNumber(0.25), formatNumber(-0.25), formatNumber(-0.04)]).toEqual(['0,3', '-0,3', '0']);
  });
});

describe('widget tables', () => {
  it('top lists: rank, name, amount, at most ten, titles in the language', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ _id: `c${i}`, name: `Kunde ${i}`, amount: 1000 * (12 - i) }));
    const table = toTable('top-suppliers', rows, 'en');
    expect(table.title).toBe('Top 10 suppliers');
    expect(table.columns).toEqual(['No.', 'Supplier', 'Amount']);
    expect(table.kinds).toEqual(['number', 'text', 'amount']);
    expect(table.rows).toHaveLength(10);
    expect(table.rows[0]).toEqual([1, 'Kunde 0', 120]);
    expect(toTable('top-customers', rows, 'nor').columns).toEqual(['Nr.', 'Kunde', 'Beløp']);
  });

  it('top five costs read the account number and name', () => {
    const table = toTable(
      'top-five-expenses',
      [{ closingBalance: 5050, account: { number: 6300, name: 'Leie lokale' } }],
      'nor',
    );
    expect(table.title).toBe('Topp 5 kostnader');
    expect(table.rows).toEqual([[1, '6300 Leie lokale', 51]]);
  });

  it('largest transactions: date, description, amount', () => {
    const table = toTable(
      'largest-transactions',
      [{ _id: 'v1', name: 'Mva-oppgjør', amount: -150, date: '2025-03-31' }],
      'nor',
    );
    expect(table.columns).toEqual(['Dato', 'Transaksjon', 'Beløp']);
    expect(table.kinds).toEqual(['date', 'text', 'amount']);
    expect(table.rows).toEqual([['2025-03-31', 'Mva-oppgjør', -2]]);
  });

  it('turnover: a row per month, the total, and last year in the note', () => {
    const table = toTable(
      'turnover',
      {
        total: 300000,
        months: [
          { month: '2025-01', amount: 100000 },
          { month: '2025-02', amount: 200000 },
        ],
        previousTotal: 250000,
        changePercent: 20,
      },
      'nor',
    );
    expect(table.rows).toEqual([
      ['jan 2025', 1000],
      ['feb 2025', 2000],
      ['Totalt', 3000],
    ]);
    expect(table.note).toBe('Samme periode i fjor: 2\u00a0500. Endring fra i fjor: +20,0\u00a0%');
  });

  it('MRR shows contraction and churn as losses', () => {
    const table = toTable(
      'mrr',
      {
        accounts: { from: 3000, to: 3999 },
        mrr: 10,
        previousMrr: 5,
        month: '2025-01',
        months: [
          {
            month: '2025-01',
            mrr: 1000,
            previousMrr: 500,
            newMrr: 300,
            expansionMrr: 400,
            contractionMrr: 100,
            churnedMrr: -200,
            customers: 7,
            averageRevenuePerCustomer: 850,
          },
        ],
      },
      'en',
    );
    expect(table.rows).toEqual([['Jan 2025', 10, 3, 4, -1, -2, 7, 9]]);
  });

  it('months after the last booked month say "not yet booked" instead of zeros', () => {
    const months = [
      { month: '2026-10', amount: 150 },
      { month: '2026-11', amount: 0 },
    ];
    const table = toTable(
      'turnover',
      { total: 150, months, previousTotal: 100, changePercent: 50, lastBookedMonth: '2026-10' },
      'nor',
    );
    expect(table.rows).toEqual([
      ['okt 2026', 2],
      ['nov 2026', 'Ikke bokført ennå'],
      ['Totalt', 2],
    ]);
    const zero = { mrr: 0, previousMrr: 0, newMrr: 0, expansionMrr: 0, contractionMrr: 0, churnedMrr: 0 };
    const mrr = toTable(
      'mrr',
      {
        accounts: { from: 3000, to: 3999 },
        mrr: 0,
        previousMrr: 0,
        month: '2026-10',
        lastBookedMonth: '2026-10',
        months: [{ month: '2026-11', ...zero, customers: 0, averageRevenuePerCustomer: 0 }],
      },
      'en',
    );
    expect(mrr.rows).toEqual([['Nov 2026', 'Not yet booked', null, null, null, null, null, null]]);
  });

  it('custom ratios become percentages with one decimal; an empty month stays empty', () => {
    const widget = {
      _id: 'w',
      groupId: 'b',
      name: 'Lønn / salg',
      type: 'ratio' as const,
      dividend: { from: '5000', to: '5999' },
      divisor: { from: '3xxx', to: '3xxx' },
      view: 'single' as const,
      note: 'Mål: under 40 %',
    };
    const table = toTable(
      'custom',
      {
        widget,
        months: [
          { month: '2025-01', value: 0.41234 },
          { month: '2025-02', value: null },
        ],
        total: 0.4,
      },
      'nor',
    );
    expect(table.title).toBe('Lønn / salg');
    expect(table.kinds).toEqual(['text', 'percent']);
    expect(table.rows).toEqual([
      ['jan 2025', 41.2],
      ['feb 2025', null],
      ['Totalt', 40],
    ]);
    expect(table.note).toBe('Kontoer: 5000–5999 / 3xxx–3xxx. Mål: under 40 %');
  });

  it('consolidation: companies, eliminations subtracted, the consolidated sum', () => {
    const table = toTable(
      'consolidation',
      {
        apis: [{ _id: 'a', name: 'Æblegård AS', revenue: 10_000, result: 1_000 }],
        deducted: { revenue: 3_000, result: -300 },
        consolidated: { revenue: 7_000, result: 1_300 },
      },
      'nor',
    );
    expect(table.rows).toEqual([
      ['Æblegård AS', 100, 10],
      // Eliminated costs raise the result: shown with their own sign, so the column adds up.
      ['Elimineringer', -30, 3],
      ['Konsolidert', 70, 13],
    ]);
  });

  it('AI answers show their text, or the JSON', () => {
    expect(answerText('{"text":"Svaret"}')).toBe('Svaret');
    expect(answerText('fritekst')).toBe('fritekst');
    expect(answerText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

/** The subtotals of a P&L with sales only (and tax, read off the result). */
const subtotals = (sales: number, result: number) => ({
  operatingIncome: sales,
  operatingExpenses: 0,
  grossProfit: sales,
  operatingResult: sales,
  netFinancialItems: 0,
  resultBeforeTax: sales,
  result,
});

const pl: ProfitLossReport = {
  startDate: '2025-01-01',
  endDate: '2025-02-28',
  months: [
    {
      month: '2025-01',
      groups: [
        {
          group: 'salesRevenue',
          groupTitle: t('Salgsinntekt', 'Sales revenue'),
          totalAmountOfGroup: 100000,
          subItems: [{ number: 3000, title: t('Salg'), amount: 100000 }],
        },
        { group: 'payroll', groupTitle: t('Lønnskostnad', 'Payroll'), totalAmountOfGroup: 0, subItems: [] },
      ],
      ...subtotals(100000, 100000),
    },
    {
      month: '2025-02',
      groups: [
        {
          group: 'salesRevenue',
          groupTitle: t('Salgsinntekt', 'Sales revenue'),
          totalAmountOfGroup: 50000,
          subItems: [
            { number: 3000, title: t('Salg'), amount: 20000 },
            { number: 3100, title: t('Tjenester'), amount: 30000 },
          ],
        },
      ],
      ...subtotals(50000, 40000),
    },
  ],
  total: {
    groups: [
      {
        group: 'salesRevenue',
        groupTitle: t('Salgsinntekt', 'Sales revenue'),
        totalAmountOfGroup: 150000,
        subItems: [
          { number: 3000, title: t('Salg'), amount: 120000 },
          { number: 3100, title: t('Tjenester'), amount: 30000 },
        ],
      },
    ],
    ...subtotals(150000, 140000),
  },
};

describe('report tables', () => {
  it('profit and loss: groups with their accounts, zero groups left out, the result lines, a total column', () => {
    const table = profitLossTable(pl, 'nor');
    expect(table.title).toBe('Resultatregnskap');
    expect(table.columns).toEqual(['Linje', 'jan 2025', 'feb 2025', 'Totalt']);
    expect(table.kinds).toEqual(['text', 'amount', 'amount', 'amount']);
    expect(table.rows).toEqual([
      ['Driftsinntekter og driftskostnader', null, null, null],
      ['Salgsinntekt', 1000, 500, 1500],
      ['  3000 Salg', 1000, 200, 1200],
      ['  3100 Tjenester', 0, 300, 300],
      ['Sum driftsinntekter', 1000, 500, 1500],
      ['Bruttofortjeneste', 1000, 500, 1500],
      ['Sum driftskostnader', 0, 0, 0],
      ['Driftsresultat', 1000, 500, 1500],
      ['Finansinntekter og finanskostnader', null, null, null],
      ['Netto finansposter', 0, 0, 0],
      ['Ordinært resultat før skattekostnad', 1000, 500, 1500],
      ['Årsresultat', 1000, 400, 1400],
    ]);
    const [first, ...sums] = PROFIT_LOSS_HEADINGS_EN;
    expect(profitLossTable(pl, 'en').rows.map((r) => r[0])).toEqual([
      first,
      'Sales revenue',
      '  3000 Salg',
      '  3100 Tjenester',
      ...sums,
    ]);
  });

  it('balance sheet: month-end columns, sections, sums, and the difference only when there is one', () => {
    const month = (m: string, date: string, cash: number, difference: number) => ({
      month: m,
      date,
      groups: [
        {
          group: 'cashAndBank' as const,
          side: 'assets' as const,
          section: 'currentAssets' as const,
          groupTitle: t('Bankinnskudd'),
          totalAmountOfGroup: cash,
          subItems: [{ number: 1920, title: t('Bank'), amount: cash }],
        },
        {
          group: 'paidInEquity' as const,
          side: 'equityAndLiabilities' as const,
          section: 'equity' as const,
          groupTitle: t('Innskutt egenkapital'),
          totalAmountOfGroup: cash - difference,
          subItems: [{ number: 2000, title: t('Aksjekapital'), amount: cash - difference }],
        },
      ],
      totalFixedAssets: 0,
      totalCurrentAssets: cash,
      totalAssets: cash,
      totalEquity: cash - difference,
      totalLiabilities: 0,
      totalEquityAndLiabilities: cash - difference,
      difference,
    });
    const report: BalanceSheetReport = {
      startDate: '2025-01-01',
      endDate: '2025-02-28',
      months: [month('2025-01', '2025-01-31', 10_000, 0), month('2025-02', '2025-02-28', 20_000, 0)],
      warnings: [],
    };
    const table = balanceSheetTable(report, 'nor');
    expect(table.columns).toEqual(['Linje', '2025/01/31', '2025/02/28']);
    expect(table.rows).toEqual([
      ['Eiendeler', null, null],
      ['Anleggsmidler', null, null],
      ['Sum anleggsmidler', 0, 0],
      ['Omløpsmidler', null, null],
      ['Bankinnskudd', 100, 200],
      ['  1920 Bank', 100, 200],
      ['Sum omløpsmidler', 100, 200],
      ['Sum eiendeler', 100, 200],
      ['Egenkapital og gjeld', null, null],
      ['Egenkapital', null, null],
      ['Innskutt egenkapital', 100, 200],
      ['  2000 Aksjekapital', 100, 200],
      ['Sum egenkapital', 100, 200],
      ['Gjeld', null, null],
      ['Sum gjeld', 0, 0],
      ['Sum egenkapital og gjeld', 100, 200],
    ]);
    report.months[1] = month('2025-02', '2025-02-28', 20_000, 500);
    expect(balanceSheetTable(report, 'en').rows.at(-1)).toEqual(['Difference', 0, 5]);
  });

  it('cash flow: activities with their lines, then net change and cash at start and end', () => {
    const group = (amount: number) => ({
      group: 'operating' as const,
      title: t('Operasjonelle aktiviteter', 'Operating activities'),
      totalAmountOfGroup: amount,
      subItems: [{ group: 'result', no: 'Resultat', en: 'Result', amount }],
    });
    const report: CashFlowReport = {
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      cashflows: [
        { month: '2025-01', groups: [group(5_000)], netChange: 5_000, openingBalance: 1_000, closingBalance: 6_000 },
      ],
      openings: [{ month: '2025-01', openingBalance: 1_000 }],
      total: { groups: [group(5_000)], netChange: 5_000, openingBalance: 1_000, closingBalance: 6_000 },
    };
    expect(cashFlowTable(report, 'en').rows).toEqual([
      ['Operating activities', null, null],
      ['Result', 50, 50],
      ['Net cash flow from operating activities', 50, 50],
      ['Cash flows from investing activities', null, null],
      ['Net cash flow from investing activities', 0, 0],
      ['Cash flows from financing activities', null, null],
      ['Net cash flow from financing activities', 0, 0],
      ['Net change in cash', 50, 50],
      ['Cash at start of period', 10, 10],
      ['Cash at end of period', 60, 60],
    ]);
  });
});
