import { describe, expect, it } from 'vitest';
import type { ExportTable } from '../../contract.ts';
import { buildContext, CONTEXT_LIMIT, cellText, countWords, periodOnly, systemPrompt, tableLines } from './context.ts';

const customers: ExportTable = {
  title: 'Topp 10 kunder',
  columns: ['Nr.', 'Kunde', 'Beløp'],
  kinds: ['number', 'text', 'amount'],
  rows: [
    // Amounts in the tables are the shown whole kroner (exports/tables.ts rounds and foots them).
    [1, 'Fjordkraft; Industri AS', 1_250_000],
    [2, 'Bergen Bolig AS', 830_001],
  ],
};

const profitLoss: ExportTable = {
  title: 'Resultatregnskap',
  columns: ['Linje', 'jan. 2025', 'feb. 2025', 'Totalt'],
  kinds: ['text', 'amount', 'amount', 'amount'],
  rows: [
    ['Salgsinntekt', 1_000, 2_000, 3_000],
    ['  3000 Salgsinntekt, avgiftspliktig', 1_000, 2_000, 3_000],
    ['Driftsresultat', -50, null, -50],
  ],
};

const input = (tables: ExportTable[]) =>
  ({ board: 'Nordlys AS', startDate: '2025-01-01', endDate: '2025-12-31', lang: 'nor', tables }) as const;

describe('countWords', () => {
  it('splits on any whitespace', () => {
    expect(countWords('  What was   the\tresult\nin 2025? ')).toBe(6);
    expect(countWords('')).toBe(0);
  });
});

describe('cellText', () => {
  it('writes amounts as the tables give them (whole kroner) and keeps separators out of text', () => {
    expect(cellText(1_250_000, 'amount')).toBe('1250000');
    expect(cellText(-830_001, 'amount')).toBe('-830001');
    expect(cellText(41.2, 'percent')).toBe('41.2%');
    expect(cellText(7, 'number')).toBe('7');
    expect(cellText(null, 'amount')).toBe('');
    expect(cellText('a;b\nc', 'text')).toBe('a b c');
  });
});

describe('tableLines and periodOnly', () => {
  it('a table is a title line, the columns, then a;b;c rows', () => {
    expect(tableLines(customers, 'nor')).toEqual({
      head: ['## Topp 10 kunder', 'Nr.;Kunde;Beløp'],
      rows: ['1;Fjordkraft Industri AS;1250000', '2;Bergen Bolig AS;830001'],
      tail: [],
    });
    expect(tableLines({ ...customers, rows: [], note: 'Anslått' }, 'en').tail).toEqual(['Note: Anslått']);
  });

  it('cuts a statement to its line and last column', () => {
    expect(periodOnly(profitLoss)).toEqual({
      title: 'Resultatregnskap',
      columns: ['Linje', 'Totalt'],
      kinds: ['text', 'amount'],
      rows: [
        ['Salgsinntekt', 3_000],
        ['  3000 Salgsinntekt, avgiftspliktig', 3_000],
        ['Driftsresultat', -50],
      ],
    });
    expect(periodOnly({ ...customers, columns: ['a', 'b'] }).columns).toEqual(['a', 'b']);
  });
});

describe('buildContext', () => {
  it('says the company, the period and the unit, then one block per table', () => {
    const text = buildContext({ ...input([periodOnly(profitLoss), customers]), unavailable: ['MRR'] });
    expect(text).toBe(
      [
        'Selskap: Nordlys AS',
        'Periode: 2025-01-01 til 2025-12-31',
        'Beløp i hele kroner (NOK).',
        'Kunne ikke leses: MRR',
        '',
        '## Resultatregnskap',
        'Linje;Totalt',
        'Salgsinntekt;3000',
        // An account under its line keeps its indent.
        '  3000 Salgsinntekt, avgiftspliktig;3000',
        'Driftsresultat;-50',
        '',
        '## Topp 10 kunder',
        'Nr.;Kunde;Beløp',
        '1;Fjordkraft Industri AS;1250000',
        '2;Bergen Bolig AS;830001',
      ].join('\n'),
    );
  });

  it('drops trailing rows and tables to stay under the limit, and says so', () => {
    const big: ExportTable = {
      title: 'Store tabell',
      columns: ['Linje', 'Beløp'],
      kinds: ['text', 'amount'],
      rows: Array.from({ length: 2_000 }, (_, i) => [`Linje nummer ${i}`, i]),
    };
    const text = buildContext(input([customers, big, { ...customers, title: 'Topp 10 leverandører' }]));
    expect(text.length).toBeLessThanOrEqual(CONTEXT_LIMIT);
    expect(text.length).toBeGreaterThan(CONTEXT_LIMIT - 1_000);
    expect(text).toContain('1;Fjordkraft Industri AS;1250000');
    expect(text).toContain('Linje nummer 0;0');
    expect(text).not.toContain('Linje nummer 1999;');
    expect(text).toMatch(/\(\d+ rader til er utelatt for lengden\)/);
    expect(text.split('\n').at(-1)).toBe('Utelatt for lengden: Topp 10 leverandører');
    expect(text).not.toContain('## Topp 10 leverandører');
  });

  it('leaves out a whole table when not even one row fits', () => {
    const text = buildContext(input([customers, customers]), 600);
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text.match(/## Topp 10 kunder/g)).toHaveLength(1);
    expect(text).toContain('Utelatt for lengden: Topp 10 kunder');
  });

  it('writes English when asked', () => {
    const text = buildContext({ ...input([customers]), lang: 'en' }, 500);
    expect(text).toContain('Company: Nordlys AS\nPeriod: 2025-01-01 to 2025-12-31\nAmounts in whole NOK.');
  });
});

describe('systemPrompt', () => {
  it('tells the model who it is, to use only the data, and the language', () => {
    const en = systemPrompt('en', 'CONTEXT');
    expect(en).toContain('assistant of Saldo');
    expect(en).toContain('using only the data');
    expect(en).toContain('does not answer the question, say so');
    expect(en).toContain('NOK as whole units');
    expect(en).toContain('Answer in English.');
    expect(en.endsWith('Data:\nCONTEXT')).toBe(true);
    const nor = systemPrompt('nor', 'KONTEKST');
    expect(nor).toContain('assistenten i Saldo');
    expect(nor).toContain('Svar på norsk.');
    expect(nor.endsWith('Dataene:\nKONTEKST')).toBe(true);
  });
});
