import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { minus, type Ranges, RESULTS } from '../../test/by-hand.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, signedInApp } from '../../test/ledger-boards.ts';

/**
 * compare=yearEnd over HTTP on the demo company (booked January 2024 – October 2026): the statements
 * beside last year's end, the whole fiscal year before the one holding the period's end. The expected
 * figures are summed here from the demo generator's postings by account ranges, not by the engine.
 */

let t: TestApp;
let token: string;
const { postings } = demoLedger();
beforeAll(async () => ({ t, token } = await signedInApp()));
const get = <T>(path: string) => getOk<T>({ t, token }, path, `groupId=${t.boardId}`);

const setFiscalYearStart = async (month: number) => {
  const res = await t.request(`/api/group-account/${t.boardId}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ fiscalYearStart: month }),
  });
  expect(res.status).toBe(200);
};

/** Σ of the demo's postings (debit positive) on `ranges`, in the months (yyyy-mm) from `first` to `last`. */
const posted = (ranges: Ranges, first: string, last: string) =>
  postings
    .filter((p) => {
      const month = p.period ?? p.date.slice(0, 7);
      return month >= first && month <= last && ranges.some(([a, b]) => p.accountNumber >= a && p.accountNumber <= b);
    })
    .reduce((s, p) => s + p.amount, 0);
/** The balance sheet's totals at the end of `month`, by hand: every posting up to then. */
const balanceAt = (month: string) => ({
  totalFixedAssets: posted([[1000, 1399]], '0000-00', month),
  totalCurrentAssets: posted([[1400, 1999]], '0000-00', month),
  totalAssets: posted(
    [
      [0, 1999],
      [8200, 8299],
      [8400, 8799],
      [9000, 99_999],
    ],
    '0000-00',
    month,
  ),
  totalEquity: minus(posted([[2000, 2099], ...RESULTS], '0000-00', month)),
  totalLiabilities: minus(posted([[2100, 2999]], '0000-00', month)),
});
const cashAt = (month: string) => posted([[1900, 1999]], '0000-00', month);

const YEAR = 'startDate=2026-01-01&endDate=2026-12-31';

describe("statements beside last year's end (compare=yearEnd)", () => {
  it('the balance sheet: its period end (the last booked month) beside 31 December of the year before', async () => {
    const bs = await get<BalanceSheetReport>(`/api/balance-sheet?${YEAR}&compare=yearEnd`);
    expect(bs.months.at(-1)!.date).toBe('2026-10-31');
    const compared = bs.comparison!;
    expect(compared).toMatchObject({ startDate: '2025-01-01', endDate: '2025-12-31', bookedMonths: 12 });
    const end = compared.months.at(-1)!;
    expect(end.date).toBe('2025-12-31');
    // Not the same date a year earlier (what compare=lastYear shows): the year's last day.
    const december = balanceAt('2025-12');
    expect(end).toMatchObject(december);
    expect(december.totalAssets).not.toBe(balanceAt('2025-10').totalAssets);
    expect(end.groups.find((g) => g.group === 'cashAndBank')!.totalAmountOfGroup).toBe(cashAt('2025-12'));
    expect(end.totalAssets).toBe(end.totalEquityAndLiabilities);
    // The period's own columns are as without a comparison.
    expect(bs.months.at(-1)).toMatchObject(balanceAt('2026-10'));
  });

  it("the P&L and the cash flow: the previous year's totals, the whole year and not like for like", async () => {
    const pl = await get<ProfitLossReport>(`/api/profit-loss?${YEAR}&compare=yearEnd`);
    expect(pl.comparison).toMatchObject({ startDate: '2025-01-01', endDate: '2025-12-31', bookedMonths: 12 });
    expect(pl.comparison!.total.result).toBe(minus(posted(RESULTS.slice(0, 2), '2025-01', '2025-12')));
    expect(pl.comparison!.total.operatingIncome).toBe(minus(posted([[3000, 3999]], '2025-01', '2025-12')));
    const cf = await get<CashFlowReport>(`/api/cashflow?${YEAR}&compare=yearEnd`);
    expect(cf.comparison).toMatchObject({ startDate: '2025-01-01', endDate: '2025-12-31', bookedMonths: 12 });
    expect(cf.comparison!.total.openingBalance).toBe(cashAt('2024-12'));
    expect(cf.comparison!.total.closingBalance).toBe(cashAt('2025-12'));
  });

  it("a fiscal year from July: last year's end is 30 June, also for a period end in the fiscal year's first month", async () => {
    // Asked first with the calendar year, so a kept answer must not outlive the setting.
    const before = await get<BalanceSheetReport>(`/api/balance-sheet?${YEAR}&compare=yearEnd`);
    expect(before.comparison!.endDate).toBe('2025-12-31');
    await setFiscalYearStart(7);
    try {
      // 31 October 2026 is in the fiscal year from July 2026: the year before it ends on 30 June 2026.
      const bs = await get<BalanceSheetReport>(`/api/balance-sheet?${YEAR}&compare=yearEnd`);
      expect(bs.comparison).toMatchObject({ startDate: '2025-07-01', endDate: '2026-06-30' });
      expect(bs.comparison!.months.at(-1)).toMatchObject({ date: '2026-06-30', ...balanceAt('2026-06') });
      // July 2025, the first month of the fiscal year from July 2025: beside 30 June 2025.
      const july = await get<BalanceSheetReport>(
        '/api/balance-sheet?startDate=2025-07-01&endDate=2025-07-31&compare=yearEnd',
      );
      expect(july.comparison).toMatchObject({ startDate: '2024-07-01', endDate: '2025-06-30', bookedMonths: 12 });
      expect(july.comparison!.months.at(-1)).toMatchObject({ date: '2025-06-30', ...balanceAt('2025-06') });
      // A March period end: the fiscal year from July 2025 holds it, so July 2024 – June 2025.
      const pl = await get<ProfitLossReport>(
        '/api/profit-loss?startDate=2026-01-01&endDate=2026-03-31&compare=yearEnd',
      );
      expect(pl.comparison).toMatchObject({ startDate: '2024-07-01', endDate: '2025-06-30' });
      expect(pl.comparison!.total.result).toBe(minus(posted(RESULTS.slice(0, 2), '2024-07', '2025-06')));
    } finally {
      await setFiscalYearStart(1);
    }
    const after = await get<BalanceSheetReport>(`/api/balance-sheet?${YEAR}&compare=yearEnd`);
    expect(after.comparison!.endDate).toBe('2025-12-31');
  });

  it("the first year of the books: the year before has no booked month, so nothing to compare with ('–')", async () => {
    expect(postings.some((p) => p.date < '2024-01-01')).toBe(false);
    const bs = await get<BalanceSheetReport>(
      '/api/balance-sheet?startDate=2024-01-01&endDate=2024-12-31&compare=yearEnd',
    );
    expect(bs.comparison).toMatchObject({ startDate: '2023-01-01', endDate: '2023-12-31', bookedMonths: 0 });
    expect(bs.comparison!.openingMonths).toBeUndefined();
    const pl = await get<ProfitLossReport>('/api/profit-loss?startDate=2024-01-01&endDate=2024-12-31&compare=yearEnd');
    expect(pl.comparison).toMatchObject({ startDate: '2023-01-01', endDate: '2023-12-31', bookedMonths: 0 });
  });

  it('a comparison that is none is refused', async () => {
    const res = await t.request(`/api/balance-sheet?${YEAR}&compare=yearStart&groupId=${t.boardId}`, { token });
    expect(res.status).toBe(400);
  });
});
