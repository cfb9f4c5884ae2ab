import { resolve } from 'node:path';
import type {
  BalanceSheetReport,
  CashFlowReport,
  ConsolidationWidgetData,
  CustomWidgetData,
  MrrData,
  PostingsPage,
  ProfitLossReport,
  TopFiveExpense,
  TopRow,
  TurnoverData,
} from '@saldo/contract';
import {
  type AccountRanges,
  BALANCE_SHEET_RANGES,
  BALANCE_SHEET_TOTALS,
  CASH_FLOW_LINES,
  CASH_RANGES,
  cashFlowSectionSum,
  PROFIT_LOSS_RANGES,
  PROFIT_LOSS_SUBTOTALS,
  RESULT_RANGES,
  rangesParam,
} from '@saldo/contract/statements/chart';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { demoConnector } from '../../connectors/demo/demo-connector.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { boardApiAccount } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { appWithLedgerBoard } from '../../test/ledger-boards.ts';
import { ingestLedger } from '../sync/ingest.ts';

// Drill-down from every kind of figure: the postings GET /api/postings lists for what `saldo-drill`
// says was clicked (the accounts of @saldo/contract/statements/chart, a party, a voucher, the column's period)
// add up to the figure itself, on the demo company and on the SAF-T example file 888888888.

const FILE = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');

let t: TestApp;
let token: string;
let saftBoard: string;
let saftSource: string;

beforeAll(async () => {
  const names = { source: 'Eksempel 888888888', board: 'Eksempel' };
  ({
    t,
    token,
    boardId: saftBoard,
    sourceId: saftSource,
  } = await appWithLedgerBoard(saftConnector({ path: FILE }), names));
});

async function get<T>(path: string, query: string): Promise<T> {
  const res = await t.request(`${path}?${query}`, { token });
  expect(res.status, `${path}?${query}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

/** What a drill-down asks: the fields of a `saldo-drill` detail. */
interface Drill {
  accounts?: AccountRanges;
  accountId?: string;
  party?: { kind: 'customer' | 'supplier' | 'product'; id: string };
  voucher?: { apiAccountId: string; voucher: string };
  apiAccountId?: string;
  from: string;
  to: string;
  balance?: boolean;
  consolidated?: 'true' | 'eliminations';
  mrr?: 'mrr' | 'new' | 'churned';
}

function query(boardId: string, d: Drill, pageSize = 1, page = 1): string {
  const q = new URLSearchParams({
    groupId: boardId,
    from: d.from,
    to: d.to,
    pageSize: String(pageSize),
    page: String(page),
  });
  if (d.accounts) q.set('account', rangesParam(d.accounts));
  if (d.accountId) q.set('accountId', d.accountId);
  if (d.party) {
    q.set('party', d.party.id);
    q.set('partyKind', d.party.kind);
  }
  if (d.voucher) {
    q.set('apiAccountId', d.voucher.apiAccountId);
    q.set('voucher', d.voucher.voucher);
  }
  if (d.apiAccountId) q.set('apiAccountId', d.apiAccountId);
  if (d.balance) q.set('balance', 'true');
  if (d.consolidated) q.set('consolidated', d.consolidated);
  if (d.mrr) q.set('mrr', d.mrr);
  return q.toString();
}

const postings = (boardId: string, d: Drill, pageSize = 1, page = 1) =>
  get<PostingsPage>('/api/postings', query(boardId, d, pageSize, page));

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const monthOf = (month: string) => ({ from: `${month}-01`, to: lastDay(month) });

/**
 * Every figure of the three statements, in one month column and in the period's column, against the
 * postings its drill-down lists.
 */
async function statementCells(boardId: string, start: string, end: string, month: string) {
  const range = `groupId=${boardId}&startDate=${start}&endDate=${end}`;
  const [pl, bs, cf] = await Promise.all([
    get<ProfitLossReport>('/api/profit-loss', range),
    get<BalanceSheetReport>('/api/balance-sheet', range),
    get<CashFlowReport>('/api/cashflow', range),
  ]);
  const columns = [
    {
      period: pl.months.find((m) => m.month === month)!,
      cf: cf.cashflows.find((c) => c.month === month)!,
      ...monthOf(month),
    },
    { period: pl.total, cf: cf.total, from: start, to: end },
  ];
  let checked = 0;
  for (const { period, cf: flows, from, to } of columns) {
    // P&L: every line, every subtotal, and each account of the lines (report sign: the ledger's turned round).
    for (const g of period.groups) {
      const page = await postings(boardId, { accounts: [PROFIT_LOSS_RANGES[g.group]], from, to });
      expect(-page.sum || 0, `${g.group} ${from}`).toBe(g.totalAmountOfGroup);
      for (const item of g.subItems) {
        const one = await postings(boardId, {
          accounts: [[item.number, item.number]],
          accountId: item.accountId!,
          from,
          to,
        });
        expect(-one.sum || 0, `${item.accountId} ${from}`).toBe(item.amount);
        checked += 1;
      }
    }
    for (const key of Object.keys(PROFIT_LOSS_SUBTOTALS) as (keyof typeof PROFIT_LOSS_SUBTOTALS)[]) {
      const page = await postings(boardId, { accounts: PROFIT_LOSS_SUBTOTALS[key], from, to });
      expect(-page.sum || 0, `${key} ${from}`).toBe(period[key]);
      checked += 1;
    }
    // Cash flow: every line and every section's net by its accounts' cash effect, cash by 19xx.
    for (const g of flows.groups) {
      for (const item of g.subItems) {
        const line = CASH_FLOW_LINES.find((l) => l.key === item.group);
        if (!line) continue; // a source's unexplained cash has no postings behind it
        const page = await postings(boardId, { accounts: line.ranges, from, to });
        expect(line.sign * page.sum || 0, `${item.group} ${from}`).toBe(item.amount);
        checked += 1;
      }
      const sum = cashFlowSectionSum(g.group)!;
      const unexplained = g.subItems.find((i) => i.group === 'unbalancedSource')?.amount ?? 0;
      const page = await postings(boardId, { accounts: sum.ranges, from, to });
      expect(sum.sign * page.sum + unexplained || 0, `${g.group} ${from}`).toBe(g.totalAmountOfGroup);
    }
    const cash = await postings(boardId, { accounts: CASH_RANGES, from, to, balance: true });
    expect(cash.sum).toBe(flows.netChange);
    expect(cash.openingBalance).toBe(flows.openingBalance);
    expect(cash.openingBalance! + cash.sum).toBe(flows.closingBalance);
  }
  // Balance sheet: a month end's balances drill into that month's postings on top of the balance at its start.
  const end$ = bs.months.find((m) => m.month === month)!;
  const balance = async (accounts: AccountRanges, sign: 1 | -1, label: string, figure: number, accountId?: string) => {
    const page = await postings(boardId, {
      accounts,
      ...(accountId ? { accountId } : {}),
      ...monthOf(month),
      balance: true,
    });
    expect(sign * (page.openingBalance! + page.sum) || 0, label).toBe(figure);
    checked += 1;
    return page;
  };
  for (const g of end$.groups) {
    const sign = g.side === 'assets' ? 1 : -1;
    await balance(BALANCE_SHEET_RANGES[g.group], sign, g.group, g.totalAmountOfGroup);
    for (const item of g.subItems) {
      if (item.key === 'resultThisYear') {
        // This year's result so far: the year's P&L and dispositions from 1 January, no opening balance.
        const page = await postings(boardId, {
          accounts: RESULT_RANGES,
          from: `${month.slice(0, 4)}-01-01`,
          to: lastDay(month),
        });
        expect(-page.sum || 0).toBe(item.amount);
      } else if (item.key === undefined) {
        await balance([[item.number, item.number]], sign, item.accountId!, item.amount, item.accountId);
      }
    }
  }
  for (const key of Object.keys(BALANCE_SHEET_TOTALS) as (keyof typeof BALANCE_SHEET_TOTALS)[])
    await balance(BALANCE_SHEET_TOTALS[key], key.endsWith('Assets') ? 1 : -1, key, end$[key]);
  return checked;
}

describe('drill-down from every figure of the statements', () => {
  it('the demo company: every line, account and subtotal, in February and for the year, adds up to its figure', async () => {
    const checked = await statementCells(t.boardId, '2025-01-01', '2025-12-31', '2025-02');
    expect(checked).toBeGreaterThan(100);
  });

  it('the SAF-T example file 888888888: the same, with its unbalanced openings kept apart', async () => {
    const checked = await statementCells(saftBoard, '2017-01-01', '2017-04-30', '2017-02');
    expect(checked).toBeGreaterThan(30);
  });

  it('a February cell lists February’s postings only, each in its period, and a balance runs from its opening', async () => {
    const { postings: ledger } = demoLedger();
    const d: Drill = { accounts: [[1920, 1920]], ...monthOf('2025-02'), balance: true };
    const first = await postings(t.boardId, d, 10);
    const inFebruary = ledger.filter((p) => p.accountNumber === 1920 && p.date.startsWith('2025-02'));
    expect(first.total).toBe(inFebruary.length);
    expect(first.sum).toBe(inFebruary.reduce((s, p) => s + p.amount, 0));
    expect(first.openingBalance).toBe(
      ledger.filter((p) => p.accountNumber === 1920 && p.date < '2025-02-01').reduce((s, p) => s + p.amount, 0),
    );
    // Newest first: the first row's balance is the closing balance; each row's is the next (older) row's plus its amount.
    const all: PostingsPage['items'] = [];
    for (let page = 1; page <= Math.ceil(first.total / 10); page++)
      all.push(...(await postings(t.boardId, d, 10, page)).items);
    expect(all.every((p) => p.period === '2025-02' && p.date.startsWith('2025-02'))).toBe(true);
    expect(all[0]!.balance).toBe(first.openingBalance! + first.sum);
    for (let i = 0; i < all.length - 1; i++) expect(all[i]!.balance).toBe(all[i + 1]!.balance! + all[i]!.amount);
    expect(all.at(-1)!.balance).toBe(first.openingBalance! + all.at(-1)!.amount);
    // In the order booked, as a ledger card reads: from the opening balance down to the closing balance.
    const card = await get<PostingsPage>('/api/postings', `${query(t.boardId, d, 500)}&order=asc`);
    expect(card.items.map((p) => p._id)).toEqual(all.map((p) => p._id).reverse());
    expect(card.items[0]!.balance).toBe(first.openingBalance! + card.items[0]!.amount);
    expect(card.items.at(-1)!.balance).toBe(first.openingBalance! + first.sum);
    // The demo has no source web app to link to.
    expect(all.every((p) => p.voucherUrl === null)).toBe(true);
    // Without balance=true, no opening balance and no running balance.
    const plain = await postings(t.boardId, { accounts: [[1920, 1920]], ...monthOf('2025-02') });
    expect(plain.openingBalance).toBeUndefined();
    expect(plain.items[0]!.balance).toBeUndefined();
  });
});

describe('drill-down from the widgets', () => {
  const year = 'startDate=2025-01-01&endDate=2025-12-31';
  const period = { from: '2025-01-01', to: '2025-12-31' };

  it('a top customer, supplier or product: its postings in the period add up to its row', async () => {
    for (const [path, kind, accounts, sign] of [
      ['/api/widgets/top-ten/customers', 'customer', [[3000, 3999]], -1],
      ['/api/widgets/top-ten/suppliers', 'supplier', [[4000, 7999]], 1],
      ['/api/widgets/top-ten/products', 'product', [[3000, 3999]], -1],
    ] as const) {
      const rows = await get<TopRow[]>(path, `groupId=${t.boardId}&${year}`);
      expect(rows.length, path).toBeGreaterThan(1);
      for (const row of rows.slice(0, 3)) {
        const page = await postings(t.boardId, { accounts, party: { kind, id: row._id }, ...period }, 5);
        expect(sign * page.sum, `${kind} ${row.name}`).toBe(row.amount);
        if (kind !== 'product') expect(page.items.every((p) => (p.customer ?? p.supplier) === row.name)).toBe(true);
      }
    }
    // The customers of the SAF-T file, by their IDs there.
    const [top] = await get<TopRow[]>(
      '/api/widgets/top-ten/customers',
      `groupId=${saftBoard}&startDate=2017-01-01&endDate=2017-04-30`,
    );
    const page = await postings(saftBoard, {
      accounts: [[3000, 3999]],
      party: { kind: 'customer', id: top!._id },
      from: '2017-01-01',
      to: '2017-04-30',
    });
    expect(-page.sum).toBe(top!.amount);
  });

  it('a cost account of the top lists: its postings add up to its row', async () => {
    const rows = await get<Array<TopRow & { number: number }>>(
      '/api/widgets/top-ten/expenses',
      `groupId=${t.boardId}&${year}`,
    );
    const five = await get<TopFiveExpense[]>('/api/widgets/top-five/expenses', `groupId=${t.boardId}&${year}`);
    for (const row of rows.slice(0, 3)) {
      const page = await postings(t.boardId, { accounts: [[row.number, row.number]], accountId: row._id, ...period });
      expect(page.sum).toBe(row.amount);
    }
    const page = await postings(t.boardId, {
      accounts: [[five[0]!.account.number, five[0]!.account.number]],
      accountId: five[0]!.account.accountId!,
      ...period,
    });
    expect(page.sum).toBe(five[0]!.closingBalance);
  });

  it('a largest transaction: its voucher’s postings, whose debit lines add up to its row and which balance', async () => {
    for (const [boardId, q, from, to] of [
      [t.boardId, year, period.from, period.to],
      [saftBoard, 'startDate=2017-01-01&endDate=2017-04-30', '2017-01-01', '2017-04-30'],
    ] as const) {
      const rows = await get<TopRow[]>('/api/widgets/top-ten/largest-transactions', `groupId=${boardId}&${q}`);
      for (const row of rows.slice(0, 3)) {
        const at = row._id.indexOf(':');
        const voucher = { apiAccountId: row._id.slice(0, at), voucher: row._id.slice(at + 1) };
        const page = await postings(boardId, { voucher, from, to }, 100);
        expect(page.debit, row.name).toBe(row.amount);
        expect(page.sum).toBe(0);
        expect(page.items.every((p) => p.voucher === voucher.voucher)).toBe(true);
      }
    }
  });

  it('turnover and a custom account range: the period and each month, by their accounts', async () => {
    const turnover = await get<TurnoverData>('/api/widgets/turnover', `groupId=${t.boardId}&${year}`);
    const revenue = await postings(t.boardId, { accounts: [[3000, 3999]], ...period });
    expect(-revenue.sum).toBe(turnover.total);
    for (const m of turnover.months.slice(0, 3)) {
      const page = await postings(t.boardId, { accounts: [[3000, 3999]], ...monthOf(m.month) });
      expect(-page.sum || 0, m.month).toBe(m.amount);
    }
    // A range outside revenue is summed as the ledger has it (debit positive): payroll, 5xxx.
    const made = await (
      await t.request(`/api/widgets/${t.boardId}/custom/create`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Lønn', type: 'accountRange', range: { from: '5xxx', to: '5xxx' } }),
      })
    ).json();
    const custom = await get<CustomWidgetData>(`/api/widgets/${t.boardId}/custom/${made._id}`, year);
    expect((await postings(t.boardId, { accounts: [[5000, 5999]], ...period })).sum).toBe(custom.total);
    const march = custom.months.find((m) => m.month === '2025-03')!;
    expect((await postings(t.boardId, { accounts: [[5000, 5999]], ...monthOf('2025-03') })).sum).toBe(march.value);
  });

  it('a company of a consolidation: its own result, by its source', async () => {
    const pl = await get<ProfitLossReport>('/api/profit-loss', `groupId=${t.boardId}&${year}`);
    const page = await postings(t.boardId, {
      accounts: PROFIT_LOSS_SUBTOTALS.result,
      apiAccountId: t.apiAccountId,
      ...period,
    });
    expect(-page.sum).toBe(pl.total.result);
    // Another board's source lists nothing here.
    const other = await postings(t.boardId, {
      accounts: PROFIT_LOSS_SUBTOTALS.result,
      apiAccountId: saftSource,
      ...period,
    });
    expect(other.total).toBe(0);
  });
});

describe("drill-down from MRR: a month's MRR, new and churned MRR are their customers' revenue postings", () => {
  it('every month of the year, each figure against the postings listed for it', async () => {
    const mrr = await get<MrrData>('/api/widgets/mrr', `groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`);
    const accounts: AccountRanges = [[mrr.accounts.from, mrr.accounts.to]];
    const previous = (month: string) => {
      const [y, m] = month.split('-').map(Number) as [number, number];
      return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    };
    let moved = 0;
    for (const m of mrr.months) {
      const all = await postings(t.boardId, { accounts, mrr: 'mrr', ...monthOf(m.month) }, 500);
      expect(-all.sum || 0, m.month).toBe(m.mrr);
      // Independently of the sums: each customer listed paid in the month, and they are as many as it has.
      const byCustomer = new Map<string, number>();
      for (const p of all.items) byCustomer.set(p.customer ?? '', (byCustomer.get(p.customer ?? '') ?? 0) - p.amount);
      expect(
        [...byCustomer.values()].every((v) => v > 0),
        m.month,
      ).toBe(true);
      const fresh = await postings(t.boardId, { accounts, mrr: 'new', ...monthOf(m.month) });
      expect(-fresh.sum || 0, m.month).toBe(m.newMrr);
      // A month's churn is the revenue the lost customers brought the month before.
      const churned = await postings(t.boardId, { accounts, mrr: 'churned', ...monthOf(previous(m.month)) });
      expect(-churned.sum || 0, m.month).toBe(m.churnedMrr);
      moved += m.newMrr + m.churnedMrr;
    }
    // The demo has customers coming and going, so new and churned are not all zero.
    expect(mrr.mrr).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);
  });

  it('refuses an MRR figure over more than one month or without its account range', async () => {
    for (const q of [
      `groupId=${t.boardId}&from=2025-01-01&to=2025-02-28&account=3000-3999&mrr=new`,
      `groupId=${t.boardId}&from=2025-01-01&to=2025-01-31&accountId=3000&mrr=mrr`,
    ]) {
      const res = await t.request(`/api/postings?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION_FAILED');
    }
  });
});

// Last: it adds a second company and a consolidation group to the demo board.
describe('drill-down from the consolidation: every row and both columns', () => {
  it('each company, the eliminations and the consolidated sum, against the postings listed for each', async () => {
    const second = await t.addApiAccount('demo', 'Datter AS');
    await ingestLedger(t.deps.db, second, demoConnector({ seed: 7, fromMonth: '2025-01', toMonth: '2025-12' }));
    await t.deps.db.insert(boardApiAccount).values({ boardId: t.boardId, apiAccountId: second });
    // A revenue and a cost account deducted, and a source of the board outside the group (the SAF-T one).
    await t.deps.db.insert(boardApiAccount).values({ boardId: t.boardId, apiAccountId: saftSource });
    const made = await t.request(`/api/consolidation/${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Konsern', apis: [t.apiAccountId, second], deductAccounts: [3600, 6300] }),
    });
    expect(made.status).toBe(201);
    const data = await get<ConsolidationWidgetData>(
      '/api/widgets/consolidation',
      `groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`,
    );
    expect(data.deductAccounts).toEqual([3600, 6300]);
    const period = { from: '2025-01-01', to: '2025-12-31' };
    const columns = { revenue: [[3000, 3999]], result: PROFIT_LOSS_SUBTOTALS.result } as const;
    for (const [column, accounts] of Object.entries(columns) as Array<['revenue' | 'result', AccountRanges]>) {
      for (const company of data.apis) {
        const page = await postings(t.boardId, { accounts, apiAccountId: company._id, ...period });
        expect(-page.sum, `${company.name} ${column}`).toBe(company[column]);
      }
      const eliminations = await postings(t.boardId, { accounts, consolidated: 'eliminations', ...period }, 500);
      expect(-eliminations.sum, `deducted ${column}`).toBe(data.deducted[column]);
      expect(new Set(eliminations.items.map((p) => p.accountNumber))).toEqual(
        new Set(column === 'revenue' ? [3600] : [3600, 6300]),
      );
      const consolidated = await postings(t.boardId, { accounts, consolidated: 'true', ...period });
      expect(-consolidated.sum, `consolidated ${column}`).toBe(data.consolidated[column]);
    }
    expect(data.deducted.revenue).not.toBe(0);
    expect(data.deducted.result).not.toBe(data.deducted.revenue);
  });
});

describe('GET /api/postings refuses what says no postings', () => {
  it('without accounts, an account, a party or a voucher; a party without its kind', async () => {
    for (const q of [
      `groupId=${t.boardId}&from=2025-01-01&to=2025-01-31`,
      `groupId=${t.boardId}&from=2025-01-01&to=2025-01-31&party=123`,
      `groupId=${t.boardId}&from=2025-01-01&to=2025-01-31&account=3000&balance=yes`,
    ]) {
      const res = await t.request(`/api/postings?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION_FAILED');
    }
  });
});
