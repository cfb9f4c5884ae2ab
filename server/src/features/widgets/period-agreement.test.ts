import type { ProfitLossReport, TopFiveExpense, TopRow, TurnoverData } from '@saldo/contract';
import { oreToKroner } from '@saldo/contract/numbers/footing';
import { buildProfitLossModel, shownAccountTotals } from '@saldo/contract/statements/index';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sumsByParty } from '../../test/by-hand.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, signedInApp } from '../../test/ledger-boards.ts';

// Widgets and reports agree on a period: any range counts as the whole months it touches, in the
// P&L and in every widget. Checked on random date ranges against the demo company's own ledger,
// summed here from the generator's records (the demo books each posting in its date's month).

let t: TestApp;
let token: string;
const { postings, customers, suppliers } = demoLedger();

beforeAll(async () => ({ t, token } = await signedInApp()));
const get = <T>(path: string, start: string, end: string) =>
  getOk<T>({ t, token }, path, `groupId=${t.boardId}&startDate=${start}&endDate=${end}`);

const day = fc.integer({ min: 0, max: 1060 }).map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
const range = fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string]);

describe('widgets and reports agree on any date range', () => {
  it('turnover equals the P&L revenue month by month and in total', async () => {
    await fc.assert(
      fc.asyncProperty(range, async ([start, end]) => {
        const [turnover, pl] = await Promise.all([
          get<TurnoverData>('/api/widgets/turnover', start, end),
          get<ProfitLossReport>('/api/profit-loss', start, end),
        ]);
        const revenue = (groups: ProfitLossReport['total']['groups']) =>
          groups
            .filter((g) => g.group === 'salesRevenue' || g.group === 'otherOperatingIncome')
            .reduce((s, g) => s + g.totalAmountOfGroup, 0);
        expect(turnover.months.map((m) => m.month)).toEqual(pl.months.map((m) => m.month));
        expect(turnover.months.map((m) => m.amount)).toEqual(pl.months.map((m) => revenue(m.groups)));
        expect(turnover.total).toBe(revenue(pl.total.groups));
      }),
      { numRuns: 25 },
    );
  });

  /**
   * A top list from the generator's postings over the whole months of [start, end]: each party's
   * postings on the accounts, in report sign (revenue credit, costs debit), the ten largest positive.
   */
  function expectedTop(
    start: string,
    end: string,
    party: 'customerId' | 'supplierId',
    accounts: { from: number; to: number; sign: 1 | -1 },
    names: Map<string, string>,
  ) {
    const [first, last] = [start.slice(0, 7), end.slice(0, 7)];
    const byParty = sumsByParty(postings, party, accounts, first, last);
    // Equal amounts (a month of two customers on the same plan) are listed by name.
    return [...byParty]
      .filter(([, amount]) => amount > 0)
      .map(([id, amount]) => ({ name: names.get(id) ?? '', amount }))
      .sort((a, b) => b.amount - a.amount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, 10);
  }

  it("top customers' amounts equal their postings over the same whole months", async () => {
    await fc.assert(
      fc.asyncProperty(range, async ([start, end]) => {
        const top = await get<TopRow[]>('/api/widgets/top-ten/customers', start, end);
        const expected = expectedTop(start, end, 'customerId', { from: 3000, to: 3999, sign: -1 }, customers);
        expect(top.map((r) => ({ name: r.name, amount: r.amount }))).toEqual(expected);
      }),
      // September 2024 has two customers with the same amount.
      { numRuns: 25, examples: [[['2024-09-01', '2024-09-30']]] },
    );
  });

  it("top suppliers' amounts equal their cost postings (4000–7999) over the same whole months", async () => {
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(range, async ([start, end]) => {
        const top = await get<TopRow[]>('/api/widgets/top-ten/suppliers', start, end);
        const expected = expectedTop(start, end, 'supplierId', { from: 4000, to: 7999, sign: 1 }, suppliers);
        expect(top.map((r) => ({ name: r.name, amount: r.amount }))).toEqual(expected);
        listed += top.length;
      }),
      { numRuns: 25 },
    );
    // The demo company buys from suppliers: the lists compared were not all empty.
    expect(listed).toBeGreaterThan(25);
  });

  it('top cost lists show each account as the footed P&L of the same range shows it', async () => {
    await fc.assert(
      fc.asyncProperty(range, async ([start, end]) => {
        const [pl, ten, five] = await Promise.all([
          get<ProfitLossReport>('/api/profit-loss', start, end),
          get<TopRow[]>('/api/widgets/top-ten/expenses', start, end),
          get<TopFiveExpense[]>('/api/widgets/top-five/expenses', start, end),
        ]);
        const inPl = shownAccountTotals(buildProfitLossModel(pl));
        for (const r of ten) {
          const account = pl.total.groups.flatMap((g) => g.subItems).find((i) => i.accountId === r._id)!;
          expect(r.shown, r._id).toBe(-inPl.get(`${account.number}:${r._id}`)!);
          // Footing moves a figure by 1 kr at most from its own rounding.
          expect(Math.abs(r.shown! - oreToKroner(r.amount))).toBeLessThanOrEqual(1);
        }
        expect(five.map((r) => [r.account.accountId, r.shown])).toEqual(ten.slice(0, 5).map((r) => [r._id, r.shown]));
      }),
      { numRuns: 25 },
    );
  });

  it('1–28 October is October: the widgets show each customer and supplier what the month shows', async () => {
    const [part, whole] = await Promise.all([
      get<TopRow[]>('/api/widgets/top-ten/customers', '2026-10-01', '2026-10-28'),
      get<TopRow[]>('/api/widgets/top-ten/customers', '2026-10-01', '2026-10-31'),
    ]);
    expect(part).toEqual(whole);
    const [partSuppliers, wholeSuppliers] = await Promise.all([
      get<TopRow[]>('/api/widgets/top-ten/suppliers', '2026-10-01', '2026-10-28'),
      get<TopRow[]>('/api/widgets/top-ten/suppliers', '2026-10-01', '2026-10-31'),
    ]);
    expect(partSuppliers).toEqual(wholeSuppliers);
    expect(wholeSuppliers.length).toBeGreaterThan(0);
    const [partTx, wholeTx] = await Promise.all([
      get<TopRow[]>('/api/widgets/top-ten/largest-transactions', '2026-10-05', '2026-10-06'),
      get<TopRow[]>('/api/widgets/top-ten/largest-transactions', '2026-10-01', '2026-10-31'),
    ]);
    expect(partTx).toEqual(wholeTx);
    expect(wholeTx.some((r) => r.date! < '2026-10-05' || r.date! > '2026-10-06')).toBe(true);
  });
});
