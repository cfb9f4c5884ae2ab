import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../contract.ts';
import { fitTable, pdfString, textWidth, winAnsi, wrapText, writePdf } from './pdf.ts';

const customers = ['Bjørke Marine AS', 'Æra Rør AS', 'Ålesund Elektro (Vest) AS', 'Back\\slash AS'];
const doc = (rows = 4): ExportDocument => ({
  board: 'Nordlys Energiteknikk AS',
  fileName: 'nordlys-energiteknikk-as-2025-01-01-2025-12-31',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  lang: 'nor',
  tables: [
    {
      title: 'Topp 10 kunder',
      columns: ['Nr.', 'Kunde', 'Beløp'],
      kinds: ['number', 'text', 'amount'],
      rows: Array.from({ length: rows }, (_, i) => [i + 1, customers[i % customers.length]!, 1234568 - i]),
      note: 'Periode – hele året',
    },
  ],
});

/** The WinAnsi bytes 0x80–0x9F used here, back to Unicode. */
const SPECIAL: Record<number, string> = { 150: '–', 133: '…' };

/** The texts the content streams show (Tj operands), decoded from PDF string escapes and WinAnsi. */
function shownTexts(pdf: string): string[] {
  const texts: string[] = [];
  for (const match of pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
    const bytes = match[1]!.replace(/\\([0-7]{3}|.)/g, (_, e: string) =>
      e.length === 3 ? String.fromCharCode(Number.parseInt(e, 8)) : e,
    );
    texts.push([...bytes].map((c) => SPECIAL[c.charCodeAt(0)] ?? c).join(''));
  }
  return texts;
}

describe('WinAnsi text', () => {
  it('maps æøåÆØÅ, – and the no-break space to their WinAnsi bytes and escapes ( ) \\', () => {
    expect(winAnsi('æøåÆØÅ–\u00a0€')).toEqual([0xe6, 0xf8, 0xe5, 0xc6, 0xd8, 0xc5, 0x96, 0xa0, 0x80]);
    expect(winAnsi('✓')).toEqual([0x3f]);
    expect(pdfString('a(b)c\\ø')).toBe('(a\\(b\\)c\\\\\\370)');
  });

  it('measures with the Helvetica widths and wraps long texts', () => {
    expect(textWidth('1 000', 10)).toBeCloseTo((4 * 556 + 278) / 100);
    expect(textWidth('W', 10, true)).toBeCloseTo(9.44);
    const lines = wrapText('Dette er en lang tekst som må brytes over flere linjer', 60, 8);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 8)).toBeLessThanOrEqual(60);
    expect(lines.join(' ')).toBe('Dette er en lang tekst som må brytes over flere linjer');
  });

  it('splits a table too wide for the page into blocks of columns, each with the line names', () => {
    const months = Array.from({ length: 40 }, (_, i) => `m${i}`);
    const blocks = fitTable({
      title: 'Resultatregnskap',
      columns: ['Linje', ...months],
      kinds: ['text', ...months.map(() => 'amount' as const)],
      rows: [['Salgsinntekt', ...months.map(() => -1234567890)]],
    });
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.map((b) => b.table.title)).toContain(`Resultatregnskap (1/${blocks.length})`);
    expect(blocks.flatMap((b) => b.table.columns.slice(1))).toEqual(months);
    for (const block of blocks) {
      expect(block.table.rows[0]![0]).toBe('Salgsinntekt');
      expect(block.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(762);
    }
  });
});

describe('writePdf', () => {
  it('writes a PDF 1.4 whose cross-reference offsets point at the objects', () => {
    const pdf = writePdf(doc()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref))!.map(Number) as number[];
    expect(first).toBe(0);
    const entries = pdf
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + count!);
    expect(entries[0]).toBe('0000000000 65535 f ');
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`));
    });
    // Each stream's /Length is its byte count.
    for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index! + m[0].length;
      expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
    }
    expect(pdf).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/MediaBox [0 0 842 595]');
  });

  it('shows the board, the period, the table with formatted, right-aligned amounts, and the note', () => {
    const pdf = writePdf(doc()).toString('latin1');
    const texts = shownTexts(pdf);
    expect(texts).toContain('Nordlys Energiteknikk AS');
    expect(texts).toContain('Periode: 2025/01/01 – 2025/12/31');
    expect(texts).toEqual(expect.arrayContaining(['Topp 10 kunder', 'Nr.', 'Kunde', 'Beløp', ...customers]));
    expect(texts).toContain('1\u00a0234\u00a0568');
    expect(texts).toContain('Periode – hele året');
    expect(texts).toContain('Side 1 av 1');
    // Right-aligned: the amounts' right edges line up.
    const edges = [...pdf.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ Tm \(([\d\\ 0-7]+)\) Tj/g)]
      .map((m) => ({ x: Number(m[1]), text: shownTexts(`(${m[2]}) Tj`)[0]! }))
      .filter((m) => m.text.length > 4)
      .map((m) => m.x + textWidth(m.text, 8));
    expect(edges.length).toBe(4);
    for (const edge of edges) expect(edge).toBeCloseTo(edges[0]!, 1);
  });

  it('breaks pages when a page is full, repeating the header, and numbers the pages', () => {
    const pdf = writePdf(doc(120)).toString('latin1');
    const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf)![1]);
    expect(pages).toBeGreaterThan(1);
    const texts = shownTexts(pdf);
    expect(texts).toContain(`Side ${pages} av ${pages}`);
    expect(texts.filter((x) => x === 'Topp 10 kunder (forts.)')).toHaveLength(pages - 1);
    expect(texts.filter((x) => x === 'Beløp')).toHaveLength(pages);
  });
});

let hasPdftotext = false;
try {
  execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  hasPdftotext = true;
} catch {
  hasPdftotext = false;
}

describe('the PDF opens in a reader', () => {
  it.skipIf(!hasPdftotext)(
    'pdftotext (poppler) reads the board, æ/ø/å names and amounts (skipped when pdftotext is not installed)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'saldo-pdf-'));
      const file = join(dir, 'export.pdf');
      writeFileSync(file, writePdf(doc(60)));
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Nordlys Energiteknikk AS');
      expect(text).toContain('Bjørke Marine AS');
      expect(text).toContain('Ålesund Elektro (Vest) AS');
      expect(text).toContain('Æra Rør AS');
      expect(text).toMatch(/1[\u00a0 ]234[\u00a0 ]568/);
      expect(text).toContain('2025/01/01 – 2025/12/31');
      expect(text).toContain('Side 2 av 2');
    },
  );
});
