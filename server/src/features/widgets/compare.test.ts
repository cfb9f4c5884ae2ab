import type { CustomWidget, CustomWidgetData, ProfitLossReport, TopRow, TurnoverData } from '@saldo/contract';
import { oreToKroner } from '@saldo/contract/numbers/footing';
import { buildProfitLossModel, shownAccountTotals } from '@saldo/contract/statements/index';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sumsByParty } from '../../test/by-hand.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, signedInApp } from '../../test/ledger-boards.ts';

// The comparison views of the top lists and custom widgets, against sums made here from the demo
// company's own records (its generator, not the database), with a ledger version being built beside the live one. The test app's demo is booked from
// 2024-01 to 2026-10, so a 2026 period compares like for like: its booked months, January–October.

let t: TestApp;
let token: string;
const { postings, customers, suppliers } = demoLedger();

beforeAll(async () => {
  ({ t, token } = await signedInApp());
  // A second copy of the monthly sums under a version that is not live, as a sync writes its new ledger
  // beside the live one: a comparison that read it would count every figure twice.
  for (const table of ['monthly_balance', 'party_month']) {
    const columns = (await t.deps.db.all<{ name: string }>(sql.raw(`pragma table_info(${table})`))).map((c) => c.name);
    const copied = columns.map((c) => (c === 'version' ? '999999' : c));
    await t.deps.db.run(
      sql.raw(`insert into ${table} (${columns.join(', ')}) select ${copied.join(', ')} from ${table}`),
    );
  }
});

const get = <T>(path: string, query: string) => getOk<T>({ t, token }, path, `groupId=${t.boardId}`, query);

/** Each party's postings on the accounts in the months first–last (inclusive), in report sign, by name. */
function byParty(
  party: 'customerId' | 'supplierId',
  names: Map<string, string>,
  accounts: { from: number; to: number; sign: 1 | -1 },
  first: string,
  last: string,
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [id, amount] of sumsByParty(postings, party, accounts, first, last)) {
    const name = names.get(id)!;
    sums.set(name, (sums.get(name) ?? 0) + amount);
  }
  return sums;
}

/** One account's movement (debit positive) in the months first–last. */
function accountSum(accountId: string, first: string, last: string): number {
  return postings
    .filter((p) => (p.accountId ?? String(p.accountNumber)) === accountId)
    .filter((p) => p.date.slice(0, 7) >= first && p.date.slice(0, 7) <= last)
    .reduce((sum, p) => sum + p.amount, 0);
}

describe('comparison views of the top lists', () => {
  it('top customers against last year: January–October 2025, like for like with the booked months of 2026', async () => {
    const top = await get<TopRow[]>(
      '/api/widgets/top-ten/customers',
      'startDate=2026-01-01&endDate=2026-12-31&compare=lastYear',
    );
    const now = byParty('customerId', customers, { from: 3000, to: 3999, sign: -1 }, '2026-01', '2026-12');
    const before = byParty('customerId', customers, { from: 3000, to: 3999, sign: -1 }, '2025-01', '2025-10');
    expect(top).toHaveLength(10);
    for (const row of top) {
      expect(row.amount, row.name).toBe(now.get(row.name));
      expect(row.compareAmount, row.name).toBe(before.get(row.name) ?? 0);
    }
    // Not the whole of 2025: November and December are left out, as the reports leave them out.
    const wholeYear = byParty('customerId', customers, { from: 3000, to: 3999, sign: -1 }, '2025-01', '2025-12');
    expect(top.some((row) => row.compareAmount !== wholeYear.get(row.name))).toBe(true);
  });

  it('top suppliers of the second quarter against the quarter before', async () => {
    const top = await get<TopRow[]>(
      '/api/widgets/top-ten/suppliers',
      'startDate=2026-04-01&endDate=2026-06-30&compare=previous',
    );
    const before = byParty('supplierId', suppliers, { from: 4000, to: 7999, sign: 1 }, '2026-01', '2026-03');
    expect(top.length).toBeGreaterThan(0);
    for (const row of top) expect(row.compareAmount, row.name).toBe(before.get(row.name) ?? 0);
    expect(top.some((row) => (row.compareAmount ?? 0) > 0)).toBe(true);
  });

  it('top products carry a comparison for every row, and none without `compare`', async () => {
    const query = 'startDate=2025-01-01&endDate=2025-12-31';
    const [plain, compared] = await Promise.all([
      get<TopRow[]>('/api/widgets/top-ten/products', query),
      get<TopRow[]>('/api/widgets/top-ten/products', `${query}&compare=lastYear`),
    ]);
    expect(plain.every((row) => row.compareAmount === undefined)).toBe(true);
    expect(compared.map(({ compareAmount: _, compareBookedMonths: __, ...row }) => row)).toEqual(plain);
    expect(compared.every((row) => typeof row.compareAmount === 'number')).toBe(true);
    // 2024 is booked in every month.
    expect(compared.every((row) => row.compareBookedMonths === 12)).toBe(true);
  });

  it('over a comparison period with nothing booked, every top list and the turnover say so: nothing to compare with', async () => {
    // The demo begins in January 2024: 2023 has no posting on any account.
    const query = 'startDate=2024-01-01&endDate=2024-06-30&compare=lastYear';
    for (const list of ['customers', 'suppliers', 'products', 'expenses']) {
      const rows = await get<TopRow[]>(`/api/widgets/top-ten/${list}`, query);
      expect(rows.length, list).toBeGreaterThan(0);
      expect(
        rows.map((r) => [r.compareAmount, r.compareBookedMonths]),
        list,
      ).toEqual(rows.map(() => [0, 0]));
    }
    const turnover = await get<TurnoverData>('/api/widgets/turnover', 'startDate=2024-01-01&endDate=2024-06-30');
    expect([turnover.previousTotal, turnover.previousBookedMonths, turnover.changePercent]).toEqual([0, 0, null]);
    // A year later the same months are booked: a figure and a change.
    const later = await get<TurnoverData>('/api/widgets/turnover', 'startDate=2025-01-01&endDate=2025-06-30');
    expect(later.previousBookedMonths).toBe(6);
    const revenue2024 = postings
      .filter((p) => p.accountNumber >= 3000 && p.accountNumber <= 3999 && p.date >= '2024-01' && p.date < '2024-07')
      .reduce((sum, p) => sum - p.amount, 0);
    expect(later.previousTotal).toBe(revenue2024);
    expect(later.changePercent).not.toBeNull();
    const partly = await get<TopRow[]>(
      '/api/widgets/top-ten/customers',
      'startDate=2025-01-01&endDate=2025-03-31&compare=lastYear',
    );
    expect(partly.every((r) => r.compareBookedMonths === 3)).toBe(true);
  });

  it("top costs against last year: each account's own movement, and its figure as that period's P&L shows it", async () => {
    const top = await get<TopRow[]>(
      '/api/widgets/top-ten/expenses',
      'startDate=2026-01-01&endDate=2026-12-31&compare=lastYear',
    );
    const pl = await get<ProfitLossReport>('/api/profit-loss', 'startDate=2025-01-01&endDate=2025-10-31');
    const shown = shownAccountTotals(buildProfitLossModel(pl));
    expect(top).toHaveLength(10);
    for (const row of top) {
      expect(row.compareAmount, row._id).toBe(accountSum(row._id, '2025-01', '2025-10'));
      const account = pl.total.groups.flatMap((g) => g.subItems).find((i) => i.accountId === row._id);
      expect(row.compareShown, row._id).toBe(account ? -shown.get(`${account.number}:${row._id}`)! : 0);
      expect(Math.abs(row.compareShown! - oreToKroner(row.compareAmount!))).toBeLessThanOrEqual(1);
    }
  });
});

describe('comparison view of a custom widget', () => {
  const create = async (body: unknown): Promise<CustomWidget> =>
    (
      await t.request(`/api/widgets/${t.boardId}/custom/create`, { method: 'POST', token, body: JSON.stringify(body) })
    ).json();

  it('an account range against the period before: its months and total there', async () => {
    const widget = await create({ name: 'Lønn', type: 'accountRange', range: { from: '5000', to: '5999' } });
    const data = await get<CustomWidgetData>(
      `/api/widgets/${t.boardId}/custom/${widget._id}`,
      'startDate=2026-04-01&endDate=2026-06-30&compare=previous',
    );
    const payroll = (month: string) =>
      postings
        .filter((p) => p.accountNumber >= 5000 && p.accountNumber <= 5999 && p.date.slice(0, 7) === month)
        .reduce((sum, p) => sum + p.amount, 0);
    expect(data.comparison).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      months: ['2026-01', '2026-02', '2026-03'].map((month) => ({ month, value: payroll(month) })),
      total: payroll('2026-01') + payroll('2026-02') + payroll('2026-03'),
      bookedMonths: 3,
    });
    expect(data.total).toBe(payroll('2026-04') + payroll('2026-05') + payroll('2026-06'));
  });

  it('against a period with nothing booked: no figures at all (null), never zeros', async () => {
    const widget = await create({ name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' } });
    const data = await get<CustomWidgetData>(
      `/api/widgets/${t.boardId}/custom/${widget._id}`,
      'startDate=2024-01-01&endDate=2024-03-31&compare=lastYear',
    );
    expect(data.comparison).toEqual({
      startDate: '2023-01-01',
      endDate: '2023-03-31',
      months: ['2023-01', '2023-02', '2023-03'].map((month) => ({ month, value: null })),
      total: null,
      bookedMonths: 0,
    });
    expect(data.total).not.toBe(0);
  });

  it('a ratio against last year, like for like: the booked months of this year a year earlier', async () => {
    const widget = await create({
      name: 'Lønn / salg',
      type: 'ratio',
      dividend: { from: '5xxx', to: '5xxx' },
      divisor: { from: '3xxx', to: '3xxx' },
    });
    const data = await get<CustomWidgetData>(
      `/api/widgets/${t.boardId}/custom/${widget._id}`,
      'startDate=2026-01-01&endDate=2026-12-31&compare=lastYear',
    );
    const sum = (from: number, to: number, sign: number) =>
      postings
        .filter((p) => p.accountNumber >= from && p.accountNumber <= to)
        .filter((p) => p.date >= '2025-01-01' && p.date <= '2025-10-31')
        .reduce((s, p) => s + sign * p.amount, 0);
    const ratio = sum(5000, 5999, 1) / sum(3000, 3999, -1);
    expect(data.comparison?.startDate).toBe('2025-01-01');
    expect(data.comparison?.endDate).toBe('2025-10-31');
    expect(data.comparison?.months).toHaveLength(10);
    expect(data.comparison?.total).toBeCloseTo(ratio, 4);
    // Asked without `compare`, there is none.
    const plain = await get<CustomWidgetData>(
      `/api/widgets/${t.boardId}/custom/${widget._id}`,
      'startDate=2026-01-01&endDate=2026-12-31',
    );
    expect(plain.comparison).toBeUndefined();
  });
});
