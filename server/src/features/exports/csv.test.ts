import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../contract.ts';
import { csvField, writeCsv } from './csv.ts';

const doc: ExportDocument = {
  board: 'Bjørk AS',
  fileName: 'bjork-as-2026-01-01-2026-12-31',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  lang: 'nor',
  tables: [
    {
      title: 'Topp 10 kunder',
      columns: ['Nr.', 'Kunde', 'Beløp'],
      kinds: ['number', 'text', 'amount'],
      rows: [
        // Amounts arrive in whole kroner, as shown (tables.ts rounds and foots them).
        [1, 'Fjord; Bygg "AS"', 1234568],
        [2, '=SUM(A1)', -2],
      ],
    },
    {
      title: 'Mix',
      columns: ['Dato', 'Andel (%)', 'Antall'],
      kinds: ['date', 'percent', 'number'],
      rows: [['2025-03-05', 41.234, 12.5]],
      note: 'Merknad',
    },
  ],
};

describe('writeCsv', () => {
  it('writes UTF-8 with a BOM, ; between fields, CRLF, a block per table', () => {
    const buffer = writeCsv(doc);
    expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(buffer.toString('utf8').slice(1)).toBe(
      [
        'Topp 10 kunder',
        'Nr.;Kunde;Beløp',
        '1;"Fjord; Bygg ""AS""";1234568',
        "2;'=SUM(A1);-2",
        '',
        'Mix',
        'Dato;Andel (%);Antall',
        '2025/03/05;41,2;12,5',
        'Merknad',
        '',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes only fields that need it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a"b')).toBe('"a""b"');
  });
});
