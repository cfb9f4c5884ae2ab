import type { CashFlowReport, ExportDocument, ExportTable, ProfitLossReport } from '@saldo/contract';
import { buildCashFlowModel, buildProfitLossModel, type ResultRow } from '@saldo/contract/statements/index';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type DemoPosting, demoLedger } from '../../test/demo-ledger.ts';
import { replaceBudgetYear } from '../budgets/queries.ts';
import { readBack, readTables } from './pdf/read-back.ts';

/**
 * The statement pages exported with the period control's comparison, over HTTP on the demo company
 * (booked to October 2026): the same columns the SDK's statement tables show. The expected figures are
 * summed here from the demo's postings and the budget's rows, not by the statement engine.
 */

let t: TestApp;
let token: string;
let postings: DemoPosting[];

const every = (amount: number) => Array.from({ length: 12 }, () => amount);
// Statement sign, odd øre on purpose (see budgets/budget-statements.test.ts, whose budget this is).
const SALES = 100_000_50;
const PAYROLL = -40_000_00;
const DEPRECIATION = -2_000_00;
const RECEIVABLES = 30_000_25;
const PAYABLES = 5_000_00;
const FIXED_ASSETS = -2_000_00;
const RESULT = SALES + PAYROLL + DEPRECIATION;
const BANK = RESULT - RECEIVABLES + PAYABLES - FIXED_ASSETS;
const BUDGET = [
  { target: '1200', months: every(FIXED_ASSETS) },
  { target: '1500', months: every(RECEIVABLES) },
  { target: '1920', months: every(BANK) },
  { target: '2400', months: every(PAYABLES) },
  { target: '3000', months: every(SALES) },
  { target: '5000', months: every(PAYROLL) },
  { target: '6000', months: every(DEPRECIATION) },
];
/** The demo is booked to October 2026: the budget's like-for-like months. */
const BOOKED = 10;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  postings = demoLedger().postings;
  await replaceBudgetYear(t.deps.db, t.boardId, 2026, BUDGET, new Date());
});

/** Whole kroner as shown, computed here on its own: half away from zero. */
const kroner = (ore: number) => (ore < 0 ? -1 : 1) * Math.floor((Math.abs(ore) + 50) / 100) || 0;

/** The demo's postings (debit positive) on accounts `from`…`to` in the months `first`…`last` (yyyy-mm). */
const posted = (from: number, to: number, first: string, last: string) =>
  postings
    .filter((p) => {
      const month = p.period ?? p.date.slice(0, 7);
      return month >= first && month <= last && p.accountNumber >= from && p.accountNumber <= to;
    })
    .reduce((s, p) => s + p.amount, 0);

const exportFile = async (body: Record<string, unknown>) => {
  const res = await t.request(`/api/exports/${t.boardId}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ widgets: [], lang: 'nor', ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res;
};
const exportJson = async (body: Record<string, unknown>): Promise<ExportDocument> =>
  (await exportFile({ format: 'json', ...body })).json();

/** A row's cell under a heading. */
const cell = (table: ExportTable, label: string, column: string) => {
  const row = table.rows.find((r) => r[0] === label);
  expect(row, label).toBeDefined();
  const at = table.columns.indexOf(column);
  expect(at, column).toBeGreaterThan(0);
  return row![at];
};

/** (a − b) / |b| × 100 to one decimal, half away from zero, on the shown kroner. */
const percent = (a: number, b: number) => (Math.sign(a - b) * Math.round(Math.abs((a - b) / b) * 1000)) / 10;
/** The same as a cell shows it: beyond ±999 % the capped text (a change of the same sign and ≥ 1 kr). */
const percentCell = (a: number, b: number) => {
  const p = percent(a, b);
  return p > 999 ? '>999\u00a0%' : p < -999 ? '<-999\u00a0%' : String(p).replace('.', ',');
};

describe('statement pages exported with a comparison', () => {
  it('the P&L against the same period last year: its period, last year’s, the change', async () => {
    const doc = await exportJson({
      pages: ['profitloss'],
      startDate: '2026-01-01',
      endDate: '2026-10-31',
      compare: 'lastYear',
    });
    const [pl] = doc.tables;
    expect(pl!.columns.slice(-3)).toEqual(['jan 2026 – okt 2026', 'jan 2025 – okt 2025', 'Endring']);
    expect(pl!.kinds.slice(-3)).toEqual(['amount', 'amount', 'amount']);
    // The result is the root of the P&L's footing: exactly the rounding of the ledger's sum.
    const now = kroner(-posted(3000, 8999, '2026-01', '2026-10'));
    const before = kroner(-posted(3000, 8999, '2025-01', '2025-10'));
    expect(before).not.toBe(0);
    expect(cell(pl!, 'Årsresultat', 'jan 2026 – okt 2026')).toBe(now);
    expect(cell(pl!, 'Årsresultat', 'jan 2025 – okt 2025')).toBe(before);
    expect(cell(pl!, 'Årsresultat', 'Endring')).toBe(now - before);
    // A line below it is footed into it: within a krone of its own rounding.
    const income = cell(pl!, 'Sum driftsinntekter', 'jan 2025 – okt 2025') as number;
    expect(Math.abs(income - kroner(-posted(3000, 3999, '2025-01', '2025-10')))).toBeLessThanOrEqual(1);
    // Every line's change is its two shown figures' difference; section headings stay empty.
    const [total, compared, change] = [-3, -2, -1].map((i) => pl!.columns.length + i);
    for (const row of pl!.rows)
      if (typeof row[total!] === 'number')
        expect(row[change!]).toBe((row[total!] as number) - (row[compared!] as number));
      else expect(row.slice(1).every((v) => v === null)).toBe(true);
  });

  it('the balance sheet against the budget: the budget at the last month end, the variance and the variance %', async () => {
    const doc = await exportJson({
      pages: ['balancesheet'],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      compare: 'budget',
    });
    const [bs] = doc.tables;
    expect(bs!.columns.slice(-4)).toEqual(['2026/10/31', 'Budsjett', 'Avvik', 'Avvik %']);
    expect(bs!.kinds.slice(-3)).toEqual(['amount', 'amount', 'percent']);
    // The budget: the actual balances at 1 January plus ten months of the budgeted movements.
    const budget = kroner(posted(1000, 1999, '0000-00', '2025-12') + BOOKED * (FIXED_ASSETS + RECEIVABLES + BANK));
    const actual = kroner(posted(1000, 1999, '0000-00', '2026-10'));
    expect(cell(bs!, 'Sum eiendeler', '2026/10/31')).toBe(actual);
    expect(cell(bs!, 'Sum eiendeler', 'Budsjett')).toBe(budget);
    expect(cell(bs!, 'Sum eiendeler', 'Avvik')).toBe(actual - budget);
    expect(cell(bs!, 'Sum eiendeler', 'Avvik %')).toBe(percent(actual, budget));
    const liabilities = kroner(-posted(2100, 2999, '0000-00', '2025-12') + BOOKED * PAYABLES);
    expect(cell(bs!, 'Sum gjeld', 'Budsjett')).toBe(liabilities);

    const en = await exportJson({
      pages: ['balancesheet'],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      compare: 'budget',
      lang: 'en',
    });
    expect(en.tables[0]!.columns.slice(-3)).toEqual(['Budget', 'Variance', 'Variance %']);
  });

  it('a widget keeps its own comparison when the control compares with the budget, and a page without a choice has none', async () => {
    const doc = await exportJson({
      widgets: [{ id: 'top-customers', widget: 'top-customers', view: 'comparison' }],
      pages: ['cashflow'],
      startDate: '2026-01-01',
      endDate: '2026-10-31',
      compare: 'budget',
    });
    const [top, cf] = doc.tables;
    expect(top!.columns).toEqual(['Nr.', 'Kunde', 'Beløp', 'Forrige periode', 'Endring', 'Endring %']);
    expect(cf!.columns.slice(-4)).toEqual(['jan 2026 – okt 2026', 'Budsjett', 'Avvik', 'Avvik %']);
    // The budget's cash: the actual cash at 1 January, moved by BANK a month; the change is footed into it.
    const cash = posted(1900, 1999, '0000-00', '2025-12');
    expect(cell(cf!, 'Likvider ved periodens slutt', 'Budsjett')).toBe(kroner(cash + BOOKED * BANK));
    const change = cell(cf!, 'Netto endring i likvider', 'Budsjett') as number;
    expect(Math.abs(change - kroner(BOOKED * BANK))).toBeLessThanOrEqual(1);
    const plain = await exportJson({ pages: ['cashflow'], startDate: '2026-01-01', endDate: '2026-10-31' });
    expect(plain.tables[0]!.columns.at(-1)).toBe('Totalt');
  });

  it('CSV, Excel and PDF carry the P&L’s budget columns with the same figures', async () => {
    const body = { pages: ['profitloss'], startDate: '2026-01-01', endDate: '2026-10-31', compare: 'budget' };
    const budget = kroner(BOOKED * RESULT);
    const actual = kroner(-posted(3000, 8999, '2026-01', '2026-10'));

    const csv = Buffer.from(await (await exportFile({ ...body, format: 'csv' })).arrayBuffer()).toString('utf8');
    const lines = csv.split('\r\n').map((l) => l.split(';'));
    const header = lines.find((l) => l[0] === 'Linje')!;
    expect(header.slice(-4)).toEqual(['jan 2026 – okt 2026', 'Budsjett', 'Avvik', 'Avvik %']);
    const result = lines.find((l) => l[0] === 'Årsresultat')!;
    expect(result.slice(-4, -1)).toEqual([String(actual), String(budget), String(actual - budget)]);
    expect(Math.sign(actual)).toBe(Math.sign(budget));
    expect(result.at(-1)).toBe(percentCell(actual, budget));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await exportFile({ ...body, format: 'xlsx' })).arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const heads = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = heads.indexOf('Budsjett') + 1;
    expect(at).toBeGreaterThan(1);
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value !== 'Årsresultat') return;
      found = true;
      expect(row.getCell(at).value).toBe(budget);
      expect(row.getCell(at + 1).value).toBe(actual - budget);
    });
    expect(found).toBe(true);

    const pdf = new Uint8Array(await (await exportFile({ ...body, format: 'pdf' })).arrayBuffer());
    const doc = await exportJson(body);
    const read = readTables(await readBack(pdf), doc.tables);
    // A wide table is split into blocks of columns: the budget's is in the block headed by it.
    const block = read.find((x) => x.title.startsWith('Resultatregnskap') && x.headers.flat().includes('Budsjett'))!;
    expect(block).toBeDefined();
    const column = block.headers[0]!.indexOf('Budsjett');
    const row = block.rows.find((r) => r.cells[0] === 'Årsresultat')!;
    expect(Number(row.cells[column]!.replace(/[\s\u00a0]/g, '').replace('−', '-'))).toBe(budget);
  });

  it('a comparison period without a booked month exports no figure and no change, and says why', async () => {
    const year = postings
      .map((p) => p.date)
      .sort()[0]!
      .slice(0, 4);
    const doc = await exportJson({
      pages: ['profitloss'],
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      compare: 'lastYear',
    });
    const [pl] = doc.tables;
    expect(pl!.columns.slice(-2)).toEqual([String(Number(year) - 1), 'Endring']);
    const result = pl!.rows.find((r) => r[0] === 'Årsresultat')!;
    expect(result.slice(-2)).toEqual([null, null]);
    expect(pl!.note).toBe('Ingen bokførte måneder å sammenligne med');
  });

  it("the balance sheet beside last year's end: 31 December's balances, summed here, and CSV says the same", async () => {
    const body = { pages: ['balancesheet', 'profitloss'], startDate: '2026-01-01', endDate: '2026-12-31' };
    const doc = await exportJson({ ...body, compare: 'yearEnd' });
    const [bs, pl] = doc.tables;
    expect(bs!.columns.slice(-3)).toEqual(['2026/10/31', '2025/12/31', 'Endring']);
    const [now, before] = [posted(1000, 1999, '0000-00', '2026-10'), posted(1000, 1999, '0000-00', '2025-12')];
    expect(before).not.toBe(posted(1000, 1999, '0000-00', '2025-10'));
    expect(cell(bs!, 'Sum eiendeler', '2025/12/31')).toBe(kroner(before));
    expect(cell(bs!, 'Sum eiendeler', 'Endring')).toBe(kroner(now) - kroner(before));
    expect(cell(bs!, 'Sum gjeld', '2025/12/31')).toBe(kroner(-posted(2100, 2999, '0000-00', '2025-12')));
    expect(cell(bs!, 'Bankinnskudd, kontanter o.l.', '2025/12/31')).toBe(
      kroner(posted(1900, 1999, '0000-00', '2025-12')),
    );
    // The P&L beside the whole of last year (a calendar year is headed by its number), not January–October.
    expect(pl!.columns.slice(-3)).toEqual(['2026', '2025', 'Endring']);
    // The year's result: before its closing to equity (88xx), which nets a whole year's 3000–8999 to 0.
    const result = -posted(3000, 8199, '2025-01', '2025-12') - posted(8300, 8399, '2025-01', '2025-12');
    expect(result).not.toBe(0);
    expect(cell(pl!, 'Årsresultat', '2025')).toBe(kroner(result));
    const csv = Buffer.from(
      await (await exportFile({ ...body, pages: ['balancesheet'], compare: 'yearEnd', format: 'csv' })).arrayBuffer(),
    ).toString('utf8');
    const lines = csv.split('\r\n').map((l) => l.split(';'));
    expect(lines.find((l) => l[0] === 'Linje')!.slice(-3)).toEqual(['2026/10/31', '2025/12/31', 'Endring']);
    expect(lines.find((l) => l[0] === 'Sum eiendeler')!.at(-2)).toBe(String(kroner(before)));
  });

  it("last year's end before the books start: '–' on the balance sheet and the P&L, and a widget keeps its own comparison", async () => {
    const year = Number(
      postings
        .map((p) => p.date)
        .sort()[0]!
        .slice(0, 4),
    );
    const doc = await exportJson({
      widgets: [{ id: 'top-customers', widget: 'top-customers', view: 'comparison' }],
      pages: ['balancesheet', 'profitloss'],
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      compare: 'yearEnd',
    });
    const [top, bs, pl] = doc.tables;
    expect(top!.columns).toEqual(['Nr.', 'Kunde', 'Beløp', 'Forrige periode', 'Endring', 'Endring %']);
    expect(bs!.columns.slice(-2)).toEqual([`${year - 1}/12/31`, 'Endring']);
    expect(bs!.rows.find((r) => r[0] === 'Sum eiendeler')!.slice(-2)).toEqual([null, null]);
    expect(bs!.note).toContain('Ingen bokførte måneder å sammenligne med');
    expect(pl!.rows.find((r) => r[0] === 'Årsresultat')!.slice(-2)).toEqual([null, null]);
  });

  it("the budget's result before tax shows the same kroner in the P&L's and the cash flow's comparison, month by month", async () => {
    const get = async <T>(path: string): Promise<T> => {
      const res = await t.request(
        `${path}?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-10-31&compare=budget`,
        { token },
      );
      expect(res.status).toBe(200);
      return res.json();
    };
    const pl = buildProfitLossModel((await get<ProfitLossReport>('/api/profit-loss')).comparison!);
    const cf = buildCashFlowModel((await get<CashFlowReport>('/api/cashflow')).comparison!);
    const plLine = pl.rows.find((r): r is ResultRow => r.kind === 'result' && r.key === 'resultBeforeTax')!;
    const cfLine = cf.groups[0]!.lines.find((l) => l.key === 'resultBeforeTax')!;
    // 100 000.50 − 40 000 − 2 000 a month: every month's own rounding is up, their sum is not, so
    // which months go down is the footing's choice; both statements show the P&L's.
    expect(cfLine.values).toEqual(plLine.values);
    expect(plLine.values.every((v) => v === RESULT)).toBe(true);
    expect([...cfLine.shown, cfLine.shownTotal]).toEqual([...plLine.shown, plLine.shownTotal]);
    expect([pl.fallbacks, cf.fallbacks]).toEqual([0, 0]);
  });
});
