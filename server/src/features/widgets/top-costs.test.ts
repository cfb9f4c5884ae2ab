import type { ProfitLossReport, TopFiveExpense, TopRow } from '@saldo/contract';
import { oreToKroner } from '@saldo/contract/numbers/footing';
import { buildProfitLossModel, shownAccountTotals } from '@saldo/contract/statements/index';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/create-test-app.ts';
import { boardThroughApi, getOk, ledgerOf, signedInApp } from '../../test/ledger-boards.ts';
import { toTable } from '../exports/tables.ts';

// Issue 12 found an account at -1 200 302 in the P&L and 1 200 303 in the top-cost list: the P&L
// foots (its line's shown figure shared out by largest remainder), the list rounded on its own.
// Here a ledger where footing must move an account by 1 kr, and the lists showing the P&L's figure.

let t: TestApp;
let token: string;
let boardId: string;

beforeAll(async () => {
  ({ t, token } = await signedInApp());
  const line = (accountNumber: number, amount: number) =>
    ({ kind: 'posting', date: '2026-03-10', voucher: 'V1', accountNumber, amount }) as const;
  // Rent 1 200 302.50 and a fee of 0.50: the line is 1 200 303.00, each rounded alone 1 200 303 + 1.
  const ledger = ledgerOf([line(6300, 1_200_302_50), line(6340, 50), line(1920, -1_200_303_00)]);
  boardId = await boardThroughApi({ t, token }, 'Halvkroner AS', ledger);
});

const get = <T>(path: string) =>
  getOk<T>({ t, token }, path, `groupId=${boardId}&startDate=2026-03-01&endDate=2026-03-31`);

describe('top cost lists and the P&L', () => {
  it('show each cost account with the figure the footed P&L shows, not its own rounding', async () => {
    const pl = await get<ProfitLossReport>('/api/profit-loss');
    const inPl = shownAccountTotals(buildProfitLossModel(pl));
    // The P&L: the line 1 200 303, its accounts footed to it; rent is the one moved.
    expect([inPl.get('6300:6300'), inPl.get('6340:6340')]).toEqual([-1_200_302, -1]);
    expect(oreToKroner(1_200_302_50)).toBe(1_200_303);

    const top = await get<TopRow[]>('/api/widgets/top-ten/expenses');
    expect(top.map((r) => [r._id, r.amount, r.shown])).toEqual([
      ['6300', 1_200_302_50, 1_200_302],
      ['6340', 50, 1],
    ]);
    const five = await get<TopFiveExpense[]>('/api/widgets/top-five/expenses');
    expect(five.map((r) => [r.account.accountId, r.closingBalance, r.shown])).toEqual([
      ['6300', 1_200_302_50, 1_200_302],
      ['6340', 50, 1],
    ]);
    // The exports write what the list shows.
    expect(toTable('top-expenses', top, 'nor').rows.map((r) => r[2])).toEqual([1_200_302, 1]);
  });
});
