import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportTable, MrrData, TopRow, TurnoverData } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { buildProfitLoss, type MonthlyMovement } from '../../../engine/profit-loss.ts';
import { parsePeriod } from '../../../http/period.ts';
import { profitLossTable, toTable } from '../tables.ts';
import { chartOf } from './chart-data.ts';
import { type PdfReport, type Section, writePdf } from './document.ts';
import { type PaintedPath, type PdfRead, pageText, readBack, readTables } from './read-back.ts';
import { BODY_BOTTOM, COLORS } from './style.ts';

// The PDF is read back with pdf.js as a viewer reads it: its words, its tables' figures, and the
// paths its charts are drawn with. Amounts here are øre with odd endings, so a figure rounded the
// wrong way, or a chart drawn from other numbers than the table's, shows.

/** Øre as shown, worked out here on its own: whole kroner, half away from zero. */
const kroner = (ore: number) => (ore < 0 ? -1 : 1) * Math.floor((Math.abs(ore) + 50) / 100) || 0;
/** A figure as read: '-1 234 568' → -1234568. */
const figure = (text: string) => Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));

const NAMES = [
  'Bjørke Marine AS',
  'Æra Rør AS',
  'Ålesund Elektro (Vest) AS',
  'Čáhppes Ŋuolla AS',
  'Fjord Bygg AS',
  'Vestland Rør AS',
  'Trollheim Elektro AS',
  'Lofoten Eiendom AS',
  'Havblikk Marine AS',
  'Dovre Handel AS',
];
const customers: TopRow[] = NAMES.map((name, i) => ({ _id: `c${i}`, name, amount: 5_735_390_50 - i * 48_123_45 }));

const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
const turnoverData: TurnoverData = {
  months: MONTHS.map((month, i) => ({ month, amount: i === 11 ? 0 : 1_765_380_50 + ((i * 7919) % 13) * 101_234_25 })),
  total: 0,
  previousTotal: 27_925_980_00,
  changePercent: 12.5,
  lastBookedMonth: '2025-11',
};
turnoverData.total = turnoverData.months.reduce((s, m) => s + m.amount, 0);
const mrrData: MrrData = {
  accounts: { from: 3000, to: 3999 },
  mrr: 0,
  previousMrr: 0,
  month: '2025-11',
  lastBookedMonth: '2025-11',
  months: MONTHS.map((month, i) => ({
    month,
    mrr: 1_000_000_00 + ((i * 31) % 7) * 250_000_50,
    previousMrr: 0,
    newMrr: 10_000_00,
    expansionMrr: 0,
    contractionMrr: 0,
    churnedMrr: 0,
    customers: 10 + i,
    averageRevenuePerCustomer: 100_000_00,
  })),
};
const movements: MonthlyMovement[] = MONTHS.slice(0, 11).flatMap((month, i) => [
  { month, accountNumber: 3000, amount: -(1_500_000_50 + i * 12_345_25) },
  { month, accountNumber: 4300, amount: 600_000_50 + i * 2_345_75 },
  { month, accountNumber: 5000, amount: 450_000_25 },
  { month, accountNumber: 1920, amount: 449_999_75 - i * 10_000_50 },
]);
const profitLoss = buildProfitLoss(movements, new Map(), parsePeriod('2025-01-01', '2025-12-31'));
profitLoss.lastBookedMonth = '2025-11';

const section = (
  table: ExportTable,
  kind?: Parameters<typeof chartOf>[0],
  note: string | null = null,
  data?: unknown,
) => ({ table, chart: kind ? chartOf(kind, table, 'nor', data) : null, note }) satisfies Section;

const report = (sections: Section[], lang: 'nor' | 'en' = 'nor'): PdfReport => ({
  board: 'Nordlys Energiteknikk AS',
  sources: [
    { name: 'Nordlys Energiteknikk AS', organisationNumber: '912345678' },
    { name: 'Nordlys Øst AS', organisationNumber: '987654321' },
  ],
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  exportedAt: '2026-05-12',
  lang,
  sections,
});

const tables = {
  top: toTable('top-customers', customers, 'nor'),
  turnover: toTable('turnover', turnoverData, 'nor'),
  mrr: toTable('mrr', mrrData, 'nor'),
  profitLoss: profitLossTable(profitLoss, 'nor'),
  consolidation: toTable(
    'consolidation',
    {
      apis: [{ _id: 'a', name: 'Nordlys Øst AS', revenue: 1_000_000_50, result: 200_000_50 }],
      deducted: { revenue: 0, result: 0 },
      consolidated: { revenue: 1_000_000_50, result: 200_000_50 },
    },
    'nor',
  ),
};
const NOTE = 'Omsetningen falt i juli på grunn av ferie; ny kontrakt med Bjørke Marine AS fra september.';
const board = () =>
  report([
    section(tables.top, 'top-customers'),
    section(tables.turnover, 'turnover', NOTE),
    section(tables.mrr, 'mrr'),
    section(tables.consolidation, 'consolidation'),
    section(tables.profitLoss, 'profit-loss', null, profitLoss),
  ]);

let boardRead: Promise<{ file: Buffer; read: PdfRead }> | undefined;
/** The board above, written and read once for the tests that only look. */
const readBoard = () => {
  boardRead ??= writePdf(board()).then(async (file) => ({ file, read: await readBack(file) }));
  return boardRead;
};

const tableOf = (read: PdfRead, table: ExportTable) => {
  const found = readTables(read, [table]);
  expect(found, table.title).toHaveLength(1);
  return found[0]!;
};

/** The page a title is on. */
const pageOf = (read: PdfRead, title: string) => read.texts.find((t) => t.str === title && t.size >= 10)!.page;

describe('the PDF export, read back', () => {
  it('opens on a cover with the board, its companies, the period, the day of export and the contents', async () => {
    const { file, read } = await readBoard();
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const cover = pageText(read, 1);
    expect(cover).toContain('Nordlys Energiteknikk AS');
    expect(cover).toContain('Finansiell rapport');
    expect(cover).toContain('Nordlys Energiteknikk AS · org.nr. 912 345 678');
    expect(cover).toContain('Nordlys Øst AS · org.nr. 987 654 321');
    expect(cover).toContain('2025/01/01 – 2025/12/31');
    expect(cover).toContain('EKSPORTERT');
    expect(cover).toContain('2026/05/12');
    // The contents give each part's page as it is.
    for (const table of Object.values(tables)) {
      const entry = read.texts.find((t) => t.page === 1 && t.str === table.title)!;
      const number = read.texts.find((t) => t.page === 1 && Math.abs(t.y - entry.y) < 1 && t !== entry)!;
      expect(Number(number.str), table.title).toBe(pageOf(read, table.title));
    }
    // Every other page names the board and the period, and is numbered.
    for (let page = 2; page <= read.pages; page++) {
      const text = pageText(read, page);
      expect(text).toContain('Nordlys Energiteknikk AS');
      expect(text).toContain('Periode: 2025/01/01 – 2025/12/31');
      expect(text).toContain(`Side ${page} av ${read.pages}`);
      expect(text).toContain('Eksportert 2026/05/12');
    }
  });

  it('shows the top list with the endpoint amounts in whole kroner, and æøå and other letters intact', async () => {
    const { read } = await readBoard();
    const top = tableOf(read, tables.top);
    expect(top.headers[0]).toEqual(['Nr.', 'Kunde', 'Beløp']);
    expect(top.rows.map((r) => r.cells)).toEqual(
      customers.map((c, i) => [String(i + 1), c.name, expect.stringMatching(/^[\d\u00a0 -]+$/)]),
    );
    expect(top.rows.map((r) => figure(r.cells[2]!))).toEqual(customers.map((c) => kroner(c.amount)));
  });

  it('shows turnover by month, the months footing to the total, an unbooked month as such', async () => {
    const { read } = await readBoard();
    const rows = tableOf(read, tables.turnover).rows.map((r) => r.cells);
    expect(rows).toHaveLength(13);
    expect(rows[11]).toEqual(['des 2025', 'Ikke bokført ennå']);
    expect(rows[12]![0]).toBe('Totalt');
    const total = figure(rows[12]![1]!);
    expect(total).toBe(kroner(turnoverData.total));
    expect(rows.slice(0, 11).reduce((s, r) => s + figure(r[1]!), 0)).toBe(total);
    // Each month within one krone of its own rounding (footing moves a month by at most that).
    rows.slice(0, 11).forEach((r, i) => {
      expect(Math.abs(figure(r[1]!) - kroner(turnoverData.months[i]!.amount))).toBeLessThanOrEqual(1);
    });
  });

  it('shows the statement as the export table has it: every line, its accounts indented', async () => {
    const { read } = await readBoard();
    const pl = tableOf(read, tables.profitLoss);
    expect(pl.rows.map((r) => r.cells)).toEqual(
      tables.profitLoss.rows.map((row) =>
        row.map((v, i) =>
          v === null
            ? ''
            : typeof v === 'number'
              ? expect.toSatisfy((s: string) => figure(s) === v)
              : i === 0
                ? String(v).trim()
                : v,
        ),
      ),
    );
    expect(pl.rows.map((r) => r.indented)).toEqual(tables.profitLoss.rows.map((r) => String(r[0]).startsWith('  ')));
  });

  it("puts the board's note on a widget under its title, before its chart and table", async () => {
    const { read } = await readBoard();
    const title = read.texts.find((t) => t.str === 'Omsetning' && t.size >= 10)!;
    const note = read.texts.find((t) => t.str === NOTE)!;
    const header = read.texts.find((t) => t.page === title.page && t.str === 'Måned')!;
    expect(note.page).toBe(title.page);
    expect(note.y).toBeGreaterThan(title.y);
    expect(note.y).toBeLessThan(header.y);
    expect(read.texts.find((t) => t.page === title.page && t.str === 'Notat')).toBeDefined();
  });
});

/** Filled rectangles of a colour on a page, as drawn. */
const fills = (read: PdfRead, page: number, color: string) =>
  read.paths.filter((p) => p.page === page && p.paint === 'fill' && p.color === color);

/** The largest group of paths sharing a bottom edge: bars standing on one axis. */
function bars(paths: PaintedPath[]): PaintedPath[] {
  const groups = new Map<number, PaintedPath[]>();
  for (const p of paths) groups.set(Math.round(p.y1 * 10), [...(groups.get(Math.round(p.y1 * 10)) ?? []), p]);
  return [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

describe('charts drawn as vector paths from the figures the table shows', () => {
  it('turnover: a bar per booked month, each as tall as its figure in the table', async () => {
    const { read } = await readBoard();
    const page = pageOf(read, 'Omsetning');
    const figures = tableOf(read, tables.turnover)
      .rows.slice(0, 11)
      .map((r) => figure(r.cells[1]!));
    const drawn = bars(fills(read, page, COLORS.revenue)).sort((a, b) => a.x0 - b.x0);
    expect(drawn).toHaveLength(11);
    const heights = drawn.map((b) => b.y1 - b.y0);
    const tallest = Math.max(...heights);
    const largest = Math.max(...figures);
    heights.forEach((h, i) => {
      expect(h / tallest).toBeCloseTo(figures[i]! / largest, 3);
    });
    // Left to right in month order, evenly spaced.
    const steps = drawn.slice(1).map((b, i) => b.x0 - drawn[i]!.x0);
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 3);
  });

  it('MRR: a line through a point per booked month, at heights in proportion to the MRR column', async () => {
    const { read } = await readBoard();
    const page = pageOf(read, 'MRR');
    const figures = tableOf(read, tables.mrr)
      .rows.filter((r) => r.cells[1] !== 'Ikke bokført ennå')
      .map((r) => figure(r.cells[1]!));
    const lines = read.paths.filter((p) => p.page === page && p.paint === 'stroke' && p.color === COLORS.revenue);
    expect(lines).toHaveLength(1);
    const points = fills(read, page, COLORS.revenue).filter((p) => p.x1 - p.x0 < 5);
    expect(points).toHaveLength(figures.length);
    const ys = points.sort((a, b) => a.x0 - b.x0).map((p) => (p.y0 + p.y1) / 2);
    // y is linear in the figure: the same points per krone between any two months.
    const scale = (ys[1]! - ys[0]!) / (figures[1]! - figures[0]!);
    ys.forEach((y, i) => {
      expect(y - ys[0]!).toBeCloseTo((figures[i]! - figures[0]!) * scale, 1);
    });
    expect(scale).toBeLessThan(0); // more is higher up
  });

  it('top list: a share bar on each row, as long as its amount against the largest', async () => {
    const { read } = await readBoard();
    const top = tableOf(read, tables.top);
    const drawn = fills(read, top.pages[0]!, COLORS.bar).sort((a, b) => a.y0 - b.y0);
    expect(drawn).toHaveLength(10);
    const amounts = top.rows.map((r) => Math.abs(figure(r.cells[2]!)));
    const longest = Math.max(...drawn.map((b) => b.x1 - b.x0));
    drawn.forEach((b, i) => {
      expect((b.x1 - b.x0) / longest).toBeCloseTo(amounts[i]! / Math.max(...amounts), 3);
      // On its row's line.
      expect(Math.abs(b.y1 - top.rows[i]!.y)).toBeLessThan(4);
    });
  });

  it('profit and loss: lines of income, costs and the operating result; consolidation has no chart', async () => {
    const { read } = await readBoard();
    const page = pageOf(read, 'Resultatregnskap');
    const strokes = new Set(
      // Lines across the months: not the legend's short strokes, nor the flat grid and table rules.
      read.paths
        .filter((p) => p.page === page && p.paint === 'stroke' && p.x1 - p.x0 > 100 && p.y1 - p.y0 > 0.1)
        .map((p) => p.color),
    );
    expect(strokes).toEqual(new Set([COLORS.revenue, COLORS.costs, COLORS.result]));
    expect(pageText(read, page)).toContain('Inntekter');
    const consolidation = pageOf(read, 'Konsolidering');
    const chartColours = [COLORS.revenue, COLORS.costs, COLORS.result];
    // From its title down to the next section's title (or the page's end).
    const top = read.texts.find((t) => t.str === 'Konsolidering' && t.size >= 10)!.y;
    const next = Math.min(
      ...read.texts.filter((t) => t.page === consolidation && t.size >= 10 && t.y > top).map((t) => t.y),
      BODY_BOTTOM,
    );
    const inSection = read.paths.filter((p) => p.page === consolidation && p.y0 > top && p.y1 < next - 14);
    expect(inSection.length).toBeGreaterThan(0); // its table's rules
    expect(inSection.filter((p) => chartColours.includes(p.color as never))).toEqual([]);
  });
});

/** A table of `count` rows: 'Rad 1' … with amounts. */
const rowsTable = (title: string, count: number): ExportTable => ({
  title,
  columns: ['Måned', 'Beløp'],
  kinds: ['text', 'amount'],
  rows: Array.from({ length: count }, (_, i) => [`Rad ${i + 1}`, (i + 1) * 1_001]),
});

describe('page breaks', () => {
  it('never splits a table that fits on a page: it starts on the next page instead', async () => {
    let moved = 0;
    for (let count = 14; count <= 30; count += 2) {
      const filler = rowsTable('Fyll', count);
      const read = await readBack(await writePdf(report([section(filler), section(tables.top, 'top-customers')])));
      const top = tableOf(read, tables.top);
      expect(top.rows, `${count}`).toHaveLength(10);
      expect(top.pages, `after ${count} rows`).toHaveLength(1);
      expect(pageOf(read, 'Topp 10 kunder')).toBe(top.pages[0]);
      const last = tableOf(read, filler).rows.at(-1)!;
      // Room was left for its header and first rows, yet it went on to the next page whole.
      if (top.pages[0]! > last.page && BODY_BOTTOM - last.y > 80) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('goes on with a long table over pages, its title (forts.) and header repeated, every row once', async () => {
    const long = rowsTable('Lang tabell', 120);
    const read = await readBack(await writePdf(report([section(long)])));
    const table = tableOf(read, long);
    expect(table.pages.length).toBeGreaterThanOrEqual(3);
    expect(table.headers).toHaveLength(table.pages.length);
    for (const header of table.headers) expect(header).toEqual(['Måned', 'Beløp']);
    expect(read.texts.filter((t) => t.str === 'Lang tabell (forts.)')).toHaveLength(table.pages.length - 1);
    expect(table.rows.map((r) => r.cells)).toEqual(long.rows.map(([label]) => [label, expect.anything()]));
    expect(table.rows.map((r) => figure(r.cells[1]!))).toEqual(long.rows.map((r) => r[1]));
  });
});

describe('contents', () => {
  it('lists all of a full export (40 widgets and 3 pages) with the page each starts on', async () => {
    const parts = Array.from({ length: 43 }, (_, i) => ({ ...tables.top, title: `Del ${i + 1}: ${tables.top.title}` }));
    const read = await readBack(await writePdf(report(parts.map((table) => section(table, 'top-customers')))));
    for (const { title } of parts) {
      const entry = read.texts.find((t) => t.page === 1 && t.str === title);
      expect(entry, title).toBeDefined();
      const number = read.texts.find(
        (t) => t.page === 1 && Math.abs(t.y - entry!.y) < 1 && /^\d+$/.test(t.str) && t.x > entry!.x,
      );
      expect(Number(number?.str), title).toBe(pageOf(read, title));
    }
  });
});

describe('language', () => {
  it('writes the cover and page frame in English', async () => {
    const en = report([section(toTable('top-customers', customers, 'en'), 'top-customers')], 'en');
    const read = await readBack(await writePdf(en));
    const cover = pageText(read, 1);
    for (const word of ['Financial report', 'PERIOD', 'COMPANIES', 'EXPORTED', 'CONTENTS', 'Top 10 customers'])
      expect(cover).toContain(word);
    expect(pageText(read, 2)).toContain('Page 2 of 2');
  });
});

let hasPdftotext = false;
try {
  execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  hasPdftotext = true;
} catch {
  hasPdftotext = false;
}

describe('in another reader', () => {
  it.skipIf(!hasPdftotext)(
    'pdftotext (poppler) reads the names with æøå and the amounts (skipped without it)',
    async () => {
      const { file } = await readBoard();
      const path = join(mkdtempSync(join(tmpdir(), 'saldo-pdf-')), 'export.pdf');
      writeFileSync(path, file);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', path, '-'], { encoding: 'utf8' });
      for (const name of ['Bjørke Marine AS', 'Æra Rør AS', 'Ålesund Elektro (Vest) AS', 'Čáhppes Ŋuolla AS'])
        expect(text).toContain(name);
      expect(text).toMatch(new RegExp(String(kroner(customers[0]!.amount)).replace(/\B(?=(\d{3})+$)/g, '[\\u00a0 ]')));
      expect(text).toContain('2025/01/01 – 2025/12/31');
    },
  );
});
