import { readFileSync } from 'node:fs';
import type { BudgetYear } from '@saldo/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_888 } from '../../../test-tools/saft-mutations/mutate.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { appWithLedgerBoard } from '../../test/ledger-boards.ts';
import { percentBasisPoints } from './actuals.ts';

/**
 * What the budget page takes from the books: the years with data (a 2017 company's, not this year's),
 * the template's rows (the P&L accounts with postings and the budget's rows, not the whole chart), and
 * a start from a year's actuals plus a percentage, held against the test's own ledger data summed and
 * rounded here, by BigInt arithmetic that shares nothing with the server's.
 */

let t: TestApp;
let token: string;
let oldBoard: string;
const { postings } = demoLedger();

beforeAll(async () => {
  // A company whose books are 2017 (the SAF-T example file; its opening balances sit at 2016-12).
  const names = { source: 'Eksempel 888888888', board: 'Eksempel' };
  ({ t, token, boardId: oldBoard } = await appWithLedgerBoard(saftConnector({ path: FILE_888 }), names));
});

/** The P&L accounts the example file has transaction lines on, by plain text search of the file. */
const posted888 = [
  ...new Set(
    [...readFileSync(FILE_888, 'utf8').matchAll(/<n1:Line>[\s\S]*?<n1:AccountID>(\d+)</g)]
      .map((m) => Number(m[1]))
      .filter((n) => n >= 3000),
  ),
]
  .sort((a, b) => a - b)
  .map(String);
const monthOf = (p: (typeof postings)[number]) => p.period ?? p.date.slice(0, 7);
const isProfitLoss = (n: number) => (n >= 3000 && n <= 8199) || (n >= 8300 && n <= 8399);

/** ore × (10000 + bp) / 10000, half away from zero, in BigInt. */
function expected(ore: number, bp: number): number {
  const product = BigInt(ore) * BigInt(10_000 + bp);
  const abs = product < 0n ? -product : product;
  let q = abs / 10_000n;
  if ((abs % 10_000n) * 2n >= 10_000n) q += 1n;
  return Number(product < 0n ? -q : q);
}

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await t.request(path, { token });
  return { status: res.status, body: await res.json() };
}

describe('the years a budget is offered for', () => {
  it('names the years with booked months: the demo company’s three, the 2017 company’s one (not its openings’ 2016)', async () => {
    const demo = await get<BudgetYear>(`/api/budgets/${t.boardId}?year=2026`);
    expect(demo.status).toBe(200);
    const years = [...new Set(postings.map((p) => Number(monthOf(p).slice(0, 4))))].sort();
    expect(demo.body.dataYears).toEqual(years);
    const old = await get<BudgetYear>(`/api/budgets/${oldBoard}?year=2017`);
    expect(old.body.dataYears).toEqual([2017]);
  });
});

describe('the template', () => {
  it('lists the P&L accounts with postings, not the whole chart, and the rows of the year’s budget', async () => {
    const res = await t.request(`/api/budgets/${oldBoard}/template?year=2018&format=csv`, { token });
    expect(res.status).toBe(200);
    const accounts = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0]);
    // The file's P&L accounts with transaction lines, read off the fixture's text.
    expect(accounts).toEqual(posted888);
    expect(posted888).toEqual(['3000', '4000', '5000', '6200', '6300', '6400', '7195', '7320']);

    const saved = await t.request(`/api/budgets/${oldBoard}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({
        year: 2018,
        rows: [
          { target: '6800', months: Array.from({ length: 12 }, () => -100_00) },
          { target: 'payroll', months: Array.from({ length: 12 }, () => -5_000_00) },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    const xlsx = await t.request(`/api/budgets/${oldBoard}/template?year=2018`, { token });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const column = workbook.worksheets[0]!.getColumn(1).values.slice(2).map(String);
    expect(column).toEqual(['3000', '4000', '5000', 'payroll', '6200', '6300', '6400', '6800', '7195', '7320']);
    expect(workbook.worksheets[0]!.getRow(9).getCell(3).value).toBe(-100);
  });
});

describe("a start from a year's actuals", () => {
  it('gives each P&L account’s months of the year before, plus 3,5 %, to the øre, half away from zero', async () => {
    const { status, body } = await get<BudgetYear>(`/api/budgets/${t.boardId}/actuals?year=2026&from=2025&percent=3,5`);
    expect(status).toBe(200);
    expect(body.year).toBe(2026);
    // The test's own ledger: each P&L account's 2025 months, credit positive, then scaled.
    const sums = new Map<string, number[]>();
    for (const p of postings) {
      const month = monthOf(p);
      if (!month.startsWith('2025-') || !isProfitLoss(p.accountNumber)) continue;
      const row = sums.get(String(p.accountNumber)) ?? Array.from({ length: 12 }, () => 0);
      row[Number(month.slice(5)) - 1] = row[Number(month.slice(5)) - 1]! - p.amount;
      sums.set(String(p.accountNumber), row);
    }
    const want = [...sums]
      .filter(([, row]) => row.some((ore) => ore !== 0))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([target, row]) => ({ target, months: row.map((ore) => expected(ore, 350)) }));
    expect(want.length).toBeGreaterThan(5);
    expect(body.rows.map((r) => ({ target: r.target, months: r.months }))).toEqual(want);
    // Rounding is exercised: some month's exact figure has a fraction of an øre.
    expect([...sums.values()].flat().some((ore) => (ore * 10_350) % 10_000 !== 0)).toBe(true);
    expect(body.rows.every((r) => r.kind === 'account' && r.title.no !== r.target)).toBe(true);
  });

  it('takes the budget year’s own actuals where asked (a company with one year of books), and saves nothing', async () => {
    const { body } = await get<BudgetYear>(`/api/budgets/${oldBoard}/actuals?year=2017&from=2017&percent=-10`);
    const sales = body.rows.find((r) => r.target === '3000')!;
    expect(sales.months.slice(4)).toEqual(Array.from({ length: 8 }, () => 0));
    expect(sales.months.slice(0, 4).every((ore) => ore > 0)).toBe(true);
    const stored = await get<BudgetYear>(`/api/budgets/${oldBoard}?year=2017`);
    expect(stored.body.rows).toEqual([]);
  });

  it('refuses a percentage that is no number or out of range', async () => {
    for (const percent of ['ti', '2000', '1,234', '-101'])
      expect((await get(`/api/budgets/${t.boardId}/actuals?year=2026&from=2025&percent=${percent}`)).status).toBe(400);
    expect([percentBasisPoints('5'), percentBasisPoints('-2,5'), percentBasisPoints('3.25')]).toEqual([500, -250, 325]);
  });
});
