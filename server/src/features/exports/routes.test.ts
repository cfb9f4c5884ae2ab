import type { CustomWidget, ExportDocument, TopListItem, TurnoverData } from '@saldo/contract';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithSalaryWidget, type TestApp } from '../../test/create-test-app.ts';
import { pageText, readBack, readTables } from './pdf/read-back.ts';

let t: TestApp;
let token: string;
let custom: CustomWidget;
beforeAll(async () => {
  ({ t, token, custom } = await appWithSalaryWidget('Lønn og sosiale kostnader'));
});

const period = { startDate: '2025-01-01', endDate: '2025-12-31' };
const mix = () => ({
  widgets: [
    { id: 'top-customers', widget: 'top-customers', name: 'Topp 10 kunder', view: 'single' },
    { id: 'turnover', widget: 'turnover' },
    { id: custom._id, widget: 'custom', name: custom.name },
  ],
  pages: ['profitloss'],
  ...period,
  lang: 'nor',
});

/** Øre as shown, computed here on its own: whole kroner, half away from zero (|øre| + 50, integer-divided by 100). */
const kroner = (ore: number) => (ore < 0 ? -1 : 1) * Math.floor((Math.abs(ore) + 50) / 100) || 0;

/** `as`: the token to send, null for none. */
const exportBoard = (body: unknown, as: string | null = token, boardId = t.boardId) =>
  t.request(`/api/exports/${boardId}`, { method: 'POST', token: as ?? undefined, body: JSON.stringify(body) });

const widgetJson = async <T>(path: string): Promise<T> =>
  (
    await t.request(`${path}?groupId=${t.boardId}&startDate=${period.startDate}&endDate=${period.endDate}`, { token })
  ).json();

/** A file answered as a download named after the board and the period. */
function expectFile(res: { status: number; headers: Headers }, type: string, ending: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="nordlys-energiteknikk-as-2025-01-01-2025-12-31${ending}"`,
  );
}

/** CSV blocks: each table's lines, split on CRLF and ';' (no field in these tables is quoted). */
function csvBlocks(text: string): string[][][] {
  return text
    .replace(/^\ufeff/, '')
    .split('\r\n\r\n')
    .filter((b) => b.length > 0)
    .map((block) => block.split('\r\n').map((line) => line.split(';')));
}

describe('POST /api/exports/:groupId', () => {
  it('answers the tables as JSON, with the data of the widget endpoints', async () => {
    const res = await exportBoard({ ...mix(), format: 'json' });
    expect(res.status).toBe(200);
    const doc: ExportDocument = await res.json();
    expect(doc).toMatchObject({
      board: 'Nordlys Energiteknikk AS',
      fileName: 'nordlys-energiteknikk-as-2025-01-01-2025-12-31',
      ...period,
      lang: 'nor',
    });
    expect(doc.tables.map((x) => x.title)).toEqual([
      'Topp 10 kunder',
      'Omsetning',
      'Lønn og sosiale kostnader',
      'Resultatregnskap',
    ]);
    const top: TopListItem[] = await widgetJson('/api/widgets/top-ten/customers');
    expect(top).toHaveLength(10);
    expect(doc.tables[0]!.rows).toEqual(top.map((r, i) => [i + 1, r.name, kroner(r.amount)]));
    const turnover: TurnoverData = await widgetJson('/api/widgets/turnover');
    expect(doc.tables[1]!.rows.at(-1)).toEqual(['Totalt', kroner(turnover.total)]);
    expect(doc.tables[1]!.rows).toHaveLength(13);
    expect(doc.tables[2]!.kinds).toEqual(['text', 'amount']);
    const pl = doc.tables[3]!;
    expect(pl.columns).toHaveLength(14);
    expect(pl.columns[1]).toBe('jan 2025');
    expect(pl.rows.map((r) => r[0])).toContain('Driftsresultat');
  });

  it('writes a report once when it is chosen both as a widget and as a page', async () => {
    const res = await exportBoard({
      widgets: [{ id: 'profit-loss', widget: 'profit-loss' }],
      pages: ['profitloss', 'cashflow'],
      ...period,
      lang: 'en',
      format: 'json',
    });
    const doc: ExportDocument = await res.json();
    expect(doc.tables).toHaveLength(2);
    expect(doc.tables[0]!.rows).toEqual(
      (
        (await (
          await exportBoard({ widgets: [], pages: ['profitloss'], ...period, lang: 'en', format: 'json' })
        ).json()) as ExportDocument
      ).tables[0]!.rows,
    );
  });

  it('writes a CSV whose top-customer amounts are the widget endpoint amounts rounded to whole units', async () => {
    const res = await exportBoard({ ...mix(), format: 'csv' });
    expectFile(res, 'text/csv; charset=utf-8', '.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const blocks = csvBlocks(text);
    expect(blocks.map((b) => b[0]![0])).toEqual([
      'Topp 10 kunder',
      'Omsetning',
      'Lønn og sosiale kostnader',
      'Resultatregnskap',
    ]);
    const top: TopListItem[] = await widgetJson('/api/widgets/top-ten/customers');
    expect(blocks[0]![1]).toEqual(['Nr.', 'Kunde', 'Beløp']);
    expect(blocks[0]!.slice(2)).toEqual(top.map((r, i) => [String(i + 1), r.name, String(kroner(r.amount))]));
    const pl = blocks[3]!;
    expect(pl[1]![0]).toBe('Linje');
    const result = pl.find((line) => line[0] === 'Årsresultat')!;
    for (const value of result.slice(1)) expect(value).toMatch(/^-?\d+$/);
  });

  it('writes an Excel workbook with a sheet per table and whole-unit numbers', async () => {
    const res = await exportBoard({ ...mix(), format: 'xlsx', lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Top 10 customers',
      'Turnover',
      'Lønn og sosiale kostnader',
      'Profit and loss',
    ]);
    const sheet = workbook.getWorksheet('Top 10 customers')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'No.', 'Customer', 'Amount']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const top: TopListItem[] = await widgetJson('/api/widgets/top-ten/customers');
    top.forEach((r, i) => {
      const cell = sheet.getRow(i + 2).getCell(3);
      expect(cell.value).toBe(kroner(r.amount));
      expect(cell.numFmt).toBe('# ##0');
    });
  });

  it('writes a PDF named after the board: a cover, the widgets with their notes and charts, the figures as shown', async () => {
    // A note on the turnover widget of the board's grid.
    const saved = await t.request(`/api/widgets/board-preference/${t.boardId}/update`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({
        widgets: [
          { id: 'top-customers', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4 },
          {
            id: 'turnover',
            widget: 'turnover',
            x: 6,
            y: 0,
            width: 6,
            height: 4,
            note: 'Juli er ferie: lav omsetning.',
          },
          { id: custom._id, widget: 'custom', x: 0, y: 4, width: 6, height: 4 },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    const res = await exportBoard({ ...mix(), format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="nordlys-energiteknikk-as-2025-01-01-2025-12-31.pdf"',
    );
    const file = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(file.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const read = await readBack(file);
    const cover = pageText(read, 1);
    expect(cover).toContain('Nordlys Energiteknikk AS');
    expect(cover).toContain('2025/01/01 – 2025/12/31');
    expect(cover).toMatch(/EKSPORTERT\n\d{4}\/\d{2}\/\d{2}/);
    const doc: ExportDocument = await (await exportBoard({ ...mix(), format: 'json' })).json();
    const tables = readTables(read, doc.tables);
    expect(tables.map((x) => x.title)).toEqual([
      'Topp 10 kunder',
      'Omsetning',
      'Lønn og sosiale kostnader',
      'Resultatregnskap',
    ]);
    // The top customers' amounts are the endpoint's, rounded to whole kroner here on their own.
    const top: TopListItem[] = await widgetJson('/api/widgets/top-ten/customers');
    expect(tables[0]!.rows.map((r) => r.cells[1])).toEqual(top.map((r) => r.name));
    expect(tables[0]!.rows.map((r) => Number(r.cells[2]!.replace(/\s/g, '')))).toEqual(
      top.map((r) => kroner(r.amount)),
    );
    const turnover: TurnoverData = await widgetJson('/api/widgets/turnover');
    expect(tables[1]!.rows.at(-1)!.cells.map((c) => c.replace(/\s/g, ''))).toEqual([
      'Totalt',
      String(kroner(turnover.total)),
    ]);
    // The note, and a bar per booked month in the turnover chart.
    const title = read.texts.find((x) => x.str === 'Omsetning' && x.size >= 10)!;
    expect(read.texts.find((x) => x.str === 'Juli er ferie: lav omsetning.')?.page).toBe(title.page);
    const booked = tables[1]!.rows.slice(0, -1).filter((r) => /\d/.test(r.cells[1]!)).length;
    const bars = read.paths.filter((p) => p.page === title.page && p.paint === 'fill' && p.color === '#2563eb');
    expect(bars.filter((p) => p.x1 - p.x0 > 5)).toHaveLength(booked);
  });

  it("writes the PNG export as the PDF's pages, a PNG each, in a ZIP named after the board", async () => {
    const res = await exportBoard({ ...mix(), format: 'png' });
    expectFile(res, 'application/zip', '-png.zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const pdf = await readBack(new Uint8Array(await (await exportBoard({ ...mix(), format: 'pdf' })).arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(pdf.pages);
    for (const [name, png] of Object.entries(files)) {
      expect(name).toMatch(/^nordlys-energiteknikk-as-2025-01-01-2025-12-31-\d{2}\.png$/);
      expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it('exports the balance sheet and cash flow pages and the other catalogue widgets', async () => {
    const res = await exportBoard({
      format: 'json',
      widgets: [
        { id: 'top-suppliers', widget: 'top-suppliers' },
        { id: 'top-products', widget: 'top-products' },
        { id: 'top-expenses', widget: 'top-expenses' },
        { id: 'largest-transactions', widget: 'largest-transactions' },
        { id: 'top-five-expenses', widget: 'top-five-expenses' },
        { id: 'mrr', widget: 'mrr' },
        { id: 'employees', widget: 'employees' },
        { id: 'consolidation', widget: 'consolidation' },
        { id: 'cash-flow', widget: 'cash-flow' },
      ],
      pages: ['balancesheet', 'cashflow'],
      ...period,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    const doc: ExportDocument = await res.json();
    expect(doc.tables.map((x) => x.title)).toEqual([
      'Top 10 suppliers',
      'Top 10 products',
      'Top 10 costs',
      'Largest transactions',
      'Top 5 costs',
      'MRR',
      'Employees',
      'Consolidation',
      'Cash flow',
      'Balance sheet',
    ]);
    expect(doc.tables[3]!.rows[0]![0]).toMatch(/^2025-\d\d-\d\d$/);
    expect(doc.tables[4]!.rows.length).toBeLessThanOrEqual(5);
    expect(doc.tables[9]!.columns.at(-1)).toBe('2025/12/31');
    expect(doc.tables[9]!.rows.map((r) => r[0])).toEqual(expect.arrayContaining(['Total assets', 'Assets']));
    expect(doc.tables[8]!.rows.map((r) => r[0])).toContain('Cash at end of period');
  });

  it('fails with the data call’s own error: an unknown custom widget and an unknown AI question', async () => {
    const missing = await exportBoard({ ...mix(), format: 'csv', widgets: [{ id: 'nope', widget: 'custom' }] });
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('WIDGET_NOT_FOUND');
    const ai = await exportBoard({ ...mix(), format: 'pdf', widgets: [{ id: 'nope', widget: 'ai' }] });
    expect(ai.status).toBe(404);
    expect((await ai.json()).code).toBe('AI_QUERY_NOT_FOUND');
    const range = await exportBoard({ ...mix(), format: 'xlsx', startDate: '2025-12-31', endDate: '2025-01-01' });
    expect(range.status).toBe(400);
    expect((await range.json()).code).toBe('INVALID_DATE_RANGE');
  });

  it('refuses an empty selection, a bad body, an unknown widget type and more than 40 items', async () => {
    const empty = await exportBoard({ format: 'csv', widgets: [], pages: [], ...period, lang: 'en' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      code: 'EXPORT_NOTHING_SELECTED',
      message: 'At least one widget must be selected',
    });
    const bad = await exportBoard({ ...mix(), format: 'docx' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('VALIDATION_FAILED');
    const unknown = await exportBoard({ ...mix(), format: 'csv', widgets: [{ id: 'x', widget: 'weather' }] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('VALIDATION_FAILED');
    const badDate = await exportBoard({ ...mix(), format: 'csv', startDate: '2025/01/01' });
    expect((await badDate.json()).code).toBe('VALIDATION_FAILED');
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `w${i}`, widget: 'turnover' }));
    const tooMany = await exportBoard({ ...mix(), format: 'csv', widgets: many });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).code).toBe('VALIDATION_FAILED');
    const forty = await exportBoard({ ...mix(), format: 'json', widgets: many.slice(0, 39), pages: ['cashflow'] });
    expect(forty.status).toBe(200);
  });

  it("answers 401 without a token and 404 for an unknown board or another user's board", async () => {
    expect((await exportBoard({ ...mix(), format: 'csv' }, null)).status).toBe(401);
    const unknown = await exportBoard({ ...mix(), format: 'csv' }, token, 'not-a-board');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('BOARD_NOT_FOUND');

    const other = (await t.signUp('export-other@saldo.no')).token;
    const res = await exportBoard({ ...mix(), format: 'pdf' }, other);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('BOARD_NOT_FOUND');
    const nothing = await exportBoard({ format: 'csv', widgets: [], pages: [], ...period, lang: 'nor' }, other);
    expect(nothing.status).toBe(404);
  });
});
