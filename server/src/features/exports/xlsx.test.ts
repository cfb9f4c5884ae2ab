import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../contract.ts';
import { sheetNames, writeXlsx } from './xlsx.ts';

describe('sheetNames', () => {
  it('keeps names within 31 characters, without []:*?/\\ and unique', () => {
    const names = sheetNames(['Lønn / salg', 'Lønn / salg', 'A very long title that goes on and on and on', 'x:y*z?']);
    expect(names).toEqual(['Lønn salg', 'Lønn salg (2)', 'A very long title that goes on', 'x y z']);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });
});

describe('writeXlsx', () => {
  it('writes a sheet per table: bold frozen header, amounts in whole units, dates as dates', async () => {
    const doc: ExportDocument = {
      board: 'Bjørk AS',
      fileName: 'bjork-as',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      lang: 'nor',
      tables: [
        {
          title: 'Største transaksjoner',
          columns: ['Dato', 'Transaksjon', 'Beløp'],
          kinds: ['date', 'text', 'amount'],
          rows: [['2025-03-31', 'Mva-oppgjør', 1234568]],
          note: 'En merknad',
        },
        { title: 'Andel', columns: ['Måned', 'Andel (%)'], kinds: ['text', 'percent'], rows: [['jan 2025', 41.2]] },
      ],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeXlsx(doc)) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Største transaksjoner', 'Andel']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Dato', 'Transaksjon', 'Beløp']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(2);
    expect((row.getCell(1).value as Date).toISOString()).toBe('2025-03-31T00:00:00.000Z');
    expect(row.getCell(1).numFmt).toBe('yyyy/mm/dd');
    expect(row.getCell(3).value).toBe(1234568);
    expect(row.getCell(3).numFmt).toBe('# ##0');
    expect(sheet.getRow(4).getCell(1).value).toBe('En merknad');
    expect(workbook.worksheets[1]!.getRow(2).getCell(2).value).toBe(41.2);
  });
});
