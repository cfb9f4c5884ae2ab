import type { ProfitLossReport, TopFiveExpense, TopRow } from '@saldo/contract';
import { oreToKroner } from '@saldo/contract/numbers/footing';
import { buildProfitLossModel, shownAccountTotals } from '@saldo/contract/statements/index';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../connectors/types.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { toTable } from '../exports/tables.ts';
import { ingestLedger } from '../sync/ingest.ts';

// Issue 12 found an account at -1 200 302 in the P&L and 1 200 303 in the top-cost list: the P&L
// foots (its line's shown figure shared out by largest remainder), the list rounded on its own.
// Here a ledger where footing must move an account by 1 kr, and the lists showing the P&L's figure.

let t: TestApp;
let token: string;
let boardId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  const id = await t.addApiAccount('demo', 'Halvkroner AS');
  const line = (accountNumber: number, amount: number) =>
    ({ kind: 'posting', date: '2026-03-10', voucher: 'V1', accountNumber, amount }) as const;
  const ledger: Connector = {
    type: 'demo',
    parts: ['ledger'],
    async *read() {
      // Rent 1 200 302.50 and a fee of 0.50: the line is 1 200 303.00, each rounded alone 1 200 303 + 1.
      yield line(6300, 1_200_302_50);
      yield line(6340, 50);
      yield line(1920, -1_200_303_00);
    },
  };
  await ingestLedger(t.deps.db, id, ledger);
  const res = await t.request('/api/group-account', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Halvkroner AS', apis: [id] }),
  });
  boardId = (await res.json())._id;
});

const get = async <T>(path: string): Promise<T> => {
  const res = await t.request(`${path}?groupId=${boardId}&startDate=2026-03-01&endDate=2026-03-31`, { token });
  expect(res.status).toBe(200);
  return res.json();
};

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
