import type {
  BalanceSheetReport,
  CashFlowReport,
  EmployeesData,
  MrrData,
  ProfitLossReport,
  TurnoverData,
} from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, signedInApp } from '../../test/ledger-boards.ts';

// The demo company is booked to October 2026 (the test's today is 21 November 2026). Expected
// figures are summed here from the generator's records, not through the engine.

let t: TestApp;
let token: string;
const { postings } = demoLedger();
beforeAll(async () => ({ t, token } = await signedInApp()));
const get = <T>(path: string) => getOk<T>({ t, token }, path, `groupId=${t.boardId}`);

/** Revenue (3000–3999, report sign) of the postings dated from..to (the demo books a posting in its date's month). */
const revenue = (from: string, to: string) =>
  -postings
    .filter((p) => p.date >= from && p.date <= to && p.accountNumber >= 3000 && p.accountNumber <= 3999)
    .reduce((s, p) => s + p.amount, 0);
/** The result (3000–8399) of the postings dated from..to. */
const result = (from: string, to: string) =>
  -postings
    .filter((p) => p.date >= from && p.date <= to && p.accountNumber >= 3000 && p.accountNumber <= 8399)
    .reduce((s, p) => s + p.amount, 0);

const YEAR = 'startDate=2026-01-01&endDate=2026-12-31';

describe('like-for-like comparisons', () => {
  it('this year against last year compares January–October with January–October', async () => {
    const pl = await get<ProfitLossReport>(`/api/profit-loss?${YEAR}&compare=lastYear`);
    expect(pl.lastBookedMonth).toBe('2026-10');
    expect(pl.months.map((m) => m.month)).toHaveLength(12);
    expect(pl.comparison).toMatchObject({ startDate: '2025-01-01', endDate: '2025-10-31' });
    expect(pl.comparison!.months.map((m) => m.month).at(-1)).toBe('2025-10');
    expect(pl.total.result).toBe(result('2026-01-01', '2026-12-31'));
    expect(pl.comparison!.total.result).toBe(result('2025-01-01', '2025-10-31'));
    // 'previous': the ten months just before the booked ten.
    const previous = await get<ProfitLossReport>(`/api/profit-loss?${YEAR}&compare=previous`);
    expect(previous.comparison).toMatchObject({ startDate: '2025-03-01', endDate: '2025-12-31' });
  });

  it("turnover's change from last year is like for like", async () => {
    const turnover = await get<TurnoverData>(`/api/widgets/turnover?${YEAR}`);
    const now = revenue('2026-01-01', '2026-10-31');
    const then = revenue('2025-01-01', '2025-10-31');
    expect(turnover).toMatchObject({ total: now, previousTotal: then, lastBookedMonth: '2026-10' });
    expect(turnover.changePercent).toBeCloseTo(((now - then) / then) * 100, 1);
    // Against the whole of 2025 the change would read lower: the rule matters on this data.
    const full = revenue('2025-01-01', '2025-12-31');
    expect(((now - full) / full) * 100).toBeLessThan(turnover.changePercent! - 5);
  });

  it('a cash flow compares like for like as well', async () => {
    const cf = await get<CashFlowReport>(`/api/cashflow?${YEAR}&compare=lastYear`);
    expect(cf.comparison).toMatchObject({ startDate: '2025-01-01', endDate: '2025-10-31' });
  });
});

describe('the last booked month', () => {
  it('a balance sheet stops at the last booked month, and its columns are headed by their dates', async () => {
    const bs = await get<BalanceSheetReport>(`/api/balance-sheet?${YEAR}&compare=lastYear`);
    expect(bs.endDate).toBe('2026-10-31');
    expect(bs.months.map((m) => m.date).at(-1)).toBe('2026-10-31');
    expect(bs.months).toHaveLength(10);
    expect(bs.comparison!.months.map((m) => m.date).at(-1)).toBe('2025-10-31');
    // Cash at 31 October 2026: every 19xx posting up to that day.
    const cash = postings
      .filter((p) => p.date <= '2026-10-31' && p.accountNumber >= 1900 && p.accountNumber <= 1999)
      .reduce((s, p) => s + p.amount, 0);
    const last = bs.months.at(-1)!.groups.find((g) => g.group === 'cashAndBank')!;
    expect(last.totalAmountOfGroup).toBe(cash);
  });

  it('MRR: months after it are not booked, and no customer churns into them', async () => {
    const mrr = await get<MrrData>(`/api/widgets/mrr?${YEAR}`);
    expect(mrr.lastBookedMonth).toBe('2026-10');
    expect(mrr.month).toBe('2026-10');
    expect(mrr.months.map((m) => m.month)).toHaveLength(12);
    const [nov, dec] = mrr.months.slice(10);
    for (const m of [nov!, dec!]) expect(m).toMatchObject({ mrr: 0, churnedMrr: 0, customers: 0 });
    expect(mrr.months[9]!.mrr).toBe(mrr.mrr);
    expect(mrr.mrr).toBeGreaterThan(0);
  });

  it('employee counts stop at the last booked month', async () => {
    const employees = await get<EmployeesData>(`/api/widgets/employees?${YEAR}`);
    expect(employees.lastBookedMonth).toBe('2026-10');
    expect(employees.months.slice(10).map((m) => m.count)).toEqual([0, 0]);
    expect(employees.current).toBe(employees.months[9]!.count);
    expect(employees.current).toBeGreaterThan(0);
  });

  it('a board with nothing booked says so', async () => {
    const empty = await t.request('/api/group-account', {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Tom tavle', apis: [] }),
    });
    const board = (await empty.json())._id as string;
    const res = await t.request(`/api/profit-loss?groupId=${board}&${YEAR}`, { token });
    expect((await res.json()).lastBookedMonth).toBeNull();
  });
});

describe('a comparison period and its booked months', () => {
  /** The months (yyyy-mm) from..to with a demo posting on any account, counted from the generator's records. */
  const postedMonths = (from: string, to: string) =>
    new Set(postings.filter((p) => p.date >= from && p.date <= to).map((p) => p.date.slice(0, 7))).size;
  const first = () => postings.map((p) => p.date).sort()[0]!;

  it('says how many of its months have postings: all, some, or none before the ledger starts', async () => {
    const full = await get<ProfitLossReport>(`/api/profit-loss?${YEAR}&compare=lastYear`);
    expect(full.comparison!.bookedMonths).toBe(postedMonths('2025-01-01', '2025-10-31'));
    expect(full.comparison!.bookedMonths).toBe(10);

    // The first booked year against the year before it: nothing to compare with.
    const year = first().slice(0, 4);
    const none = await get<ProfitLossReport>(
      `/api/profit-loss?startDate=${year}-01-01&endDate=${year}-12-31&compare=lastYear`,
    );
    expect(postedMonths(`${Number(year) - 1}-01-01`, `${Number(year) - 1}-12-31`)).toBe(0);
    expect(none.comparison!.bookedMonths).toBe(0);
    const cash = await get<CashFlowReport>(
      `/api/cashflow?startDate=${year}-01-01&endDate=${year}-12-31&compare=lastYear`,
    );
    expect(cash.comparison!.bookedMonths).toBe(0);

    // A year whose comparison starts before the ledger does: only its booked months count.
    const next = Number(year) + 1;
    const partly = await get<ProfitLossReport>(
      `/api/profit-loss?startDate=${next}-01-01&endDate=${next}-12-31&compare=lastYear`,
    );
    const expected = postedMonths(`${year}-01-01`, `${year}-12-31`);
    expect(partly.comparison!.bookedMonths).toBe(expected);
  });
});
