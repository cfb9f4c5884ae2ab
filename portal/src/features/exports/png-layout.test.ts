import type { ExportDocument } from '@saldo/contract';
import { cellText } from '@saldo/contract/numbers/format';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutDocument } from './png-layout';

const NBSP = '\u00a0';
// Every character 7 px wide: enough to check sizes and alignment.
const measure = (text: string) => text.length * 7;

const doc: ExportDocument = {
  board: 'Nordlys Energiteknikk AS',
  fileName: 'nordlys-energiteknikk-as-2026-01-01-2026-12-31',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  lang: 'nor',
  tables: [
    {
      title: 'Topp 10 kunder',
      columns: ['Nr.', 'Kunde', 'Beløp'],
      kinds: ['number', 'text', 'amount'],
      rows: [
        // Amounts arrive in whole kroner, as shown (the server rounds and foots them).
        [1, 'Fjord Bygg AS', 7_120_850],
        [2, 'Vestland Rør AS', 2_493_360],
      ],
    },
    {
      title: 'Ansatte',
      columns: ['Måned', 'Antall'],
      kinds: ['date', 'number'],
      rows: [['2026-01', 11]],
      note: 'Anslått',
    },
  ],
};

describe('PNG layout', () => {
  it('formats cells as the widgets do: whole units, space thousands, yyyy/mm/dd', () => {
    expect(cellText(7_120_850, 'amount').replace(/\s/g, ' ')).toBe('7 120 850');
    expect(cellText(-2, 'amount')).toBe('-2');
    expect(cellText('2026-03-31', 'date')).toBe('2026/03/31');
    expect(cellText('2026-03', 'date')).toBe('2026/03');
    expect(cellText(null, 'amount')).toBe('');
    expect(cellText('Fjord', 'text')).toBe('Fjord');
  });

  it('places the board, the period and every cell; numbers right-aligned at their column edge', () => {
    const layout = layoutDocument(doc, measure);
    const texts = layout.texts.map((op) => op.text.replaceAll(NBSP, ' '));
    expect(texts.slice(0, 2)).toEqual(['Nordlys Energiteknikk AS', '2026/01/01 – 2026/12/31']);
    expect(texts).toContain('Fjord Bygg AS');
    expect(texts).toContain('7 120 850');
    expect(texts).toContain('2026/01');
    expect(texts).toContain('Anslått');
    const amounts = layout.texts.filter((op) => /\d \d{3} \d{3}/.test(op.text.replaceAll(NBSP, ' ')));
    expect(amounts).toHaveLength(2);
    // Same right edge, right-aligned; the names left-aligned at one x.
    expect(new Set(amounts.map((op) => op.x)).size).toBe(1);
    expect(amounts.every((op) => op.align === 'right')).toBe(true);
    const names = layout.texts.filter((op) => op.text.endsWith('AS') && op.font === 'cell');
    expect(new Set(names.map((op) => op.x)).size).toBe(1);
    // Rows go down the page, and the picture holds them all.
    const ys = layout.texts.map((op) => op.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(layout.height).toBeGreaterThan(Math.max(...ys));
    expect(layout.width).toBeGreaterThanOrEqual(Math.max(...layout.texts.map((op) => op.x)));
    expect(layout.rules).toHaveLength(2);
  });
});

describe('PNG figures', () => {
  it('draws each amount exactly as the table has it, so the footed tables foot in the picture too', () => {
    // The tables' figures foot (server/src/features/exports/footing.test.ts); the picture must not round again.
    const read = (text: string) => Number(text.replaceAll(NBSP, '').replace(',', '.'));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), { minLength: 1 }), (amounts) => {
        const table = { title: 'T', columns: ['Linje', 'Beløp'], kinds: ['text', 'amount'] as const };
        const layout = layoutDocument(
          { ...doc, tables: [{ ...table, kinds: [...table.kinds], rows: amounts.map((a, i) => [`L${i}`, a]) }] },
          measure,
        );
        const drawn = layout.texts.filter((op) => op.align === 'right').map((op) => read(op.text));
        expect(drawn.slice(-amounts.length)).toEqual(amounts);
      }),
    );
  });
});

describe('PNG layout: nothing cut at the edge', () => {
  it('is as wide as its widest text, a long table title or note included', () => {
    const title = 'Kostnader fordelt på avdelinger, prosjekter og kostnadssteder gjennom hele regnskapsåret';
    const note = 'Anslått fra lønnsutbetalingene i perioden, der a-meldingen ikke er hentet inn for alle månedene ennå';
    const long: ExportDocument = { ...doc, tables: [{ ...doc.tables[1]!, title, note }] };
    const layout = layoutDocument(long, measure);
    for (const op of layout.texts) {
      const w = measure(op.text);
      const [from, to] = op.align === 'left' ? [op.x, op.x + w] : [op.x - w, op.x];
      expect(from, op.text).toBeGreaterThanOrEqual(0);
      expect(to, op.text).toBeLessThanOrEqual(layout.width);
    }
  });
});
