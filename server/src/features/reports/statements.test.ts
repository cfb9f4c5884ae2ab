import { randomUUID } from 'node:crypto';
import type { BalanceSheetReport, CashFlowReport, PostingsPage, ProfitLossReport } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoConnector } from '../../connectors/demo/demo-connector.ts';
import { boardApiAccount } from '../../db/schema/index.ts';
import { CASH_FLOW, minus, profitLossSubtotals, type Ranges, RESULTS, within } from '../../test/by-hand.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, signedInApp } from '../../test/ledger-boards.ts';
import { ingestLedger } from '../sync/ingest.ts';

let t: TestApp;
let token: string;
/** The demo company's postings from the generator itself, to check the statements against. */
const { postings } = demoLedger();
beforeAll(async () => ({ t, token } = await signedInApp()));
const get = <T>(path: string, query: string) => getOk<T>({ t, token }, path, `groupId=${t.boardId}`, query);

describe('balance sheet and cash flow over HTTP', () => {
  it('balances every month end of the demo company, with this year’s result equal to the P&L', async () => {
    const bs = await get<BalanceSheetReport>('/api/balance-sheet', 'startDate=2025-01-01&endDate=2025-12-31');
    const pl = await get<ProfitLossReport>('/api/profit-loss', 'startDate=2025-01-01&endDate=2025-12-31');
    expect(bs.months).toHaveLength(12);
    expect(bs.warnings).toEqual([]);
    for (const m of bs.months) expect(m.totalAssets).toBe(m.totalEquityAndLiabilities);
    const group = (m: BalanceSheetReport['months'][number], id: string) =>
      m.groups.find((g) => g.group === id)!.totalAmountOfGroup;
    const resultThisYear = (m: BalanceSheetReport['months'][number]) =>
      m.groups.find((g) => g.group === 'retainedEarnings')!.subItems.find((i) => i.key === 'resultThisYear')!.amount;
    // Until the year is closed, this year's result so far is the P&L's months so far.
    let sofar = 0;
    for (const [i, month] of pl.months.slice(0, 11).entries()) {
      sofar += month.result;
      expect(resultThisYear(bs.months[i]!)).toBe(sofar);
    }
    // The demo closes its year on 31 December: the result leaves "this year's result" for other equity
    // and the dividend set aside (short-term debt), and no earlier year is left unclosed.
    const december = bs.months.at(-1)!;
    expect(december.date).toBe('2025-12-31');
    expect(resultThisYear(december)).toBe(0);
    const dividend = postings
      .filter((p) => p.date.startsWith('2025-12') && p.accountNumber === 2800)
      .reduce((s, p) => s - p.amount, 0);
    expect(dividend).toBeGreaterThan(0);
    const equityAt = (date: string) =>
      -postings
        .filter((p) => p.date <= date && p.accountNumber >= 2000 && p.accountNumber <= 2099)
        .reduce((s, p) => s + p.amount, 0);
    expect(december.totalEquity).toBe(equityAt('2025-12-31'));
    expect(equityAt('2025-12-31') - equityAt('2024-12-31')).toBe(pl.total.result - dividend);
    expect(december.groups.find((g) => g.group === 'retainedEarnings')!.subItems.map((i) => i.key)).not.toContain(
      'unclosedResult',
    );
    expect(group(december, 'cashAndBank')).toBeGreaterThan(0);
  });

  it('reconciles cash with the balance sheet’s cash and bank, month by month', async () => {
    const cf = await get<CashFlowReport>('/api/cashflow', 'startDate=2025-01-01&endDate=2025-12-31');
    const bs = await get<BalanceSheetReport>('/api/balance-sheet', 'startDate=2025-01-01&endDate=2025-12-31');
    for (const [i, month] of cf.cashflows.entries()) {
      expect(month.openingBalance + month.netChange).toBe(month.closingBalance);
      expect(month.closingBalance).toBe(
        bs.months[i]!.groups.find((g) => g.group === 'cashAndBank')!.totalAmountOfGroup,
      );
      expect(month.groups.flatMap((g) => g.subItems).find((s) => s.group === 'unbalancedSource')).toBeUndefined();
    }
    expect(cf.openings.map((o) => o.openingBalance)).toEqual(cf.cashflows.map((c) => c.openingBalance));
    const depreciation = cf.total.groups[0]!.subItems.find((s) => s.group === 'depreciation')!;
    expect(depreciation.amount).toBe(
      postings
        .filter((p) => p.date.startsWith('2025') && p.accountNumber >= 6000 && p.accountNumber <= 6099)
        .reduce((s, p) => s + p.amount, 0),
    );
    expect(depreciation.amount).toBeGreaterThan(0);
  });

  it('adds the comparison period on request', async () => {
    const previous = await get<ProfitLossReport>(
      '/api/profit-loss',
      'startDate=2025-04-01&endDate=2025-06-30&compare=previous',
    );
    expect(previous.comparison!.months.map((m) => m.month)).toEqual(['2025-01', '2025-02', '2025-03']);
    const lastYear = await get<ProfitLossReport>(
      '/api/profit-loss',
      'startDate=2025-04-01&endDate=2025-06-30&compare=lastYear',
    );
    expect(lastYear.comparison!.startDate).toBe('2024-04-01');
    expect(lastYear.comparison!.endDate).toBe('2024-06-30');
    const direct = await get<ProfitLossReport>('/api/profit-loss', 'startDate=2024-04-01&endDate=2024-06-30');
    expect(lastYear.comparison!.total).toEqual(direct.total);
    const bs = await get<BalanceSheetReport>(
      '/api/balance-sheet',
      'startDate=2025-12-01&endDate=2025-12-31&compare=lastYear',
    );
    expect(bs.comparison!.months[0]!.date).toBe('2024-12-31');
  });

  it('defaults the dates to this calendar year', async () => {
    const report = await get<ProfitLossReport>('/api/profit-loss', '');
    const year = new Date().getFullYear();
    expect([report.startDate, report.endDate]).toEqual([`${year}-01-01`, `${year}-12-31`]);
  });
});

describe('the statement layout (regnskapsloven §§ 6-1 and 6-2) on the demo company, by hand', () => {
  // Every subtotal against sums of the generator's own postings over ranges written out here.
  /** Σ postings (debit positive) on `ranges` whose month lies in from..to (yyyy-mm). */
  const sum = (ranges: Ranges, from: string, to: string) =>
    postings
      .filter((p) => p.date.slice(0, 7) >= from && p.date.slice(0, 7) <= to && within(p.accountNumber, ranges))
      .reduce((s, p) => s + p.amount, 0);

  it('P&L: sum of operating income and expenses, gross profit, operating result, net financial items, result before tax, result', async () => {
    const pl = await get<ProfitLossReport>('/api/profit-loss', 'startDate=2025-01-01&endDate=2025-12-31');
    const byHand = (from: string, to: string) => ({
      ...profitLossSubtotals((ranges) => sum(ranges, from, to)),
      result: minus(
        sum(
          [
            [3000, 8199],
            [8300, 8399],
          ],
          from,
          to,
        ),
      ),
    });
    for (const m of pl.months) expect(m, m.month).toMatchObject(byHand(m.month, m.month));
    const year = byHand('2025-01', '2025-12');
    expect(pl.total).toMatchObject(year);
    // A company with stock: the gross profit lies between the revenue and the operating result.
    expect(year.grossProfit).toBeLessThan(year.operatingIncome);
    expect(year.grossProfit).toBeGreaterThan(year.operatingResult);
    expect(year.netFinancialItems).toBeLessThan(0);
  });

  it('balance sheet: fixed and current assets, paid-in and retained equity, liabilities, at every month end', async () => {
    const bs = await get<BalanceSheetReport>('/api/balance-sheet', 'startDate=2025-01-01&endDate=2025-12-31');
    for (const m of bs.months) {
      const debit = (ranges: Ranges) => sum(ranges, '0000-00', m.month);
      const credit = (ranges: Ranges) => -debit(ranges) || 0;
      expect(m, m.date).toMatchObject({
        totalFixedAssets: debit([[1000, 1399]]),
        totalCurrentAssets: debit([[1400, 1999]]),
        totalAssets: debit([[1000, 1999]]),
        totalEquity: credit([[2000, 2099], ...RESULTS]),
        totalLiabilities: credit([[2100, 2999]]),
        totalEquityAndLiabilities: credit([[2000, 2999], ...RESULTS]),
        difference: 0,
      });
      const group = (id: string) => m.groups.find((g) => g.group === id)!;
      expect(group('intangibleAssets').totalAmountOfGroup).toBe(debit([[1000, 1099]]));
      expect(group('tangibleAssets').totalAmountOfGroup).toBe(debit([[1100, 1299]]));
      expect(group('inventory').totalAmountOfGroup).toBe(debit([[1400, 1499]]));
      expect(group('receivables').totalAmountOfGroup).toBe(debit([[1500, 1799]]));
      expect(group('cashAndBank').totalAmountOfGroup).toBe(debit([[1900, 1999]]));
      expect(group('paidInEquity').totalAmountOfGroup).toBe(credit([[2000, 2049]]));
      expect(group('retainedEarnings').totalAmountOfGroup).toBe(credit([[2050, 2099], ...RESULTS]));
      expect(group('provisions').totalAmountOfGroup).toBe(credit([[2100, 2199]]));
      expect(group('longTermDebt').totalAmountOfGroup).toBe(credit([[2200, 2299]]));
      expect(group('shortTermDebt').totalAmountOfGroup).toBe(credit([[2300, 2999]]));
      expect(m.groups.map((g) => [g.group, g.section])).toEqual([
        ['intangibleAssets', 'fixedAssets'],
        ['tangibleAssets', 'fixedAssets'],
        ['financialAssets', 'fixedAssets'],
        ['inventory', 'currentAssets'],
        ['receivables', 'currentAssets'],
        ['investments', 'currentAssets'],
        ['cashAndBank', 'currentAssets'],
        ['paidInEquity', 'equity'],
        ['retainedEarnings', 'equity'],
        ['provisions', 'liabilities'],
        ['longTermDebt', 'liabilities'],
        ['shortTermDebt', 'liabilities'],
      ]);
    }
    expect(bs.months.at(-1)!.totalFixedAssets).toBeGreaterThan(0);
  });

  it('cash flow: operating, investing and financing, each with its net, reconcile to cash and bank (19xx)', async () => {
    const cf = await get<CashFlowReport>('/api/cashflow', 'startDate=2025-01-01&endDate=2025-12-31');
    const periods = [
      ...cf.cashflows.map((c) => ({ c, from: c.month, to: c.month })),
      { c: cf.total, from: '2025-01', to: '2025-12' },
    ];
    for (const { c, from, to } of periods) {
      const section = (id: string) => c.groups.find((g) => g.group === id)!.totalAmountOfGroup;
      expect(section('operating'), from).toBe(minus(sum(CASH_FLOW.operating, from, to)));
      expect(section('investing'), from).toBe(minus(sum(CASH_FLOW.investing, from, to)));
      expect(section('financing'), from).toBe(minus(sum(CASH_FLOW.financing, from, to)));
      expect(c.netChange).toBe(sum([[1900, 1999]], from, to));
      expect(section('operating') + section('investing') + section('financing')).toBe(c.netChange);
      expect(c.openingBalance + c.netChange).toBe(c.closingBalance);
      expect(c.closingBalance).toBe(sum([[1900, 1999]], '0000-00', to));
      const line = (key: string) => c.groups.flatMap((g) => g.subItems).find((i) => i.group === key)!.amount;
      expect(line('depreciation')).toBe(sum([[6000, 6099]], from, to));
      expect(line('longTermDebt')).toBe(minus(sum([[2200, 2299]], from, to)));
      expect(line('equity')).toBe(
        minus(
          sum(
            [
              [2000, 2099],
              [2800, 2899],
              [8800, 8999],
            ],
            from,
            to,
          ),
        ),
      );
    }
    // The demo buys equipment, pays instalments and a dividend: each section moves in the year.
    for (const g of cf.total.groups) expect(g.totalAmountOfGroup, g.group).not.toBe(0);
  });
});

describe('drill-down', () => {
  it('lists the postings behind an amount, paged, with their sum equal to the report’s figure', async () => {
    const pl = await get<ProfitLossReport>('/api/profit-loss', 'startDate=2025-03-01&endDate=2025-03-31');
    const sales = pl.total.groups.find((g) => g.group === 'salesRevenue')!.subItems.find((i) => i.number === 3000)!;
    const first = await get<PostingsPage>('/api/postings', 'account=3000&from=2025-03-01&to=2025-03-31&pageSize=20');
    expect(first.sum).toBe(-sales.amount);
    expect(first.items).toHaveLength(20);
    expect(first.total).toBeGreaterThan(20);
    expect(first.items[0]).toMatchObject({ accountNumber: 3000, accountName: 'Salgsinntekt, avgiftspliktig' });
    expect(first.items[0]!.customer).toBeTruthy();
    const dates = first.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const pages = Math.ceil(first.total / 20);
    const last = await get<PostingsPage>(
      '/api/postings',
      `account=3000&from=2025-03-01&to=2025-03-31&pageSize=20&page=${pages}`,
    );
    expect(last.items.length).toBe(first.total - 20 * (pages - 1));
    const range = await get<PostingsPage>(
      '/api/postings',
      'account=3000-3399&from=2025-03-01&to=2025-03-31&pageSize=1',
    );
    expect(range.sum).toBe(-pl.total.groups.find((g) => g.group === 'salesRevenue')!.totalAmountOfGroup);
  });
});

describe('consolidation', () => {
  it('sums two companies and deducts the intercompany accounts; one group a board', async () => {
    const second = await t.addApiAccount('demo', 'Datterselskap AS');
    await ingestLedger(t.deps.db, second, demoConnector({ seed: 99, fromMonth: '2025-01', toMonth: '2025-12' }));
    await t.deps.db.insert(boardApiAccount).values({ boardId: t.boardId, apiAccountId: second });
    const create = (apis: string[], deductAccounts: number[]) =>
      t.request(`/api/consolidation/${t.boardId}`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Konsern', apis, deductAccounts }),
      });
    const one = await create([t.apiAccountId], []);
    expect(await one.json()).toEqual({
      code: 'CONSOLIDATION_NEEDS_TWO_APIS',
      message: 'A consolidation needs at least 2 APIs',
    });
    expect((await create([t.apiAccountId, second], [3600])).status).toBe(201);
    expect(await (await create([t.apiAccountId, second], [])).json()).toEqual({
      code: 'CONSOLIDATION_EXISTS',
      message: 'Consolidation group already exist',
    });
    const q = 'startDate=2025-01-01&endDate=2025-12-31';
    const consolidated = await get<ProfitLossReport>('/api/profit-loss', `${q}&consolidated=true`);
    const both = await get<ProfitLossReport>('/api/profit-loss', q);
    const rental = both.total.groups.flatMap((g) => g.subItems).find((i) => i.number === 3600)!.amount;
    expect(rental).toBeGreaterThan(0);
    expect(consolidated.total.result).toBe(both.total.result - rental);
    const bs = await get<BalanceSheetReport>('/api/balance-sheet', `${q}&consolidated=true`);
    // Deducting one side of a posting (here the income, not the bank side) leaves the balance sheet
    // off by everything deducted so far, from the first month on: shown, not hidden.
    const history = await get<ProfitLossReport>('/api/profit-loss', 'startDate=2024-01-01&endDate=2025-12-31');
    const deductedSoFar = history.total.groups.flatMap((g) => g.subItems).find((i) => i.number === 3600)!.amount;
    expect(deductedSoFar).toBeGreaterThan(rental);
    expect(bs.months.at(-1)!.difference).toBe(deductedSoFar);
    expect(bs.warnings[0]).toMatch(/does not balance/);
  });
});

describe('cache', () => {
  it('serves the same figures until a sync swaps new data in', async () => {
    const q = 'startDate=2025-01-01&endDate=2025-12-31';
    const before = await get<ProfitLossReport>('/api/profit-loss', q);
    expect(await get<ProfitLossReport>('/api/profit-loss', q)).toEqual(before);
    await ingestLedger(
      t.deps.db,
      t.apiAccountId,
      demoConnector({ seed: randomUUID().length, fromMonth: '2025-01', toMonth: '2025-06' }),
    );
    const after = await get<ProfitLossReport>('/api/profit-loss', q);
    expect(after.total.result).not.toBe(before.total.result);
    expect(after.months.slice(6).every((m) => m.result === 0 || m.groups.length > 0)).toBe(true);
  });
});
