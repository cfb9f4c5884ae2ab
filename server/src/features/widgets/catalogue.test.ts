import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type {
  Board,
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  MrrData,
  ProfitLossReport,
  TopFiveExpense,
  TopRow,
  TurnoverData,
  WidgetConfiguration,
} from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { demoPeriod } from '../../connectors/demo/demo-company.ts';
import { demoConnector, generateDemoLedger } from '../../connectors/demo/demo-connector.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { aiQuery, boardApiAccount } from '../../db/schema/index.ts';
import { TEST_TODAY, type TestApp } from '../../test/create-test-app.ts';
import { appWithLedgerBoard } from '../../test/ledger-boards.ts';
import { ingestLedger } from '../sync/ingest.ts';

const SAFT_888 = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');
const Y2025 = 'startDate=2025-01-01&endDate=2025-12-31';

let t: TestApp;
let token: string;
let saftBoard: string;
beforeAll(async () => {
  const names = { source: 'Eksempel', board: 'SAF-T' };
  ({ t, token, boardId: saftBoard } = await appWithLedgerBoard(saftConnector({ path: SAFT_888 }), names));
});

const get = async <T>(path: string, query = Y2025, boardId = t.boardId): Promise<T> => {
  const res = await t.request(`${path}${path.includes('?') ? '&' : '?'}${query}`, {
    token,
    headers: { 'x-board-id': boardId },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
};
const rows = (list: TopRow[]) => list.map(({ name, amount }) => ({ name, amount }));

/** The 888 file's parties' totals, by regular expression: a transaction's single customer or supplier owns its lines. */
function saftPartyTotals(kind: 'Customer' | 'Supplier') {
  const xml = readFileSync(SAFT_888, 'utf8').replace(/<(\/?)n1:/g, '<$1');
  const names = new Map<string, string>();
  for (const [, block] of xml.matchAll(new RegExp(`<${kind}>([\\s\\S]*?)</${kind}>`, 'g'))) {
    names.set(new RegExp(`<${kind}ID>([^<]*)<`).exec(block!)![1]!, /<Name>([^<]*)</.exec(block!)![1]!);
  }
  const totals = new Map<string, number>();
  for (const [, tx] of xml.matchAll(/<Transaction>([\s\S]*?)<\/Transaction>/g)) {
    const ids = [...new Set([...tx!.matchAll(new RegExp(`<${kind}ID>([^<]*)<`, 'g'))].map((m) => m[1]!))];
    if (ids.length !== 1) continue;
    for (const [, line] of tx!.matchAll(/<Line>([\s\S]*?)<\/Line>/g)) {
      const account = Number(/<AccountID>([^<]*)</.exec(line!)![1]);
      const inRange = kind === 'Customer' ? account >= 3000 && account <= 3999 : account >= 4000 && account <= 7999;
      if (!inRange) continue;
      const debit = /<DebitAmount>[\s\S]*?<Amount>([^<]*)</.exec(line!)?.[1];
      const credit = /<CreditAmount>[\s\S]*?<Amount>([^<]*)</.exec(line!)?.[1];
      const amount = Math.round(Number(debit ?? 0) * 100) - Math.round(Number(credit ?? 0) * 100);
      const id = ids[0]!;
      totals.set(id, (totals.get(id) ?? 0) + (kind === 'Customer' ? -amount : amount));
    }
  }
  return [...totals]
    .filter(([, a]) => a > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([id, amount]) => ({ name: names.get(id)!, amount }));
}

const demo = generateDemoLedger({ seed: 4102, ...demoPeriod(TEST_TODAY) });
const in2025 = (r: (typeof demo)[number]): r is Extract<(typeof demo)[number], { kind: 'posting' }> =>
  r.kind === 'posting' && r.date.startsWith('2025');

describe('widget catalogue', () => {
  it('lists every widget type of the spec, the KPI library and the budget among them', async () => {
    const list = await get<WidgetConfiguration[]>('/api/widgets/configurations', '');
    expect(list.map((w) => w.widget).sort()).toEqual(
      [
        'ai',
        'budget',
        'consolidation',
        'custom',
        'employees',
        'kpi',
        'largest-transactions',
        'mrr',
        'top-customers',
        'top-expenses',
        'top-five-expenses',
        'top-products',
        'top-suppliers',
        'turnover',
      ].sort(),
    );
  });
});

describe('top lists on the SAF-T example file 888888888', () => {
  const range = 'startDate=2017-01-01&endDate=2017-04-30';
  it('top customers and suppliers match the file', async () => {
    const customers = await get<TopRow[]>('/api/widgets/top-ten/customers', range, saftBoard);
    expect(rows(customers)).toEqual(saftPartyTotals('Customer').slice(0, 10));
    expect(customers.length).toBeGreaterThan(0);
    const suppliers = await get<TopRow[]>('/api/widgets/top-ten/suppliers', range, saftBoard);
    expect(rows(suppliers)).toEqual(saftPartyTotals('Supplier').slice(0, 10));
    expect(suppliers.length).toBeGreaterThan(0);
  });

  it('top costs and the top five in the spec’s shape follow the P&L', async () => {
    const five = await get<TopFiveExpense[]>('/api/widgets/top-five/expenses', range, saftBoard);
    expect(five[0]).toEqual({
      closingBalance: 149_600_000,
      shown: 1_496_000,
      account: { number: 5000, accountId: '5000', name: 'Lønn til ansatt' },
    });
    expect(five.map((f) => f.account.number)).toEqual([5000, 4000, 6300, 6400, 7320]);
  });
});

describe('widgets on the demo company', () => {
  it('top suppliers, products and cost accounts equal the generator’s sums', async () => {
    const sum = (
      key: (p: Extract<(typeof demo)[number], { kind: 'posting' }>) => string | undefined,
      sign: number,
      from: number,
      to: number,
    ) => {
      const m = new Map<string, number>();
      for (const p of demo.filter(in2025)) {
        const k = key(p);
        if (k && p.accountNumber >= from && p.accountNumber <= to) m.set(k, (m.get(k) ?? 0) + sign * p.amount);
      }
      return [...m].sort((a, b) => b[1] - a[1]).slice(0, 10);
    };
    const suppliers = await get<TopRow[]>('/api/widgets/top-ten/suppliers');
    expect(suppliers.map((s) => s.amount)).toEqual(sum((p) => p.supplierId, 1, 4000, 7999).map(([, a]) => a));
    const products = await get<TopRow[]>('/api/widgets/top-ten/products');
    expect(products.map((s) => s.amount)).toEqual(sum((p) => p.productId, -1, 3000, 3999).map(([, a]) => a));
    expect(products[0]!.name).toBeTruthy();
    const costs = await get<TopRow[]>('/api/widgets/top-ten/expenses');
    expect(costs.map((s) => [Number(s._id), s.amount])).toEqual(
      sum((p) => String(p.accountNumber), 1, 4000, 7999).map(([k, a]) => [Number(k), a]),
    );
  });

  it('largest transactions are the vouchers with the largest debit totals', async () => {
    const list = await get<TopRow[]>('/api/widgets/top-ten/largest-transactions');
    const debit = new Map<string, number>();
    for (const p of demo.filter(in2025)) if (p.amount > 0) debit.set(p.voucher, (debit.get(p.voucher) ?? 0) + p.amount);
    expect(list.map((l) => l.amount)).toEqual([...debit.values()].sort((a, b) => b - a).slice(0, 10));
    expect(list[0]!.date).toMatch(/^2025-/);
  });

  it('turnover equals the P&L revenue lines, with last year beside it', async () => {
    const turnover = await get<TurnoverData>('/api/widgets/turnover');
    const pl = await get<ProfitLossReport>('/api/profit-loss');
    const revenue = (r: ProfitLossReport) =>
      r.total.groups
        .filter((g) => g.group === 'salesRevenue' || g.group === 'otherOperatingIncome')
        .reduce((s, g) => s + g.totalAmountOfGroup, 0);
    expect(turnover.total).toBe(revenue(pl));
    expect(turnover.months).toHaveLength(12);
    expect(turnover.previousTotal).toBe(
      revenue(await get<ProfitLossReport>('/api/profit-loss', 'startDate=2024-01-01&endDate=2024-12-31')),
    );
    expect(turnover.changePercent).toBeGreaterThan(0);
  });

  it('MRR moves add up month to month and match revenue with customers', async () => {
    const mrr = await get<MrrData>('/api/widgets/mrr');
    for (const m of mrr.months) {
      expect(m.mrr).toBe(m.previousMrr + m.newMrr + m.expansionMrr - m.contractionMrr - m.churnedMrr);
      const revenue = demo
        .filter(in2025)
        .filter((p) => p.date.startsWith(m.month) && p.customerId && p.accountNumber >= 3000 && p.accountNumber <= 3999)
        .reduce((s, p) => s - p.amount, 0);
      expect(m.mrr).toBe(revenue);
      expect(m.averageRevenuePerCustomer).toBe(m.customers ? Math.round(m.mrr / m.customers) : 0);
    }
    expect(mrr.mrr).toBe(mrr.months.at(-1)!.mrr);
    // In a year still under way the headline is the latest month with revenue, not an empty December.
    const current = await get<MrrData>('/api/widgets/mrr', 'startDate=2026-01-01&endDate=2026-12-31');
    expect(current.months.at(-1)!.mrr).toBe(0);
    const october = current.months.find((m) => m.month === '2026-10')!;
    expect(october.mrr).toBeGreaterThan(0);
    expect(current.mrr).toBe(october.mrr);
    expect(current.previousMrr).toBe(october.previousMrr);
    expect(current.month).toBe('2026-10');
  });

  it('counts employees in work each month from their employments', async () => {
    const data = await get<EmployeesData>('/api/widgets/employees');
    expect(data.source).toBe('employments');
    const people = demo.filter((r) => r.kind === 'employee');
    for (const m of data.months) {
      const expected = people.filter(
        (p) => p.startDate <= `${m.month}-31` && (!p.endDate || p.endDate >= `${m.month}-01`),
      ).length;
      expect(m.count).toBe(expected);
    }
    expect(data.current).toBe(data.months.at(-1)!.count);
  });

  it('custom widgets: an account range, a ratio, and the spec’s messages for bad input', async () => {
    const create = (body: unknown) =>
      t.request(`/api/widgets/${t.boardId}/custom/create`, { method: 'POST', token, body: JSON.stringify(body) });
    const range = await create({ name: 'Salg', type: 'accountRange', range: { from: '3xxx', to: '3xxx' } });
    expect(range.status).toBe(201);
    const { _id: rangeId } = await range.json();
    const data = await get<CustomWidgetData>(`/api/widgets/${t.boardId}/custom/${rangeId}`);
    expect(data.total).toBe((await get<TurnoverData>('/api/widgets/turnover')).total);
    const ratio = await (
      await create({
        name: 'Lønn / salg',
        type: 'ratio',
        dividend: { from: '5000', to: '5999' },
        divisor: { from: '3000', to: '3999' },
      })
    ).json();
    const r = await get<CustomWidgetData>(`/api/widgets/${t.boardId}/custom/${ratio._id}`);
    expect(r.total).toBeGreaterThan(0.2);
    expect(r.total).toBeLessThan(1);
    expect(
      await (await create({ name: 'X', type: 'accountRange', range: { from: '0999', to: 'x000' } })).json(),
    ).toEqual({
      code: 'INVALID_ACCOUNT_NUMBER',
      message: 'Account numbers are four digits or x, not starting with 0 or x',
    });
    expect(await (await create({ name: 'X', type: 'ratio', dividend: { from: '3000', to: '3999' } })).json()).toEqual({
      code: 'CUSTOM_WIDGET_FAILED',
      message: 'Failed to create custom widget',
    });
    const list = await (await t.request(`/api/widgets/${t.boardId}/custom`, { token })).json();
    expect(list).toHaveLength(2);
  });

  it('AI widgets show a saved answer, and say when there is none', async () => {
    const id = randomUUID();
    await t.deps.db.insert(aiQuery).values({
      id,
      boardId: t.boardId,
      question: 'Hvem er største kunde?',
      // As the assistant saves an answer (AiQueryAnswer).
      answer: { text: 'Fjord Bygg AS', model: 'test-model', startDate: '2026-01-01', endDate: '2026-10-31' },
      createdAt: new Date(),
    });
    expect(await get(`/api/widgets/ai?aiQueryId=${id}`, '')).toMatchObject({
      question: 'Hvem er største kunde?',
      answer: { text: 'Fjord Bygg AS' },
    });
    const missing = await t.request('/api/widgets/ai?aiQueryId=nope', { token, headers: { 'x-board-id': t.boardId } });
    expect(missing.status).toBe(404);
  });

  it('saves the board’s widget layout and refuses the same widget twice', async () => {
    const layout = [
      {
        id: 'w1',
        name: 'Topp 10 kunder',
        widget: 'top-customers',
        x: 0,
        y: 0,
        width: 6,
        height: 4,
        view: 'single',
        note: 'Q4',
      },
      { id: 'w2', name: 'Omsetning', widget: 'turnover', x: 6, y: 0, width: 6, height: 4, view: 'comparison' },
    ];
    const save = (widgets: unknown) =>
      t.request(`/api/widgets/board-preference/${t.boardId}/update`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ groupId: t.boardId, widgets }),
      });
    expect(await (await save(layout)).json()).toMatchObject({ groupId: t.boardId });
    const [saved] = (await (await t.request('/api/group-account', { token })).json()) as Board[];
    expect(saved!.widgets.map((w) => [w.id, w.x, w.width, w.view])).toEqual([
      ['w1', 0, 6, 'single'],
      ['w2', 6, 6, 'comparison'],
    ]);
    const twice = await save([layout[0], layout[0]]);
    expect(twice.status).toBe(409);
    expect((await twice.json()).code).toBe('WIDGET_ALREADY_ADDED');
  });

  // Last: it adds a second company to the demo board.
  it('consolidation shows each company, what is deducted, and the consolidated figures', async () => {
    const second = await t.addApiAccount('demo', 'Datter AS');
    await ingestLedger(t.deps.db, second, demoConnector({ seed: 7, fromMonth: '2025-01', toMonth: '2025-12' }));
    await t.deps.db.insert(boardApiAccount).values({ boardId: t.boardId, apiAccountId: second });
    const made = await t.request(`/api/consolidation/${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Konsern', apis: [t.apiAccountId, second], deductAccounts: [3600] }),
    });
    expect(made.status).toBe(201);
    const data = await get<ConsolidationWidgetData>('/api/widgets/consolidation');
    expect(data.apis.map((a) => a.name).sort()).toEqual(['Datter AS', 'Nordlys Energiteknikk AS (demo)']);
    expect(data.deducted.revenue).toBe(2 * 12 * 1_200_000);
    expect(data.consolidated.revenue).toBe(data.apis.reduce((s, a) => s + a.revenue, 0) - data.deducted.revenue);
    const consolidatedPl = await get<ProfitLossReport>('/api/profit-loss', `${Y2025}&consolidated=true`);
    expect(data.consolidated.result).toBe(consolidatedPl.total.result);
  });
});
