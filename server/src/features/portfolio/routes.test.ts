import { resolve } from 'node:path';
import type { BalanceSheetReport, Portfolio, PortfolioRow, ProfitLossReport } from '@saldo/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { boardOfLedger, getOk, type SignedIn, signedInApp } from '../../test/ledger-boards.ts';

// Every figure of a portfolio row is the board's own statement's for the same period, read through
// the statements' routes; revenue is also summed from the raw postings by hand.

const FILE = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');

let app: SignedIn;
let saftBoard: string;

beforeAll(async () => {
  app = await signedInApp();
  ({ boardId: saftBoard } = await boardOfLedger(app.t, saftConnector({ path: FILE }), {
    source: 'Eksempel 888888888',
    board: 'Eksempel AS',
  }));
});

const portfolio = (query: string, token = app.token) => getOk<Portfolio>({ t: app.t, token }, '/api/portfolio', query);
const rowOf = (p: Portfolio, id: string) => p.rows.find((r) => r.groupId === id)!;

/** Revenue (3000–3999, credit positive) of the months, summed from the board's live postings in plain SQL. */
async function revenueFromPostings(boardId: string, first: string, last: string): Promise<number> {
  const [row] = await app.t.deps.db.all<{ revenue: number | null }>(sql`
    select -sum(p.amount) as revenue from posting p
    join api_account a on a.id = p.api_account_id and a.ledger_version = p.version
    join board_api_account b on b.api_account_id = a.id
    where b.board_id = ${boardId} and p.account_number between 3000 and 3999 and p.period between ${first} and ${last}`);
  return row?.revenue ?? 0;
}

/** The statements' figures for a period, as the portfolio names them. */
async function statementFigures(boardId: string, range: string) {
  const q = `groupId=${boardId}&${range}`;
  const pl = await getOk<ProfitLossReport>(app, '/api/profit-loss', q);
  const bs = await getOk<BalanceSheetReport>(app, '/api/balance-sheet', q);
  const plFigures = (p: Pick<ProfitLossReport, 'total'>) => ({
    revenue: p.total.operatingIncome,
    grossProfit: p.total.grossProfit,
    operatingResult: p.total.operatingResult,
    resultBeforeTax: p.total.resultBeforeTax,
    result: p.total.result,
  });
  const bsFigures = (b: Pick<BalanceSheetReport, 'months'>) => {
    const end = b.months[b.months.length - 1]!;
    const group = (id: string) => end.groups.find((g) => g.group === id)?.totalAmountOfGroup ?? 0;
    return {
      cashAndBank: group('cashAndBank'),
      // No ratio over a base of 0 (a period before the books begin).
      equityRatio: end.totalAssets === 0 ? null : (end.totalEquity / end.totalAssets) * 100,
      liquidityRatio1: group('shortTermDebt') === 0 ? null : end.totalCurrentAssets / group('shortTermDebt'),
    };
  };
  return {
    current: { ...plFigures(pl), ...bsFigures(bs) },
    comparison: pl.comparison && bs.comparison ? { ...plFigures(pl.comparison), ...bsFigures(bs.comparison) } : null,
    comparisonPeriod: pl.comparison ? { startDate: pl.comparison.startDate, endDate: pl.comparison.endDate } : null,
    lastBookedMonth: pl.lastBookedMonth,
  };
}

/** Each figure of the row against the statements': amounts to the øre (so to the krone), ratios to 1e-9. */
function expectSame(row: PortfolioRow, key: 'value' | 'comparison', expected: Record<string, number | null>) {
  for (const [id, value] of Object.entries(expected)) {
    const got = row.figures[id as keyof PortfolioRow['figures']][key];
    if (value === null || Number.isInteger(value)) expect(got, `${row.name} ${id} ${key}`).toBe(value);
    else expect(got, `${row.name} ${id} ${key}`).toBeCloseTo(value, 9);
  }
}

describe('GET /api/portfolio', () => {
  const cases = [
    {
      name: 'the SAF-T file 888888888, a year',
      board: () => saftBoard,
      range: 'startDate=2017-01-01&endDate=2017-12-31',
    },
    {
      name: 'the SAF-T file 888888888, four months',
      board: () => saftBoard,
      range: 'startDate=2017-01-01&endDate=2017-04-30',
    },
    { name: 'the demo company, this year', board: () => app.t.boardId, range: '' },
    { name: 'the demo company, last year', board: () => app.t.boardId, range: '' },
  ];

  for (const [i, c] of cases.entries())
    for (const compare of ['lastYear', 'previous'] as const)
      it(`gives the board's own statement figures on ${c.name}, against ${compare}`, async () => {
        let range = c.range;
        if (!range) {
          const { lastBookedMonth } = await statementFigures(c.board(), 'startDate=2000-01-01&endDate=2000-01-31');
          const year = Number(lastBookedMonth!.slice(0, 4)) - (i === 3 ? 1 : 0);
          range = `startDate=${year}-01-01&endDate=${year}-12-31`;
        }
        const expected = await statementFigures(c.board(), `${range}&compare=${compare}`);
        const p = await portfolio(`${range}&compare=${compare}`);
        const row = rowOf(p, c.board());
        expect(row.lastBookedMonth).toBe(expected.lastBookedMonth);
        expectSame(row, 'value', expected.current);
        expect(row.comparisonPeriod).toEqual(expected.comparisonPeriod);
        expectSame(row, 'comparison', expected.comparison!);
        const [first, last] = [range.slice(10, 17), range.slice(-10, -3)];
        expect(row.figures.revenue.value).toBe(await revenueFromPostings(c.board(), first, last));
        expect(row.figures.revenue.value).not.toBe(0);
      });

  it('gives the sparkline month by month as the P&L of each month, and no figure after the last booked month', async () => {
    const p = await portfolio('startDate=2017-01-01&endDate=2017-12-31');
    const row = rowOf(p, saftBoard);
    expect(row.sparkline.months).toHaveLength(12);
    for (const [i, month] of row.sparkline.months.entries()) {
      if (month > row.lastBookedMonth!) {
        expect(row.sparkline.revenue[i]).toBeNull();
        continue;
      }
      expect(row.sparkline.revenue[i]).toBe(await revenueFromPostings(saftBoard, month, month));
    }
  });

  it('shows a Viewer of one board that row only, and another firm none of ours', async () => {
    const viewer = await app.t.signUp('viewer-of-one@example.no', { member: 'Viewer' });
    const seen = await portfolio('startDate=2017-01-01&endDate=2017-12-31', viewer.token);
    expect(seen.rows.map((r) => r.groupId)).toEqual([app.t.boardId]);
    expect(seen.rows[0]!.role).toBe('Viewer');
    const other = await app.t.signUp('other-firm@example.no');
    const theirs = await portfolio('startDate=2017-01-01&endDate=2017-12-31', other.token);
    expect(theirs.rows.filter((r) => r.groupId === app.t.boardId || r.groupId === saftBoard)).toEqual([]);
    const owner = await portfolio('startDate=2017-01-01&endDate=2017-12-31');
    expect(owner.rows.map((r) => r.groupId).sort()).toEqual([app.t.boardId, saftBoard].sort());
  });

  it('summarises a source synced before the summaries existed on its first read, once', async () => {
    const count = async () =>
      (await app.t.deps.db.all<{ n: number }>(sql`select count(*) as n from month_summary`))[0]!.n;
    const range = 'startDate=2017-01-01&endDate=2017-12-31';
    const before = rowOf(await portfolio(range), saftBoard);
    const rows = await count();
    await app.t.deps.db.run(sql`delete from month_summary`);
    expect(await count()).toBe(0);
    expect(rowOf(await portfolio(range), saftBoard)).toEqual(before);
    expect(await count()).toBe(rows);
    await portfolio(range);
    expect(await count()).toBe(rows);
  });

  it('says a board without a budget has none to compare with, rather than comparing with nothing (budget.test.ts has budgets)', async () => {
    const p = await portfolio('startDate=2017-01-01&endDate=2017-12-31&compare=budget');
    expect(p.comparisonAvailable).toBe(true);
    expect(rowOf(p, saftBoard).figures.revenue.comparison).toBeNull();
    expect(rowOf(p, saftBoard).figures.revenue.comparisonReason?.no).toBe('Ingen budsjett for periodens måneder');
  });

  it('refuses a period that is no dates', async () => {
    const res = await app.t.request('/api/portfolio?startDate=2017-13-01&endDate=2017-12-31', { token: app.token });
    expect(res.status).toBe(400);
  });
});
