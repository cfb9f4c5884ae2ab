import { resolve } from 'node:path';
import type { KpiData, Portfolio, PortfolioRow } from '@saldo/contract';
import { type KpiId, kpiIds } from '@saldo/contract/kpis/kpis';
import { changePercent } from '@saldo/contract/numbers/variance';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { excelQuartile } from '../../test/by-hand.ts';
import {
  boardOfLedger,
  boardThroughApi,
  getOk,
  ledgerOf,
  type SignedIn,
  signedInApp,
} from '../../test/ledger-boards.ts';

// The portfolio's KPI columns are the board's own KPI widget's figures for the same period (every KPI
// of the library, the SAF-T file 888888888 and the demo company); its benchmarks are the quartiles of
// the rows it answers, worked out again here by Excel's QUARTILE.INC description (test/by-hand.ts).

const FILE = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');

let app: SignedIn;
let saftBoard: string;
const crafted: Record<string, string> = {};

/** June 2025 of a company: revenue and costs (kr), the difference in the bank. */
const june = (revenueKr: number, costsKr: number) => {
  const line = (accountNumber: number, amount: number) =>
    ({ kind: 'posting', date: '2025-06-15', voucher: 'V1', accountNumber, amount }) as const;
  return ledgerOf([line(3000, -revenueKr * 100), line(6300, costsKr * 100), line(1920, (revenueKr - costsKr) * 100)]);
};

/** The crafted companies of June 2025: revenue and costs in kroner, and their tags. */
const COMPANIES = [
  { name: 'Bygg En AS', revenue: 100_000, costs: 150_000, tags: ['bygg'] },
  { name: 'Bygg To AS', revenue: 200_000, costs: 50_000, tags: ['bygg'] },
  { name: 'Bygg Tre AS', revenue: 80_000, costs: 70_000, tags: ['bygg', 'Oslo'] },
  { name: 'Handel AS', revenue: 500_000, costs: 100_000, tags: ['handel'] },
  { name: 'Uten inntekt AS', revenue: 0, costs: 10_000, tags: ['bygg'] },
];

beforeAll(async () => {
  app = await signedInApp();
  ({ boardId: saftBoard } = await boardOfLedger(app.t, saftConnector({ path: FILE }), {
    source: 'Eksempel 888888888',
    board: 'Eksempel AS',
  }));
  for (const c of COMPANIES) {
    const id = await boardThroughApi(app, c.name, june(c.revenue, c.costs));
    const res = await app.t.request(`/api/group-account/${id}/assignment`, {
      method: 'PUT',
      token: app.token,
      body: JSON.stringify({ tags: c.tags }),
    });
    expect(res.status).toBe(200);
    crafted[c.name] = id;
  }
});

const portfolio = (query: string, token = app.token) => getOk<Portfolio>({ t: app.t, token }, '/api/portfolio', query);
const rowOf = (p: Portfolio, id: string) => p.rows.find((r) => r.groupId === id)!;
const widget = (board: string, kpi: KpiId, query: string) =>
  getOk<KpiData>(app, '/api/widgets/kpi', `groupId=${board}&kpi=${kpi}&${query}`);

describe('the portfolio’s KPI columns', () => {
  const cases = [
    { name: 'the SAF-T file, a year', board: () => saftBoard, range: 'startDate=2017-01-01&endDate=2017-12-31' },
    { name: 'the SAF-T file, four months', board: () => saftBoard, range: 'startDate=2017-01-01&endDate=2017-04-30' },
    { name: 'the demo company, its last year', board: () => app.t.boardId, range: '' },
  ];
  for (const c of cases)
    for (const compare of ['lastYear', 'previous'] as const)
      it(`gives every KPI of the library as the board's KPI widget does: ${c.name}, against ${compare}`, async () => {
        let range = c.range;
        if (!range) {
          const probe = await widget(c.board(), 'equity-ratio', 'startDate=2000-01-01&endDate=2000-01-31');
          const year = Number(probe.lastBookedMonth!.slice(0, 4));
          range = `startDate=${year}-01-01&endDate=${year}-12-31`;
        }
        const p = await portfolio(`${range}&compare=${compare}&kpis=${kpiIds.join(',')}`);
        expect(p.kpis.map((k) => k.id)).toEqual(kpiIds);
        const row = rowOf(p, c.board());
        let compared = 0;
        for (const id of kpiIds) {
          const own = await widget(c.board(), id, `${range}&compare=${compare}`);
          const got = row.kpis[id]!;
          expect(got.value, `${id} value`).toBe(own.value);
          expect(got.reason === null, `${id} reason`).toBe(own.value !== null);
          expect(got.comparison, `${id} comparison`).toBe(own.comparison!.value);
          if (got.value === null || got.comparison === null) expect(got.change).toBeNull();
          else {
            compared++;
            expect(got.change, `${id} change`).toBe(
              own.unit === 'amount' ? changePercent(own.value!, own.comparison!.value!, 'ore') : own.change,
            );
          }
        }
        if (compare === 'lastYear' && c.board() === app.t.boardId) expect(compared).toBeGreaterThan(10);
      });

  it('shows "–" with the reason where a board cannot compute a KPI, never a number', async () => {
    const p = await portfolio('startDate=2025-01-01&endDate=2025-12-31&kpis=gross-margin,months-of-cash,ebitda');
    const row = rowOf(p, crafted['Uten inntekt AS']!);
    expect(row.kpis['gross-margin']).toMatchObject({
      value: null,
      reason: { no: 'Sum driftsinntekter (3000–3999) er 0', en: 'Total operating income (3000–3999) is 0' },
    });
    expect((await widget(row.groupId, 'gross-margin', 'startDate=2025-01-01&endDate=2025-12-31')).value).toBeNull();
    expect(row.kpis.ebitda).toMatchObject({ value: -1_000_000, reason: null });
    expect(rowOf(p, crafted['Handel AS']!).kpis['gross-margin']).toMatchObject({ value: 10_000, reason: null });
    // A board with no data in the period at all (the SAF-T file ends in 2017) has no value either.
    expect(rowOf(p, saftBoard).kpis['gross-margin']!.value).toBeNull();
  });

  it('gives the same columns from summaries made again on first read, as after migration 0025 dropped them', async () => {
    const query = `startDate=2017-01-01&endDate=2017-12-31&compare=previous&kpis=${kpiIds.join(',')}`;
    const before = await portfolio(query);
    await app.t.deps.db.run(sql`delete from month_summary`);
    expect(await portfolio(query)).toEqual(before);
    // And booked months are kept: the SAF-T file's month of opening balances is no comparison.
    expect(rowOf(before, saftBoard).kpis.ebitda!.comparison).toBeNull();
  });

  it('refuses a KPI that is not in the library, and a benchmark group of no form', async () => {
    for (const query of ['kpis=ebit-of-the-moon', 'kpis=gross-margin,nope', 'benchmark=tags', 'benchmark=tag:']) {
      const res = await app.t.request(`/api/portfolio?startDate=2025-01-01&endDate=2025-12-31&${query}`, {
        token: app.token,
      });
      expect(res.status, query).toBe(400);
    }
  });
});

/** A column's values over the rows, as the answer has them. */
const valuesOf = (rows: readonly PortfolioRow[], column: string) =>
  rows.map((r) =>
    column in r.figures ? r.figures[column as 'revenue'].value : (r.kpis[column as KpiId]?.value ?? null),
  );

/** The benchmark of a column worked out by hand from the rows: quartiles over those with a value. */
function byHand(values: ReadonlyArray<number | null>, integer: boolean) {
  const there = values.filter((v): v is number => v !== null);
  // Half away from zero, written out: the sign times the rounded magnitude.
  const round = (q: number | null) => (q === null || !integer ? q : Math.sign(q) * Math.floor(Math.abs(q) + 0.5) || 0);
  return {
    q1: round(excelQuartile(there, 1)),
    median: round(excelQuartile(there, 2)),
    q3: round(excelQuartile(there, 3)),
    n: there.length,
  };
}

describe('the firm’s benchmarks', () => {
  const RANGE = 'startDate=2025-01-01&endDate=2025-12-31&kpis=operating-margin,working-capital,debt-ratio';
  const COLUMNS = [
    ['revenue', true],
    ['result', true],
    ['grossMargin', false],
    ['equityRatio', false],
    ['operating-margin', true],
    ['working-capital', true],
    ['debt-ratio', true],
  ] as const;

  for (const group of ['all', 'tag:bygg', 'tag:Oslo', 'tag:nobody'])
    it(`gives each column's quartiles over the boards of ${group}, and each row's place among them`, async () => {
      const p = await portfolio(`${RANGE}${group === 'all' ? '' : `&benchmark=${encodeURIComponent(group)}`}`);
      expect(p.benchmark.group).toBe(group);
      const members = p.rows.filter((r) => group === 'all' || r.tags.includes(group.slice(4)));
      for (const [column, integer] of COLUMNS) {
        const expected = byHand(valuesOf(members, column), integer);
        const got = p.benchmark.figures[column]!;
        expect(got.n, column).toBe(expected.n);
        for (const q of ['q1', 'median', 'q3'] as const)
          if (expected[q] === null || integer) expect(got[q], `${column} ${q}`).toBe(expected[q]);
          else expect(got[q], `${column} ${q}`).toBeCloseTo(expected[q], 9);
        for (const row of p.rows) {
          const v = valuesOf([row], column)[0]!;
          const place =
            v === null || expected.n < 2
              ? null
              : v < expected.q1!
                ? 1
                : v < expected.median!
                  ? 2
                  : v <= expected.q3!
                    ? 3
                    : 4;
          expect(row.positions[column], `${row.name} ${column}`).toBe(place);
        }
      }
      if (group === 'tag:bygg') {
        // Four boards tagged bygg; the one without revenue has no margin, so it is left out of that n.
        expect(p.benchmark.figures.revenue!.n).toBe(4);
        expect(p.benchmark.figures['operating-margin']!.n).toBe(3);
        // Operating margins -50 %, 75 %, 12,5 %: the median 12,5 % is Bygg Tre's, in ten-thousandths.
        expect(p.benchmark.figures['operating-margin']!.median).toBe(1_250);
      }
      if (group === 'tag:nobody')
        expect(p.benchmark.figures.revenue).toEqual({ q1: null, median: null, q3: null, n: 0 });
    });

  it('benchmarks a Viewer of one board over that board alone', async () => {
    const viewer = await app.t.signUp('viewer-of-one-benchmark@example.no', { member: 'Viewer' });
    const p = await portfolio(`${RANGE}`, viewer.token);
    expect(p.rows.map((r) => r.groupId)).toEqual([app.t.boardId]);
    const own = p.rows[0]!;
    for (const [column] of COLUMNS) {
      const v = valuesOf([own], column)[0]!;
      expect(p.benchmark.figures[column]!.n, column).toBe(v === null ? 0 : 1);
      expect(own.positions[column], column).toBeNull();
    }
    // The owner's benchmark over the same period counts every board with a value.
    const owner = await portfolio(RANGE);
    expect(owner.benchmark.figures.revenue!.n).toBeGreaterThan(p.benchmark.figures.revenue!.n);
  });
});
