import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { ExportTable, KpiData } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { companyOf } from '../queries.ts';
import { toTable } from '../tables.ts';
import { CARD_COLUMNS } from './cards.ts';
import { chartOf } from './chart-data.ts';
import { type Branding, type PdfReport, type Section, type TextSection, writePdf } from './document.ts';
import { lines, pageText, readBack } from './read-back.ts';
import { BODY_BOTTOM, BODY_TOP, MARGIN } from './style.ts';
import { TEXT_WIDTH, wrapLines } from './text-section.ts';

// The board report's layout as a board of directors reads it: the firm's name and logo, one
// organisation number on the cover, commentary in paragraphs, KPIs several to a page, nothing split
// that fits on a page. Each PDF is written and read back with pdf.js.

const report = (sections: PdfReport['sections'], extra: Partial<PdfReport> = {}): PdfReport => ({
  board: 'Accountflow AS (918874224)',
  sources: [{ name: 'Accountflow AS', organisationNumber: '918874224' }],
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  exportedAt: '2026-05-12',
  lang: 'nor',
  sections,
  ...extra,
});

const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
/** A KPI's answer: a percentage by month (in ten-thousandths: 1234 is 12,34 %), `booked` months of it booked. */
const kpi = (n: number, booked = 12): KpiData =>
  ({
    kpi: 'gross-margin',
    title: { no: `Nøkkeltall ${n}`, en: `KPI ${n}` },
    formula: { no: 'a / b', en: 'a / b' },
    unit: 'percent',
    value: 1_000 + n * 100,
    months: MONTHS.map((month, i) => ({ month, value: 500 + ((i * 7 + n) % 11) * 100, terms: [] })),
    lastBookedMonth: booked === 0 ? '2024-12' : MONTHS[booked - 1]!,
    comparison: null,
    compare: 'lastYear',
  }) as unknown as KpiData;

const kpiSection = (n: number, booked = 12): Section => {
  const table = toTable('kpi', kpi(n, booked), 'nor');
  return { table, chart: chartOf('kpi', table, 'nor'), note: null, card: true };
};

const rows = (title: string, count: number): ExportTable => ({
  title,
  columns: ['Måned', 'Beløp'],
  kinds: ['text', 'amount'],
  rows: Array.from({ length: count }, (_, i) => [`Rad ${i + 1}`, (i + 1) * 1_001]),
});
const plain = (table: ExportTable): Section => ({ table, chart: null, note: null });

/** A small PNG logo, drawn here. */
const pngLogo = async () => {
  const canvas = createCanvas(120, 40);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0f766e';
  context.fillRect(0, 0, 120, 40);
  return new Uint8Array(await canvas.encode('png'));
};

const digitsIn = (text: string, number: string) => text.replace(/[\s\u00a0]/g, '').split(number).length - 1;

describe('the cover', () => {
  it("shows a company's organisation number once, though the board's and the source's names carry it too", async () => {
    // As the export reads a SAF-T source: named 'Accountflow AS (918874224)', its number kept beside.
    const source = companyOf('Accountflow AS (918874224)', '918874224');
    expect(source).toEqual({ name: 'Accountflow AS', organisationNumber: '918874224' });
    expect(companyOf('Nordlys AS (demo)', '912345678')).toEqual({
      name: 'Nordlys AS (demo)',
      organisationNumber: '912345678',
    });
    const read = await readBack(await writePdf(report([plain(rows('Tabell', 3))], { sources: [source] })));
    const cover = pageText(read, 1);
    expect(digitsIn(cover, '918874224')).toBe(1);
    expect(cover).toContain('Accountflow AS · org.nr. 918 874 224');
    // The title is the company's name; the running header keeps the board's as it is.
    expect(read.texts.find((r) => r.page === 1 && r.size > 20)?.str).toBe('Accountflow AS');
  });

  it("carries the firm's name, number, colours and PNG logo; its pages say who made them", async () => {
    const branding: Branding = {
      name: 'Fjordrevisjon AS',
      organisationNumber: '987654321',
      colours: { primary: '#0f766e', secondary: '#7c3aed' },
      logo: { bytes: await pngLogo(), type: 'png' },
    };
    const read = await readBack(await writePdf(report([plain(rows('Tabell', 3))], { branding })));
    const cover = pageText(read, 1);
    expect(cover).toContain('Utarbeidet av Fjordrevisjon AS · org.nr. 987 654 321');
    expect(cover).not.toContain('Saldo');
    expect(digitsIn(cover, '918874224')).toBe(1);
    // The logo at the top left of the cover, within its box.
    const logo = read.images.filter((i) => i.page === 1);
    expect(logo).toHaveLength(1);
    expect(logo[0]!.x0).toBeCloseTo(MARGIN, 0);
    expect(logo[0]!.y1).toBeLessThan(70);
    // The firm's colour on the cover's rule and each page's header rule; its name in each footer.
    expect(read.paths.some((p) => p.page === 1 && p.paint === 'stroke' && p.color === '#0f766e')).toBe(true);
    for (let page = 2; page <= read.pages; page++) {
      expect(read.paths.some((p) => p.page === page && p.paint === 'stroke' && p.color === '#0f766e')).toBe(true);
      expect(pageText(read, page)).toContain('Fjordrevisjon AS · Eksportert 2026/05/12');
      expect(pageText(read, page)).not.toContain('Saldo');
    }
  });

  it('draws an SVG logo as vector paths in its own colours, and reads no file it names', async () => {
    // An <image> naming a PNG on this machine: drawn from the logo's own bytes only, so left out.
    const file = join(mkdtempSync(join(tmpdir(), 'saldo-logo-')), 'local.png');
    writeFileSync(file, await pngLogo());
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 60 20"><rect width="60" height="20" fill="#a21caf"/><image x="0" y="0" width="20" height="20" xlink:href="${file}"/></svg>`;
    const branding: Branding = {
      name: 'Fjordrevisjon AS',
      logo: { bytes: new TextEncoder().encode(svg), type: 'svg' },
    };
    const read = await readBack(await writePdf(report([plain(rows('Tabell', 3))], { branding })));
    expect(read.paths.filter((p) => p.page === 1 && p.paint === 'fill' && p.color === '#a21caf')).toHaveLength(1);
    // Drawn instead of the firm's name, not as an image.
    expect(pageText(read, 1).split('\n')[0]).not.toBe('Fjordrevisjon AS');
    expect(read.images).toEqual([]);
    // A logo that cannot be drawn leaves the firm's name in its place.
    const broken = await readBack(
      await writePdf(
        report([], { branding: { name: 'Fjordrevisjon AS', logo: { bytes: new Uint8Array([1, 2, 3]), type: 'png' } } }),
      ),
    );
    expect(pageText(broken, 1).split('\n')[0]).toBe('Fjordrevisjon AS');
  });

  it("without branding looks as before: Saldo's name, and Saldo in the footer", async () => {
    const read = await readBack(await writePdf(report([plain(rows('Tabell', 3))])));
    expect(pageText(read, 1).split('\n')[0]).toBe('Saldo');
    expect(pageText(read, 1)).not.toContain('Utarbeidet av');
    expect(pageText(read, 2)).toContain('Saldo · Eksportert 2026/05/12');
  });
});

describe('commentary and notes', () => {
  const words = 'Driftsresultatet økte med 12 prosent mot i fjor, drevet av høyere marginer i prosjektene i Vestland.';
  const commentary: TextSection = {
    text: { heading: 'Kommentar fra regnskapsfører', paragraphs: [words.repeat(3), 'Andre avsnitt.\nNy linje.'] },
  };

  it('wraps paragraphs to the reading width, in order, under their heading', async () => {
    const read = await readBack(await writePdf(report([commentary])));
    const runs = read.texts.filter((r) => r.page === 2 && r.y > BODY_TOP && r.y < BODY_BOTTOM);
    const heading = runs.find((r) => r.str === 'Kommentar fra regnskapsfører')!;
    const body = lines(runs.filter((r) => r.y > heading.y));
    expect(body.length).toBeGreaterThan(4);
    for (const line of body)
      expect(Math.max(...line.runs.map((r) => r.right))).toBeLessThanOrEqual(MARGIN + TEXT_WIDTH + 0.5);
    const text = body.map((l) => l.runs.map((r) => r.str).join(' ')).join(' ');
    expect(text.replace(/\s+/g, ' ')).toBe(`${words.repeat(3)} Andre avsnitt. Ny linje.`.replace(/\s+/g, ' '));
    // The contents list it with its page.
    expect(pageText(read, 1)).toContain('Kommentar fra regnskapsfører');
  });

  it('goes on over pages line by line, never into the footer, its heading never alone at a page foot', async () => {
    const long: TextSection = {
      text: { heading: 'Noter', paragraphs: Array.from({ length: 30 }, () => words.repeat(2)) },
    };
    const read = await readBack(await writePdf(report([plain(rows('Fyll', 26)), long])));
    expect(read.pages).toBeGreaterThanOrEqual(4);
    const heading = read.texts.find((r) => r.str === 'Noter' && r.size > 12)!;
    const after = read.texts.filter((r) => r.page === heading.page && r.y > heading.y && r.size < 10);
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const run of read.texts.filter((r) => r.page > 1 && r.size === 9.5)) {
      expect(run.y).toBeLessThan(BODY_BOTTOM + 1);
      expect(run.y).toBeGreaterThan(BODY_TOP);
    }
  });

  it('breaks lines at spaces, and a word longer than a line at the line', () => {
    const measure = (s: string) => s.length * 10;
    expect(wrapLines(measure, 'aa bb cc dd', 50)).toEqual(['aa bb', 'cc dd']);
    expect(wrapLines(measure, 'abcdefghijkl', 50)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapLines(measure, 'én\nto tre', 100)).toEqual(['én', 'to tre']);
  });
});

describe('KPIs as cards', () => {
  it(`puts twelve KPIs on two pages, ${CARD_COLUMNS} across, where each took a page of its own before`, async () => {
    const read = await readBack(await writePdf(report(Array.from({ length: 12 }, (_, n) => kpiSection(n + 1)))));
    expect(read.pages).toBe(3);
    const titles = read.texts.filter((r) => /^Nøkkeltall \d+$/.test(r.str) && r.page > 1);
    expect(titles).toHaveLength(12);
    expect(titles.filter((r) => r.page === 2)).toHaveLength(6);
    // The contents give each card's page.
    for (const title of titles) {
      const entry = read.texts.find((r) => r.page === 1 && r.str === title.str)!;
      const page = read.texts.find((r) => r.page === 1 && Math.abs(r.y - entry.y) < 1 && r !== entry)!;
      expect(Number(page.str)).toBe(title.page);
    }
  });

  it('a KPI without a booked month still has its chart, saying so, and a dash for each month', async () => {
    const read = await readBack(await writePdf(report([kpiSection(1, 0)])));
    expect(pageText(read, 2)).toContain('Ingen bokførte måneder å vise');
    expect(read.texts.filter((r) => r.page === 2 && r.str === '–').length).toBeGreaterThanOrEqual(12);
  });

  it('cards follow a section on its page when they fit, and a row of cards that does not fit moves whole', async () => {
    const read = await readBack(
      await writePdf(report([plain(rows('Kort tabell', 4)), ...[1, 2, 3, 4].map((n) => kpiSection(n))])),
    );
    const page = (title: string) => read.texts.find((r) => r.str === title && r.page > 1)!.page;
    expect(page('Nøkkeltall 1')).toBe(page('Kort tabell'));
    const crowded = await readBack(
      await writePdf(report([plain(rows('Lang tabell', 24)), ...[1, 2, 3].map((n) => kpiSection(n))])),
    );
    const pages = [1, 2, 3].map((n) => crowded.texts.find((r) => r.str === `Nøkkeltall ${n}` && r.page > 1)!.page);
    expect(new Set(pages).size).toBe(1);
  });
});
