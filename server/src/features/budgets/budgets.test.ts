import type { BudgetWidgetData, BudgetYear, ProfitLossReport } from '@saldo/contract';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardMember, user } from '../../db/schema/index.ts';
import { refusedImport } from '../../test/budget-import.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { replaceBudgetYear } from './queries.ts';

/**
 * Budgets over HTTP: the template, an import of a good file and of files with errors (each error with
 * its row, column and text, and nothing imported), the grid's save, who may read and write, the
 * profit and loss against the budget and the budget widget.
 */

let t: TestApp;
let owner: string;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function member(role: 'Viewer' | 'Editor'): Promise<string> {
  const email = `${role.toLowerCase()}-budget@example.no`;
  await t.deps.auth.api.signUpEmail({
    body: { email, password: 'Budget1234', name: 'B T', firstName: 'B', lastName: 'T' },
  });
  const [row] = await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning();
  await t.deps.db.insert(boardMember).values({ boardId: t.boardId, userId: row!.id, role, addedAt: new Date() });
  const res = await t.request('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'Budget1234' }),
  });
  return (await res.json()).jwtToken;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
});

const budgetPath = () => `/api/budgets/${t.boardId}`;

async function upload(file: Uint8Array | string, token = owner, type = XLSX) {
  return t.request(`${budgetPath()}/import`, {
    method: 'POST',
    token,
    headers: { 'content-type': type },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
}

async function readYear(year: number, token = owner): Promise<BudgetYear> {
  const res = await t.request(`${budgetPath()}?year=${year}`, { token });
  expect(res.status).toBe(200);
  return res.json();
}

/** The template as downloaded, opened, filled in by `fill` and saved again as an .xlsx. */
async function filledTemplate(fill: (sheet: ExcelJS.Worksheet) => void, year = 2026): Promise<Uint8Array> {
  const res = await t.request(`${budgetPath()}/template?year=${year}`, { token: owner });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  fill(workbook.worksheets[0]!);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The sheet's row of an account, by the number in column A. */
const rowOf = (sheet: ExcelJS.Worksheet, target: string | number) => {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (String(row.getCell(1).value) === String(target)) found = row;
  });
  if (!found) throw new Error(`no row ${target}`);
  return found;
};

describe('the template and a good import', () => {
  it("offers a template of the board's P&L accounts, the twelve months as headings", async () => {
    const file = await filledTemplate(() => undefined);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Konto',
      'Navn',
      ...Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    expect(rowOf(sheet, 3000).getCell(2).value).toBe('Salgsinntekt, avgiftspliktig');
    expect(rowOf(sheet, 5000).getCell(3).value).toBe(0);
    expect(workbook.worksheets[1]!.name).toBe('Veiledning');
  });

  it('imports the filled-in template whole: accounts and a line, kroner to øre', async () => {
    const file = await filledTemplate((sheet) => {
      rowOf(sheet, 3000).getCell(3).value = 1_250_000; // January
      rowOf(sheet, 3000).getCell(4).value = 1_300_000.5; // February, with øre
      rowOf(sheet, 5000).getCell(3).value = -400_000;
      sheet.addRow(['Annen driftskostnad', 'Linjen som helhet', ...Array.from({ length: 12 }, () => -50_000)]);
    });
    const res = await upload(file);
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result.year).toBe(2026);
    const year = await readYear(2026);
    const sales = year.rows.find((r) => r.target === '3000')!;
    expect(sales).toMatchObject({ kind: 'account', title: { no: 'Salgsinntekt, avgiftspliktig' } });
    expect(sales.months.slice(0, 3)).toEqual([125_000_000, 130_000_050, 0]);
    expect(year.rows.find((r) => r.target === '5000')!.months[0]).toBe(-40_000_000);
    const line = year.rows.find((r) => r.target === 'otherOperatingExpenses')!;
    expect(line).toMatchObject({ kind: 'line', title: { no: 'Annen driftskostnad', en: 'Other operating expenses' } });
    expect(line.months).toEqual(Array.from({ length: 12 }, () => -5_000_000));
    expect(year.rows.length).toBe(result.rows);
    expect(year.years).toEqual([2026]);
  });

  it('imports CSV as Norwegian Excel writes it, and the template as CSV', async () => {
    const csv = await t.request(`${budgetPath()}/template?year=2027&format=csv`, { token: owner });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A BOM first, so Excel reads the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')[0]).toBe(
      'Konto;Navn;2027-01;2027-02;2027-03;2027-04;2027-05;2027-06;2027-07;2027-08;2027-09;2027-10;2027-11;2027-12',
    );
    const file = [
      'Konto;Navn;2027-01;2027-02;2027-03;2027-04;2027-05;2027-06;2027-07;2027-08;2027-09;2027-10;2027-11;2027-12',
      '3000;Salg;"1 000 000,50";1000000;1000000;1000000;1000000;1000000;1000000;1000000;1000000;1000000;1000000;1000000',
      'Lønnskostnad;;-300000;-300000;-300000;-300000;-300000;-300000;-300000;-300000;-300000;-300000;-300000;-300000',
    ].join('\r\n');
    // As the portal sends it: the file in a form.
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'budsjett-2027.csv');
    const res = await t.request(`${budgetPath()}/import`, { method: 'POST', token: owner, body: form });
    expect(res.status).toBe(200);
    const year = await readYear(2027);
    expect(year.rows.map((r) => [r.target, r.months[0]])).toEqual([
      ['3000', 100_000_050],
      ['payroll', -30_000_000],
    ]);
  });
});

describe('an import with errors imports nothing and names the row and column of each', () => {
  let before: BudgetYear;
  beforeAll(async () => {
    before = await readYear(2026);
    expect(before.rows.length).toBeGreaterThan(0);
  });

  it('a wrong account', async () => {
    const file = await filledTemplate((sheet) => {
      rowOf(sheet, 3000).getCell(3).value = 99;
      sheet.addRow([8800, 'Årsresultat', ...Array.from({ length: 12 }, () => 10)]);
    });
    const issues = await refusedImport(await upload(file));
    const wrong = issues.find((i) => i.code === 'BUDGET_WRONG_ACCOUNT')!;
    expect(wrong.column).toBe(1);
    expect(wrong.nor).toBe(
      `Rad ${wrong.row}, kolonne A: «8800» er verken en konto i balansen eller resultatregnskapet (1000–8199, 8300–8399) eller en linje i resultatregnskapet.`,
    );
    expect(wrong.en).toBe(
      `Row ${wrong.row}, column A: "8800" is neither a balance sheet or profit and loss account (1000–8199, 8300–8399) nor a line of the profit and loss.`,
    );
    expect(issues).toHaveLength(1);
    expect(await readYear(2026)).toEqual(before);
  });

  it('a non-number', async () => {
    const file = await filledTemplate((sheet) => {
      rowOf(sheet, 3000).getCell(3).value = 77; // a change that must not land
      rowOf(sheet, 5000).getCell(6).value = 'tolv tusen';
    });
    const issues = await refusedImport(await upload(file));
    expect(issues).toHaveLength(1);
    const row = issues[0]!.row!;
    expect(issues[0]).toMatchObject({ code: 'BUDGET_NOT_A_NUMBER', column: 6 });
    expect(issues[0]!.nor).toBe(
      `Rad ${row}, kolonne F: «tolv tusen» for 2026-04 er ikke et beløp. Skriv kroner, for eksempel 125000 eller -4 500,50.`,
    );
    expect(issues[0]!.en).toBe(
      `Row ${row}, column F: "tolv tusen" for 2026-04 is not an amount. Write kroner, for example 125000 or -4500.50.`,
    );
    expect(await readYear(2026)).toEqual(before);
  });

  it('a missing month: an empty cell, and a month column left out', async () => {
    const empty = await filledTemplate((sheet) => {
      rowOf(sheet, 3000).getCell(3).value = 55;
      rowOf(sheet, 4300).getCell(9).value = null; // July
    });
    const cell = await refusedImport(await upload(empty));
    expect(cell).toHaveLength(1);
    expect(cell[0]).toMatchObject({ code: 'BUDGET_MISSING_AMOUNT', column: 9 });
    expect(cell[0]!.nor).toBe(
      `Rad ${cell[0]!.row}, kolonne I: beløpet for 2026-07 mangler. Skriv 0 for en måned uten budsjett.`,
    );
    expect(cell[0]!.en).toBe(
      `Row ${cell[0]!.row}, column I: the amount for 2026-07 is missing. Write 0 for a month without a budget.`,
    );

    const column = await filledTemplate((sheet) => {
      sheet.spliceColumns(13, 1); // November's column, M
    });
    const header = await refusedImport(await upload(column));
    expect(header).toHaveLength(1);
    expect(header[0]).toMatchObject({ code: 'BUDGET_MONTH_COLUMN_MISSING', row: 1 });
    expect(header[0]!.nor).toBe(
      'Rad 1: kolonnen for måneden 2026-11 mangler. Malen har én kolonne for hver av årets tolv måneder.',
    );
    expect(header[0]!.en).toBe(
      'Row 1: the column for the month 2026-11 is missing. The template has a column for each of the twelve months.',
    );
    expect(await readYear(2026)).toEqual(before);
  });

  it('keeps the year as it was when writing fails halfway (one transaction)', async () => {
    // 60 rows × 12 months are written in chunks of 500; the last row cannot be stored.
    const rows = Array.from({ length: 60 }, (_, i) => ({ target: String(3000 + i), months: Array(12).fill(100) }));
    rows[59]!.months[11] = null as unknown as number;
    await expect(replaceBudgetYear(t.deps.db, t.boardId, 2026, rows, new Date())).rejects.toThrow();
    expect(await readYear(2026)).toEqual(before);
  });

  it('every error at once, a row given twice among them, and a file that is no spreadsheet', async () => {
    const file = [
      'Konto;Navn;2026-01;2026-02;2026-03;2026-04;2026-05;2026-06;2026-07;2026-08;2026-09;2026-10;2026-11;2026-12',
      '3000;;1;1;1;1;1;1;1;1;1;1;1;1',
      '9999;;1;1;1;1;1;1;1;1;1;1;1;1',
      '3000;;1;x;1;1;1;1;1;1;1;1;1;',
    ].join('\n');
    const issues = await refusedImport(await upload(file, owner, 'text/csv'));
    expect(issues.map((i) => [i.code, i.row, i.column])).toEqual([
      ['BUDGET_WRONG_ACCOUNT', 3, 1],
      ['BUDGET_DUPLICATE_ROW', 4, 1],
      ['BUDGET_NOT_A_NUMBER', 4, 4],
      ['BUDGET_MISSING_AMOUNT', 4, 14],
    ]);
    expect(issues[1]!.nor).toBe(
      'Rad 4, kolonne A: «3000» står allerede på rad 2. Hver konto og linje kan bare stå én gang.',
    );
    const binary = await refusedImport(await upload(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 9, 9])));
    expect(binary.map((i) => i.en)).toEqual([
      'The file cannot be read. Use the template as an Excel file (.xlsx) or CSV.',
    ]);
    expect(await readYear(2026)).toEqual(before);
  });
});

describe('the grid, and who may read and write', () => {
  it('saves a year from the grid, replacing it, and refuses a row that is no budget account or line', async () => {
    const months = Array.from({ length: 12 }, (_, i) => (i + 1) * 100_00);
    const res = await t.request(budgetPath(), {
      method: 'PUT',
      token: owner,
      body: JSON.stringify({
        year: 2028,
        rows: [
          { target: '3100', months },
          { target: 'tax', months },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as BudgetYear;
    expect(saved.rows.map((r) => r.target)).toEqual(['3100', 'tax']);
    const bad = await t.request(budgetPath(), {
      method: 'PUT',
      token: owner,
      body: JSON.stringify({ year: 2028, rows: [{ target: '8900', months }] }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('BUDGET_INVALID');
    expect((await readYear(2028)).rows.map((r) => r.target)).toEqual(['3100', 'tax']);
  });

  it('lets a Viewer read the budget and its template but not change it, and an Editor change it', async () => {
    const viewer = await member('Viewer');
    const editor = await member('Editor');
    expect((await readYear(2028, viewer)).rows).toHaveLength(2);
    expect((await t.request(`${budgetPath()}/template?year=2028`, { token: viewer })).status).toBe(200);
    const body = JSON.stringify({ year: 2028, rows: [] });
    const put = await t.request(budgetPath(), { method: 'PUT', token: viewer, body });
    expect(put.status).toBe(403);
    expect((await put.json()).code).toBe('BOARD_VIEW_ONLY');
    const imported = await upload('Konto;2028-01', viewer, 'text/csv');
    expect(imported.status).toBe(403);
    expect((await t.request(budgetPath(), { method: 'PUT', token: editor, body })).status).toBe(200);
    expect((await readYear(2028)).rows).toEqual([]);
    // Nobody else learns the board exists.
    const outsider = await t.request(`/api/budgets/no-such-board?year=2028`, { token: owner });
    expect(outsider.status).toBe(404);
    expect((await t.request(`${budgetPath()}?year=2028`)).status).toBe(401);
  });
});

describe('the profit and loss against the budget', () => {
  const actualOf = (account: number, months: string[]) =>
    -demoLedger()
      .postings.filter((p) => p.accountNumber === account && months.includes(p.period ?? p.date.slice(0, 7)))
      .reduce((s, p) => s + p.amount, 0);

  it('answers compare=budget with the budget as the comparison, over the booked months', async () => {
    const res = await t.request(
      `/api/profit-loss?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-12-31&compare=budget`,
      { token: owner },
    );
    expect(res.status).toBe(200);
    const report = (await res.json()) as ProfitLossReport;
    const budget = report.comparison!;
    expect(budget.basis).toBe('budget');
    // Booked to October: the budget covers January–October, like for like.
    expect(budget.months.map((m) => m.month)).toHaveLength(10);
    const sales = budget.total.groups.find((g) => g.group === 'salesRevenue')!;
    expect(sales.subItems.find((i) => i.accountId === '3000')?.amount).toBe(125_000_000 + 130_000_050);
    const other = budget.total.groups.find((g) => g.group === 'otherOperatingExpenses')!;
    expect(other.totalAmountOfGroup).toBe(-5_000_000 * 10);
    // The template's other accounts were imported as they came, with zeros.
    expect(other.subItems.filter((i) => i.amount !== 0)).toEqual([
      {
        number: 6100,
        accountId: '',
        title: { no: 'Budsjett for linjen', en: 'Budget for the line' },
        amount: -50_000_000,
      },
    ]);
    expect(budget.total.result).toBe(255_000_050 - 40_000_000 - 50_000_000);
    expect(
      report.total.groups.find((g) => g.group === 'salesRevenue')!.subItems.find((i) => i.accountId === '3000')?.amount,
    ).toBe(
      // January to October 2026, the booked months.
      actualOf(
        3000,
        Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
      ),
    );
  });

  it('shows a line against its budget by month in the budget widget', async () => {
    const res = await t.request(
      `/api/widgets/budget?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-12-31&line=salesRevenue`,
      { token: owner },
    );
    expect(res.status).toBe(200);
    const data = (await res.json()) as BudgetWidgetData;
    expect(data.title.no).toBe('Salgsinntekt');
    const january = actualOf(3000, ['2026-01']) + actualOf(3100, ['2026-01']);
    expect(data.months[0]).toEqual({ month: '2026-01', actual: january, budget: 125_000_000 });
    expect(data.months[11]!.budget).toBe(0);
    const booked = data.months.slice(0, 10);
    expect(data.actual).toBe(booked.reduce((s, m) => s + m.actual, 0));
    expect(data.budget).toBe(255_000_050);
    expect(data.variance).toBe(data.actual - data.budget);
    expect(data.variancePercent).toBe(roundHalfAway(((data.actual - data.budget) / data.budget) * 100, 1));
    expect(data.hasBudget).toBe(true);
    const result = await t.request(
      `/api/widgets/budget?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-12-31&line=result`,
      { token: owner },
    );
    expect(((await result.json()) as BudgetWidgetData).budget).toBe(255_000_050 - 40_000_000 - 50_000_000);
  });

  it('shows a budget saved after the widget was read, with the same actual figures (only those are kept)', async () => {
    const widget = async () =>
      (await (
        await t.request(
          `/api/widgets/budget?groupId=${t.boardId}&startDate=2027-01-01&endDate=2027-12-31&line=salesRevenue`,
          { token: owner },
        )
      ).json()) as BudgetWidgetData;
    const before = await widget();
    const months = Array.from({ length: 12 }, (_, i) => (i + 1) * 1_234_56);
    expect(before.months.map((m) => m.budget)).not.toEqual(months);
    const saved = await t.request(budgetPath(), {
      method: 'PUT',
      token: owner,
      body: JSON.stringify({ year: 2027, rows: [{ target: '3000', months }] }),
    });
    expect(saved.status).toBe(200);
    const after = await widget();
    expect(after.hasBudget).toBe(true);
    expect(after.months.map((m) => m.budget)).toEqual(months);
    expect(after.months.map((m) => m.actual)).toEqual(before.months.map((m) => m.actual));
    expect(after.actual).toBe(before.actual);
  });
});
