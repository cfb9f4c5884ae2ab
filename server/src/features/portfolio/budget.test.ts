import type { Portfolio, PortfolioFigureId, PortfolioRow, ProfitLossReport } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardThroughApi, getOk, ledgerOf, type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { readPortfolio } from './read.ts';

// GET /api/portfolio?compare=budget: each board's budget comparison is its own P&L's budget column for the
// same period (GET /api/profit-loss?compare=budget), to the øre, and both are the budget's rows summed here
// by hand by this test's own table of which account or line counts in which figure (no code of the engine's).
// What a budget does not give (balances at the period's end, KPIs of balances) is null with its reason.

let app: SignedIn;
let [shop, unbudgeted] = ['', ''];

const YEAR = 2026;
/** Twelve months of øre, a little different each month (odd øre, so a sum that skips or doubles a month shows). */
const monthly = (base: number) => Array.from({ length: 12 }, (_, i) => base + i * 1_001_37);

// Statement sign: income positive, costs negative; a balance account in its own sign.
const DEMO_BUDGET = [
  { target: '1920', months: monthly(10_000_00) }, // a balance account: in no P&L figure
  { target: '3000', months: monthly(900_000_55) },
  { target: '3900', months: monthly(12_000_00) },
  { target: '4000', months: monthly(-310_000_25) },
  { target: '5000', months: monthly(-250_000_00) },
  { target: 'depreciation', months: monthly(-20_000_50) }, // a line's own budget
  { target: '6300', months: monthly(-40_000_00) },
  { target: '8150', months: monthly(-3_000_00) },
  { target: '8300', months: monthly(-55_000_00) },
];
const SHOP_BUDGET = [
  { target: 'salesRevenue', months: monthly(210_000_49) },
  { target: 'costOfGoods', months: monthly(-90_000_00) },
  { target: 'payroll', months: monthly(-60_000_01) },
  { target: '7700', months: monthly(-5_000_00) },
  { target: '8050', months: monthly(1_000_00) },
  { target: 'tax', months: monthly(-9_000_00) },
];

/**
 * Which P&L figures a budget row counts in, by this test's own reading of NS 4102: the accounts' classes
 * and the lines' names. Every figure down the P&L includes the ones above it.
 */
const STEPS: Array<{ figure: PortfolioFigureId; accounts: [number, number]; lines: string[] }> = [
  { figure: 'revenue', accounts: [3000, 3999], lines: ['salesRevenue', 'otherOperatingIncome'] },
  { figure: 'grossProfit', accounts: [4000, 4999], lines: ['costOfGoods'] },
  { figure: 'operatingResult', accounts: [5000, 7999], lines: ['payroll', 'depreciation', 'otherOperatingExpenses'] },
  { figure: 'resultBeforeTax', accounts: [8000, 8199], lines: ['financialIncome', 'financialExpenses'] },
  { figure: 'result', accounts: [8300, 8399], lines: ['tax'] },
];

/** The budget's P&L figures over the months (yyyy-mm), summed by hand from the rows the test saved. */
function byHand(rows: typeof DEMO_BUDGET, months: readonly string[]) {
  const index = months.map((m) => Number(m.slice(5)) - 1);
  const sumOf = (row: (typeof rows)[number]) => index.reduce((s, i) => s + row.months[i]!, 0);
  const out: Partial<Record<PortfolioFigureId, number>> = {};
  let running = 0;
  for (const step of STEPS) {
    for (const row of rows) {
      const n = Number(row.target);
      const inAccounts = /^\d{4}$/.test(row.target) && n >= step.accounts[0] && n <= step.accounts[1];
      if (inAccounts || step.lines.includes(row.target)) running += sumOf(row);
    }
    out[step.figure] = running;
  }
  return out as Record<'revenue' | 'grossProfit' | 'operatingResult' | 'resultBeforeTax' | 'result', number>;
}

/** A month of 2026 in a shop: sales, goods and wages, the rest in the bank. */
const shopLedger = (months: readonly string[]) =>
  ledgerOf(
    months.flatMap((m, i) =>
      (
        [
          [3000, -(200_000_00 + i * 7_000_00)],
          [4000, 80_000_00],
          [5000, 55_000_00],
          [1920, 200_000_00 + i * 7_000_00 - 135_000_00],
        ] as const
      ).map(([accountNumber, amount]) => ({
        kind: 'posting' as const,
        date: `${m}-15`,
        voucher: `V${m}`,
        accountNumber,
        amount,
      })),
    ),
  );

async function saveBudget(boardId: string, rows: typeof DEMO_BUDGET) {
  const res = await app.t.request(`/api/budgets/${boardId}`, {
    method: 'PUT',
    token: app.token,
    body: JSON.stringify({ year: YEAR, rows }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  app = await signedInApp();
  // Booked January to June only: its budget is compared over those months, like for like.
  shop = await boardThroughApi(
    app,
    'Budsjettbutikken AS',
    shopLedger(['01', '02', '03', '04', '05', '06'].map((m) => `${YEAR}-${m}`)),
  );
  unbudgeted = await boardThroughApi(app, 'Uten budsjett AS', shopLedger([`${YEAR}-03`]));
  await saveBudget(app.t.boardId, DEMO_BUDGET);
  await saveBudget(shop, SHOP_BUDGET);
});

const rowOf = (p: Portfolio, id: string) => p.rows.find((r) => r.groupId === id)!;
const PL_FIGURES = ['revenue', 'grossProfit', 'operatingResult', 'resultBeforeTax', 'result'] as const;
const BALANCES = ['cashAndBank', 'equityRatio', 'liquidityRatio1'] as const;

/** The months from a range's start to its end (yyyy-mm). */
function monthsOf(range: { startDate: string; endDate: string }): string[] {
  const out: string[] = [];
  for (let m = range.startDate.slice(0, 7); m <= range.endDate.slice(0, 7); ) {
    out.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  return out;
}

/** (value − base) / |base| × 100 to one decimal, half away from zero, by hand. */
const percentChange = (value: number, base: number) => {
  const x = ((value - base) / Math.abs(base)) * 100;
  return (Math.sign(x) * Math.floor(Math.abs(x) * 10 + 0.5 + 1e-9)) / 10;
};

describe('GET /api/portfolio?compare=budget', () => {
  const periods = [
    `startDate=${YEAR}-01-01&endDate=${YEAR}-12-31`,
    `startDate=${YEAR}-04-01&endDate=${YEAR}-06-30`,
    `startDate=${YEAR}-05-01&endDate=${YEAR}-08-31`,
  ];
  for (const range of periods)
    it(`compares each board with the budget column of its own P&L, to the øre (${range})`, async () => {
      const p = await getOk<Portfolio>(app, '/api/portfolio', range, 'compare=budget');
      expect(p.comparisonAvailable).toBe(true);
      for (const [board, rows] of [
        [app.t.boardId, DEMO_BUDGET],
        [shop, SHOP_BUDGET],
      ] as const) {
        const pl = await getOk<ProfitLossReport>(app, '/api/profit-loss', `groupId=${board}`, range, 'compare=budget');
        const budget = pl.comparison!;
        expect(budget.basis).toBe('budget');
        const row = rowOf(p, board);
        // The same months as the P&L's budget column: the booked part of the period.
        expect(row.comparisonPeriod).toEqual({ startDate: budget.startDate, endDate: budget.endDate });
        const hand = byHand(rows, monthsOf(budget));
        const column = {
          revenue: budget.total.operatingIncome,
          grossProfit: budget.total.grossProfit,
          operatingResult: budget.total.operatingResult,
          resultBeforeTax: budget.total.resultBeforeTax,
          result: budget.total.result,
        };
        for (const id of PL_FIGURES) {
          expect(column[id], `${row.name} ${id}: the P&L against the hand sum`).toBe(hand[id]);
          expect(row.figures[id].comparison, `${row.name} ${id}`).toBe(hand[id]);
          expect(hand[id]).not.toBe(0);
        }
        expect(row.figures.grossMargin.comparison).toBeCloseTo((hand.grossProfit / hand.revenue) * 100, 9);
        // The change against the budget, as against any comparison.
        const revenue = row.figures.revenue;
        expect(revenue.value).toBe(pl.total.operatingIncome);
        expect(revenue.change).toBe(percentChange(revenue.value!, hand.revenue));
        for (const id of BALANCES) {
          expect(row.figures[id].comparison, `${row.name} ${id}`).toBeNull();
          expect(row.figures[id].change).toBeNull();
          expect(row.figures[id].comparisonReason?.no).toMatch(/budsjett/i);
          expect(row.figures[id].comparisonReason?.en).toMatch(/budget/i);
        }
      }
    });

  it('gives the same rows whether its boards are read all at once or one at a time', async () => {
    const ask = { startDate: `${YEAR}-01-01`, endDate: `${YEAR}-12-31`, benchmark: 'all', kpis: 'revenue-growth' };
    const userId = app.t.userId;
    for (const compare of ['lastYear', 'budget'] as const) {
      const whole = await readPortfolio(app.t.deps.db, userId, { ...ask, compare }, 0);
      const oneByOne = await readPortfolio(app.t.deps.db, userId, { ...ask, compare }, 0, 1);
      expect(whole.rows.length).toBeGreaterThanOrEqual(3);
      expect(oneByOne).toEqual(whole);
    }
  });

  it('gives a board without a budget no comparison, with the reason, never 0', async () => {
    const p = await getOk<Portfolio>(
      app,
      '/api/portfolio',
      `startDate=${YEAR}-01-01&endDate=${YEAR}-12-31`,
      'compare=budget',
    );
    const row = rowOf(p, unbudgeted);
    expect(row.figures.revenue.value).not.toBeNull();
    for (const id of [...PL_FIGURES, 'grossMargin', ...BALANCES] as const) {
      expect(row.figures[id].comparison, id).toBeNull();
      expect(row.figures[id].change, id).toBeNull();
      expect(row.figures[id].comparisonReason, id).toBeTruthy();
    }
    expect(row.figures.revenue.comparisonReason!.en).toBe('No budget for the months of the period');
  });

  it('gives the KPI columns of the period’s flows against the budget, and says why the others have none', async () => {
    const range = `startDate=${YEAR}-01-01&endDate=${YEAR}-12-31`;
    const p = await getOk<Portfolio>(
      app,
      '/api/portfolio',
      range,
      'compare=budget&kpis=operating-margin,payroll-share,equity-ratio,revenue-growth',
    );
    const pl = await getOk<ProfitLossReport>(app, '/api/profit-loss', `groupId=${shop}`, range, 'compare=budget');
    const hand = byHand(SHOP_BUDGET, monthsOf(pl.comparison!));
    const row: PortfolioRow = rowOf(p, shop);
    // Ten-thousandths, half away from zero: operating result / revenue.
    const ratio = (n: number, d: number) => Math.sign(n / d) * Math.floor(Math.abs((n * 10_000) / d) + 0.5);
    expect(row.kpis['operating-margin']!.comparison).toBe(ratio(hand.operatingResult, hand.revenue));
    const payroll = -SHOP_BUDGET.find((r) => r.target === 'payroll')!
      .months.slice(0, 6)
      .reduce((s, x) => s + x, 0);
    expect(row.kpis['payroll-share']!.comparison).toBe(ratio(payroll, hand.revenue));
    expect(row.kpis['operating-margin']!.change).toBe(
      row.kpis['operating-margin']!.value! - row.kpis['operating-margin']!.comparison!,
    );
    for (const id of ['equity-ratio', 'revenue-growth'] as const) {
      expect(row.kpis[id]!.comparison, id).toBeNull();
      expect(row.kpis[id]!.change, id).toBeNull();
      expect(row.kpis[id]!.comparisonReason, id).toBeTruthy();
    }
    // Against last year there is no reason to give: the field is left out.
    const lastYear = await getOk<Portfolio>(app, '/api/portfolio', range, 'compare=lastYear&kpis=equity-ratio');
    expect(rowOf(lastYear, shop).kpis['equity-ratio']!.comparisonReason).toBeUndefined();
    expect(rowOf(lastYear, shop).figures.cashAndBank.comparisonReason).toBeUndefined();
  });
});
