import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { TurnoverData } from '@saldo/contract';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chartOf } from './pdf/chart-data.ts';
import { writePdf } from './pdf/document.ts';
import { readBack } from './pdf/read-back.ts';
import { COLORS, PAGE_HEIGHT, PAGE_WIDTH } from './pdf/style.ts';
import { PNG_SCALE, pngPages } from './png.ts';
import { toTable } from './tables.ts';

// The PNG export is the PDF's pages as images: as many as the PDF has, each a page's size, with the
// charts drawn (the bars of the turnover chart are there, in their colour, where the PDF has them).

const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
const turnover: TurnoverData = {
  months: MONTHS.map((month, i) => ({ month, amount: 1_000_000_00 + i * 150_000_00 })),
  total: 0,
  previousTotal: 0,
  changePercent: null,
  lastBookedMonth: '2025-12',
};
turnover.total = turnover.months.reduce((s, m) => s + m.amount, 0);

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('the PNG export', () => {
  it("is the PDF's pages, one PNG each, a page's size, with the charts drawn", async () => {
    const table = toTable('turnover', turnover, 'nor');
    const pdf = await writePdf({
      board: 'Nordlys Energiteknikk AS',
      sources: [],
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      exportedAt: '2026-05-12',
      lang: 'nor',
      sections: [{ table, chart: chartOf('turnover', table, 'nor'), note: null }],
    });
    const read = await readBack(pdf);
    const files = unzipSync(await pngPages(pdf, 'nordlys'));
    expect(Object.keys(files)).toEqual(
      Array.from({ length: read.pages }, (_, i) => `nordlys-${String(i + 1).padStart(2, '0')}.png`),
    );
    const width = Math.ceil(PAGE_WIDTH * PNG_SCALE);
    const height = Math.ceil(PAGE_HEIGHT * PNG_SCALE);
    expect([width, height]).toEqual([1684, 1191]);
    const pages = await Promise.all(Object.values(files).map((bytes) => loadImage(Buffer.from(bytes))));
    for (const image of pages) expect([image.width, image.height]).toEqual([width, height]);
    // Each bar of the chart, as the PDF has it, is drawn in its colour in the image of its page.
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.drawImage(pages[1]!, 0, 0);
    const bars = read.paths.filter(
      (p) => p.page === 2 && p.paint === 'fill' && p.color === COLORS.revenue && p.x1 - p.x0 > 5,
    );
    expect(bars).toHaveLength(12);
    for (const bar of bars) {
      const x = Math.round(((bar.x0 + bar.x1) / 2) * PNG_SCALE);
      const y = Math.round(((bar.y0 + bar.y1) / 2) * PNG_SCALE);
      const [r, g, b] = context.getImageData(x, y, 1, 1).data;
      expect(hex(r!, g!, b!)).toBe(COLORS.revenue);
    }
    // Its text is drawn too: the page is not blank outside the chart (the table's figures, the header).
    const text = context.getImageData(0, 0, width, Math.round(60 * PNG_SCALE)).data;
    let dark = 0;
    for (let i = 0; i < text.length; i += 4) if (text[i]! < 128) dark++;
    expect(dark).toBeGreaterThan(100);
  });
});
