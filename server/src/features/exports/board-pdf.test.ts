import type { ExportDocument, ExportTable, ProfitLossReport } from '@saldo/contract';
import { kpiIds } from '@saldo/contract/kpis/kpis';
import { cellText } from '@saldo/contract/numbers/format';
import { buildProfitLossModel, type ResultRow } from '@saldo/contract/statements/index';
import { widgetTypes } from '@saldo/contract/widgets/registry';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, board } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { CARD_TITLE_SIZE, CARD_WIDTH, GRID_SIZE, HEADLINE_SIZE } from './pdf/cards.ts';
import { lines, type PdfRead, pageText, readBack, readTables, type TextRun } from './pdf/read-back.ts';
import { COLORS } from './pdf/style.ts';

// The demo board exported whole, as a board of directors would get it: every catalogue widget, all
// sixteen KPIs of the library and the three statements, read back with pdf.js. (28 pages before the
// KPIs became cards, a page each; 15 with them.)

let t: TestApp;
let token: string;
let read: PdfRead;
let doc: ExportDocument;
const period = { startDate: '2025-01-01', endDate: '2025-12-31' };
/** As a board made from a SAF-T file is named: the company and its organisation number. */
const NAMED = 'Nordlys Energiteknikk AS (912345678)';
const CATALOGUE = widgetTypes.filter((w) => !['custom', 'kpi', 'budget', 'ai'].includes(w));

const request = (format: 'pdf' | 'json') => ({
  format,
  widgets: [
    ...CATALOGUE.map((widget) => ({ id: widget, widget })),
    ...kpiIds.map((kpi) => ({ id: `kpi:${kpi}`, widget: 'kpi' })),
  ],
  pages: ['profitloss', 'balancesheet', 'cashflow'],
  ...period,
  lang: 'nor',
});

const post = (body: unknown) =>
  t.request(`/api/exports/${t.boardId}`, { method: 'POST', token, body: JSON.stringify(body) });

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  // The source and the board as a SAF-T import names them: the number in the name, and in its own column.
  await t.deps.db.update(apiAccount).set({ name: NAMED, number: '912345678' }).where(eq(apiAccount.id, t.apiAccountId));
  await t.deps.db.update(board).set({ name: NAMED }).where(eq(board.id, t.boardId));
  const res = await post(request('pdf'));
  expect(res.status).toBe(200);
  read = await readBack(new Uint8Array(await res.arrayBuffer()));
  doc = await (await post(request('json'))).json();
}, 120_000);

/** How often a number stands in a text, however it is spaced. */
const occurrences = (text: string, number: string) => text.replace(/[\s\u00a0]/g, '').split(number).length - 1;

describe("the demo board's PDF", () => {
  it('names the company with its organisation number once on the cover', () => {
    const cover = pageText(read, 1);
    expect(cover).toContain('Nordlys Energiteknikk AS');
    expect(cover).toContain('org.nr. 912 345 678');
    expect(occurrences(cover, '912345678')).toBe(1);
  });

  it('numbers every page after the cover: Side n av N', () => {
    for (let page = 2; page <= read.pages; page++)
      expect(pageText(read, page)).toContain(`Side ${page} av ${read.pages}`);
  });

  it('puts the sixteen KPIs as cards, up to six to a page, on at most four pages (one page each before)', () => {
    const kpis = doc.tables.slice(CATALOGUE.length, CATALOGUE.length + kpiIds.length);
    const pages = kpis.map((k) => titleRun(k.title).page);
    expect(new Set(pages).size).toBeLessThanOrEqual(Math.ceil(kpis.length / 6) + 1);
    // Two rows of three on every page the cards fill, from the first to the last.
    const full = [...new Set(pages)].slice(1, -1);
    for (const page of full) expect(pages.filter((p) => p === page)).toHaveLength(6);
  });

  it('shows each KPI card with the figures its table holds: the period in large type, each month, its line', () => {
    const kpis = doc.tables.slice(CATALOGUE.length, CATALOGUE.length + kpiIds.length);
    for (const table of kpis) {
      const card = cardRuns(table.title);
      const text = (v: ExportTable['rows'][number][number], kind = table.kinds[1]!) =>
        typeof v === 'number' ? spaced(cellText(v, kind)) : '–';
      const headline = card.find((r) => Math.abs(r.size - HEADLINE_SIZE) < 0.5);
      expect(spaced(headline?.str ?? ''), table.title).toBe(text(table.rows.at(-1)![1]!));
      const cells = new Map<string, string>();
      for (const line of lines(card.filter((r) => Math.abs(r.size - GRID_SIZE) < 0.05)))
        for (let i = 0; i + 1 < line.runs.length; i += 2) cells.set(line.runs[i]!.str, spaced(line.runs[i + 1]!.str));
      for (const row of table.rows.slice(0, -1))
        expect(cells.get(String(row[0])), `${table.title} ${row[0]}`).toBe(text(row[1]!));
      // Its line over the months, in the card.
      const title = titleRun(table.title);
      const strokes = read.paths.filter(
        (p) =>
          p.page === title.page &&
          p.paint === 'stroke' &&
          p.color === COLORS.revenue &&
          p.x0 >= title.x - 1 &&
          p.x1 <= title.x + CARD_WIDTH,
      );
      expect(strokes.length, table.title).toBeGreaterThan(0);
    }
  });

  it('keeps every table that fits on a page on one page, and repeats the header of a longer one', () => {
    const tables = doc.tables.filter((_, i) => i < CATALOGUE.length || i >= CATALOGUE.length + kpiIds.length);
    const found = readTables(read, tables);
    expect(found.map((f) => f.title.replace(/ \(\d+\/\d+\)$/, ''))).toEqual(
      expect.arrayContaining(tables.map((x) => x.title)),
    );
    for (const table of found) {
      const source = tables.find((x) => table.title.startsWith(x.title))!;
      if (source.rows.length <= 20) expect(table.pages, table.title).toHaveLength(1);
      expect(table.headers, table.title).toHaveLength(table.pages.length);
    }
  });

  it("shows each statement's figures as the statement engine shows them, cell by cell", async () => {
    const statements = doc.tables.slice(-3);
    expect(statements.map((s) => s.title)).toEqual(['Resultatregnskap', 'Balanse', 'Kontantstrøm']);
    const found = readTables(read, statements);
    for (const statement of statements) {
      // A statement too wide for the page is drawn in blocks of columns: put back together by row.
      const blocks = found.filter((f) => f.title.replace(/ \(\d+\/\d+\)$/, '') === statement.title);
      expect(blocks.length, statement.title).toBeGreaterThan(0);
      const shown = statement.rows.map((row) => row.map((v) => (typeof v === 'number' ? v : null)));
      const drawn = statement.rows.map(() => [] as Array<number | null>);
      for (const block of blocks) {
        expect(block.rows, statement.title).toHaveLength(statement.rows.length);
        for (const [r, row] of block.rows.entries()) drawn[r]!.push(...row.cells.slice(1).map(figure));
      }
      expect(drawn, statement.title).toEqual(shown.map((row) => row.slice(1)));
    }
    // And the profit and loss against the engine's own model of the report: the operating result by month.
    const report: ProfitLossReport = await (
      await t.request(`/api/profit-loss?groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`, { token })
    ).json();
    const model = buildProfitLossModel(report);
    const result = model.rows.find((r): r is ResultRow => r.kind === 'result' && r.key === 'operatingResult')!;
    const pl = found.filter((f) => f.title.startsWith('Resultatregnskap'));
    const operating = pl.flatMap((b) =>
      b.rows
        .find((r) => r.cells[0] === 'Driftsresultat')!
        .cells.slice(1)
        .map(figure),
    );
    expect(operating.slice(0, model.months.length)).toEqual(result.shown.slice(0, model.months.length));
  });
});

/** A text with its no-break spaces as spaces (a viewer may give either). */
const spaced = (text: string) => text.replace(/[\s\u00a0]/g, ' ');

/** '-1 234 568' → -1234568; '' → null. */
const figure = (text: string) => (text === '' ? null : Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.')));

function titleRun(title: string): TextRun {
  const run = read.texts.find((r) => r.str === title && r.size >= 9.5 && /Bold/.test(r.font) && r.page > 1);
  expect(run, title).toBeDefined();
  return run!;
}

/** The text of a KPI card: under its title, in its column, down to the next card's title or the page's foot. */
function cardRuns(title: string): TextRun[] {
  const top = titleRun(title);
  const next = read.texts
    .filter(
      (r) =>
        r.page === top.page &&
        Math.abs(r.size - CARD_TITLE_SIZE) < 0.05 &&
        Math.abs(r.x - top.x) < 1 &&
        r.y > top.y + 1,
    )
    .map((r) => r.y);
  const bottom = Math.min(Infinity, ...next) - 12;
  return read.texts.filter(
    (r) => r.page === top.page && r.x >= top.x - 1 && r.right <= top.x + CARD_WIDTH && r.y > top.y && r.y < bottom,
  );
}
