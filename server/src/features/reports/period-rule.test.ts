import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSaft } from '../../../test-tools/saft-checker/checker.ts';
import { writeMutations } from '../../../test-tools/saft-mutations/mutate.ts';
import type {
  AccountSearchResult,
  ApiAccount,
  BalanceSheetReport,
  MrrData,
  PostingsPage,
  ProfitLossReport,
  TopRow,
  TurnoverData,
} from '../../contract.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// One rule for the month of a posting (its accounting period), followed by every reader of the
// ledger; accounts keep their own IDs; every account lands on a line. On flawed copies of the
// 888888888 example file: voucher 1001 dated 2017-01-04 is booked in period 2 (February), one February
// voucher in period 1, and April's last voucher in period 13 (December).

let t: TestApp;
let token: string;
let dir: string;
let files: Map<string, string>;
const boards = new Map<string, string>();

async function boardOf(name: string): Promise<string> {
  const known = boards.get(name);
  if (known) return known;
  const form = new FormData();
  const path = files.get(name)!;
  form.append('file', new Blob([readFileSync(path)], { type: 'text/xml' }), basename(path));
  const created: ApiAccount = await (
    await t.request('/api/api-account/saft', { method: 'POST', token, body: form })
  ).json();
  await t.deps.sync.drain();
  const res = await t.request('/api/group-account', {
    method: 'POST',
    token,
    body: JSON.stringify({ name, apis: [created._id] }),
  });
  const id: string = (await res.json())._id;
  boards.set(name, id);
  return id;
}

const get = async <T>(path: string): Promise<T> => {
  const res = await t.request(path, { token });
  expect(res.status, path).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  dir = mkdtempSync(join(tmpdir(), 'saldo-period-rule-'));
  files = writeMutations(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2017-${m}`);
const YEAR = 'startDate=2017-01-01&endDate=2017-12-31';

describe('the period of a posting', () => {
  it('drill-down lists a posting in its period and shows both the period and the date', async () => {
    const board = await boardOf('888-periods');
    const page = (from: string, to: string) =>
      get<PostingsPage>(`/api/postings?groupId=${board}&account=4000&from=${from}&to=${to}&pageSize=500`);
    const january = await page('2017-01-01', '2017-01-31');
    const february = await page('2017-02-01', '2017-02-28');
    expect(january.items.some((p) => p.voucher === '1001')).toBe(false);
    const booked = february.items.find((p) => p.voucher === '1001')!;
    expect(booked).toMatchObject({ period: '2017-02', date: '2017-01-04', accountNumber: 4000, accountId: '4000' });
    // A month's postings add up to the month in the P&L.
    const pl = await get<ProfitLossReport>(`/api/profit-loss?groupId=${board}&${YEAR}`);
    const line = (m: number, group: string) => pl.months[m]!.groups.find((g) => g.group === group)!.totalAmountOfGroup;
    const neg = (x: number) => 0 - x;
    expect(neg(january.sum)).toBe(line(0, 'costOfGoods'));
    expect(neg(february.sum)).toBe(line(1, 'costOfGoods'));
    // Part of a month is the whole month (the one period rule of reports and widgets), by period, not date.
    expect((await page('2017-02-11', '2017-02-28')).items.some((p) => p.voucher === '1001')).toBe(true);
    expect((await page('2017-01-04', '2017-01-04')).items.some((p) => p.voucher === '1001')).toBe(false);
    expect((await page('2017-02-11', '2017-02-12')).sum).toBe(february.sum);
    // Period 13 is December, whatever its date.
    const december = await get<PostingsPage>(
      `/api/postings?groupId=${board}&account=3000-3999&from=2017-12-01&to=2017-12-31&pageSize=500`,
    );
    expect(december.items.length).toBeGreaterThan(0);
    expect(december.items.every((p) => p.period === '2017-12' && p.date < '2017-05-01')).toBe(true);
    expect(neg(december.sum)).toBe(line(11, 'salesRevenue'));
    expect(line(11, 'salesRevenue')).toBeGreaterThan(0);
  });

  it('turnover, a custom widget and MRR follow the P&L month by month, period 13 in December', async () => {
    const board = await boardOf('888-periods');
    const pl = await get<ProfitLossReport>(`/api/profit-loss?groupId=${board}&${YEAR}`);
    const revenue = pl.months.map((m) =>
      m.groups
        .filter((g) => g.group === 'salesRevenue' || g.group === 'otherOperatingIncome')
        .reduce((s, g) => s + g.totalAmountOfGroup, 0),
    );
    expect(revenue[11]).toBeGreaterThan(0);
    const turnover = await get<TurnoverData>(`/api/widgets/turnover?groupId=${board}&${YEAR}`);
    expect(turnover.months.map((m) => m.amount)).toEqual(revenue);
    const custom = await t.request(`/api/widgets/${board}/custom/create`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' } }),
    });
    const widget = (await custom.json())._id as string;
    const data = await get<{ months: { value: number }[] }>(`/api/widgets/${board}/custom/${widget}?${YEAR}`);
    expect(data.months.map((m) => m.value)).toEqual(revenue);
    // MRR: each month's revenue per customer, as the independent checker sums it by period.
    const checked = checkSaft(files.get('888-periods')!);
    const mrr = await get<MrrData>(`/api/widgets/mrr?groupId=${board}&${YEAR}`);
    expect(mrr.months.map((m) => m.mrr)).toEqual(
      MONTHS.map((month) =>
        [...checked.customers.values()].reduce((s, c) => s + Math.max(0, c.months.get(month) ?? 0), 0),
      ),
    );
  });

  it('largest transactions and top customers take a voucher in its period, not its date', async () => {
    const board = await boardOf('888-periods');
    const top = (from: string, to: string) =>
      get<TopRow[]>(`/api/widgets/top-ten/largest-transactions?groupId=${board}&startDate=${from}&endDate=${to}`);
    // 1001 is dated 4 January and booked in February: it is February's, whatever days of it are asked for.
    const onItsDate = await top('2017-01-04', '2017-01-04');
    expect(onItsDate.some((r) => r._id.endsWith(':1001'))).toBe(false);
    expect(await top('2017-02-20', '2017-02-21')).toEqual(await top('2017-02-01', '2017-02-28'));
    const december = await top('2017-12-01', '2017-12-31');
    expect(december).toHaveLength(1);
    const customers = await get<TopRow[]>(
      `/api/widgets/top-ten/customers?groupId=${board}&startDate=2017-12-01&endDate=2017-12-31`,
    );
    const checked = checkSaft(files.get('888-periods')!);
    expect(customers.map((c) => c.amount)).toEqual(
      [...checked.customers.values()]
        .map((c) => c.months.get('2017-12') ?? 0)
        .filter((a) => a > 0)
        .sort((a, b) => b - a),
    );
  });
});

describe('every account lands somewhere, and sub-accounts stay apart', () => {
  it('places 9995 by its standard account and 9997 by its grouping in the P&L, 9996 on the Unclassified line', async () => {
    const board = await boardOf('888-standard-accounts');
    const range = `groupId=${board}&startDate=2017-01-01&endDate=2017-04-30`;
    const pl = await get<ProfitLossReport>(`/api/profit-loss?${range}`);
    const other = pl.total.groups.find((g) => g.group === 'otherOperatingExpenses')!;
    expect(other.subItems.filter((i) => i.accountId!.startsWith('99'))).toEqual([
      { number: 7790, accountId: '9997', title: { no: 'Diverse kostnader', en: 'Diverse kostnader' }, amount: -50_000 },
      {
        number: 7900,
        accountId: '9995',
        title: { no: 'Midlertidig konto', en: 'Midlertidig konto' },
        amount: -1_184_000,
      },
    ]);
    const bs = await get<BalanceSheetReport>(`/api/balance-sheet?${range}`);
    const april = bs.months.at(-1)!;
    expect(april.groups.find((g) => g.group === 'unclassified')).toEqual({
      group: 'unclassified',
      side: 'assets',
      groupTitle: { no: 'Uklassifisert', en: 'Unclassified' },
      totalAmountOfGroup: -1_234_000,
      subItems: [
        {
          number: 9996,
          accountId: '9996',
          title: { no: 'Avregningskonto', en: 'Avregningskonto' },
          amount: -1_234_000,
        },
      ],
    });
    // The file nets to zero: so do the balance sheets, with no warning.
    expect(bs.months.map((m) => m.difference)).toEqual([0, 0, 0, 0]);
    expect(bs.warnings).toEqual([]);
    // The drill-down finds an account by its own ID.
    const drill = await get<PostingsPage>(
      `/api/postings?groupId=${board}&accountId=9995&from=2017-01-01&to=2017-04-30`,
    );
    expect(drill.items.map((p) => [p.accountId, p.accountNumber, p.amount, p.accountName])).toEqual([
      ['9995', 7900, 1_184_000, 'Midlertidig konto'],
    ]);
  });

  it('keeps two bank accounts under 1920 apart in the balance sheet, the drill-down and account search', async () => {
    const board = await boardOf('888-sub-accounts');
    const range = `groupId=${board}&startDate=2017-01-01&endDate=2017-04-30`;
    const bs = await get<BalanceSheetReport>(`/api/balance-sheet?${range}`);
    const cash = bs.months.at(-1)!.groups.find((g) => g.group === 'cashAndBank')!;
    expect(cash.subItems.map((i) => [i.number, i.accountId, i.title.no])).toEqual([
      [1900, '1900', 'Kontanter'],
      [1920, '1920PKEY92783', 'Bankinnskudd'],
      [1920, '1920PKEY20503047', 'Skattetrekkskonto'],
    ]);
    expect(cash.subItems[2]!.amount).toBe(2_500_000);
    const drill = await get<PostingsPage>(
      `/api/postings?groupId=${board}&accountId=1920PKEY20503047&from=2017-01-01&to=2017-04-30`,
    );
    expect(drill.items.map((p) => [p.voucher, p.accountId, p.amount])).toEqual([
      ['9002', '1920PKEY20503047', 2_500_000],
    ]);
    const both = await get<PostingsPage>(`/api/postings?groupId=${board}&account=1920&from=2017-01-01&to=2017-04-30`);
    expect(new Set(both.items.map((p) => p.accountId))).toEqual(new Set(['1920PKEY92783', '1920PKEY20503047']));
    const search = await get<AccountSearchResult[]>(`/api/widgets/${board}/accounts?q=1920`);
    expect(search.map((a) => [a.accountId, a.number, a.name])).toEqual([
      ['1920PKEY92783', 1920, 'Bankinnskudd'],
      ['1920PKEY20503047', 1920, 'Skattetrekkskonto'],
    ]);
    expect(
      (await get<AccountSearchResult[]>(`/api/widgets/${board}/accounts?q=pkey2`)).map((a) => a.accountId),
    ).toEqual(['1920PKEY20503047']);
  });

  it("exports (and so the assistant, which reads the same tables) give the reports' period figures", async () => {
    const board = await boardOf('888-periods');
    const res = await t.request(`/api/exports/${board}`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        format: 'json',
        pages: ['profitloss'],
        startDate: '2017-12-01',
        endDate: '2017-12-31',
        lang: 'en',
      }),
    });
    expect(res.status).toBe(200);
    const doc = await res.json();
    const pl = await get<ProfitLossReport>(`/api/profit-loss?groupId=${board}&startDate=2017-12-01&endDate=2017-12-31`);
    const result = doc.tables[0].rows.find((r: unknown[]) => r[0] === 'Net result');
    // Shown in whole kroner, half away from zero.
    const kroner = Math.sign(pl.total.result) * Math.floor((Math.abs(pl.total.result) + 50) / 100);
    expect(result.slice(1)).toEqual([kroner, kroner]);
    expect(pl.total.result).not.toBe(0);
  });
});
