import { describe, expect, it } from 'vitest';
import { fitTable, layoutWidth, type Measure } from './table-layout.ts';

/** A stand-in for the font's metrics: every character half the size wide, bold a tenth wider. */
const measure: Measure = (text, size, bold) => text.length * size * 0.5 * (bold ? 1.1 : 1);

describe('fitTable', () => {
  it('keeps a table that fits in one block at the largest size, with room for a share bar', () => {
    const table = {
      title: 'Topp 10 kunder',
      columns: ['Nr.', 'Kunde', 'Beløp'],
      kinds: ['number' as const, 'text' as const, 'amount' as const],
      rows: [[1, 'Bjørke Marine AS', 1_234_568]],
    };
    const [block, ...more] = fitTable(table, measure, 762, 2);
    expect(more).toEqual([]);
    expect(block!.size).toBe(8);
    expect(block!.bar).toEqual({ before: 2, width: 180 });
    expect(layoutWidth(block!)).toBeLessThanOrEqual(762);
  });

  it('stretches a table of many columns over the width and keeps a month heading on one line', () => {
    const months = ['jan 2026', 'feb 2026', 'mar 2026', 'apr 2026', 'mai 2026'];
    const [block] = fitTable(
      {
        title: 'Resultatregnskap',
        columns: ['Linje', ...months, 'Totalt'],
        kinds: ['text', ...months.map(() => 'amount' as const), 'amount'],
        rows: [['Salgsinntekt', ...months.map(() => -1_234_567), -6_172_835]],
      },
      measure,
      762,
    );
    expect(layoutWidth(block!)).toBeCloseTo(762);
    for (const width of block!.widths.slice(1)) expect(width).toBeGreaterThan(measure('jan 2026', 8, true) + 8);
  });

  it('splits a table too wide for the page into blocks of columns, each with the line names', () => {
    const months = Array.from({ length: 40 }, (_, i) => `m${i}`);
    const blocks = fitTable(
      {
        title: 'Resultatregnskap',
        columns: ['Linje', ...months],
        kinds: ['text', ...months.map(() => 'amount' as const)],
        rows: [['Salgsinntekt', ...months.map(() => -1_234_567_890)]],
        note: 'Merknad',
      },
      measure,
      762,
    );
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.map((b) => b.table.title)).toContain(`Resultatregnskap (1/${blocks.length})`);
    expect(blocks.flatMap((b) => b.table.columns.slice(1))).toEqual(months);
    expect(blocks.map((b) => b.table.note ?? null)).toEqual([...blocks.slice(1).map(() => null), 'Merknad']);
    for (const block of blocks) {
      expect(block.table.rows[0]![0]).toBe('Salgsinntekt');
      expect(layoutWidth(block)).toBeLessThanOrEqual(762 + 1e-6);
    }
  });
});
