import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { handMade } from '../../test/hand-made-xlsx.ts';
import { BudgetFileRefused } from './file-bounds.ts';
import { readXlsx } from './xlsx-reader.ts';

/**
 * The bounded .xlsx reader reads what ExcelJS's model read for the budget import: shared strings,
 * rich text, a formula by its result, dates (Excel's serials with a date format, also from 1904),
 * booleans, inline strings; and refuses past its bounds.
 */

async function workbookBytes(fill: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Budsjett');
  fill(sheet, workbook);
  workbook.addWorksheet('Veiledning').getCell('A1').value = 'not read';
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('reading a workbook', () => {
  it('reads the cells as ExcelJS writes them: strings, numbers, formulas, rich text, dates', async () => {
    const bytes = await workbookBytes((sheet) => {
      sheet.addRow(['Konto', 'Navn', '2026-01', new Date(Date.UTC(2026, 1, 1))]);
      sheet.addRow([3000, 'Salg', 1250.5, { formula: 'C2*2', result: 2501 }]);
      sheet.addRow([
        { richText: [{ text: 'Lønns' }, { font: { bold: true }, text: 'kostnad' }] },
        null,
        { formula: 'A1', result: 'Konto' },
        true,
      ]);
      sheet.getCell('F5').value = -7;
    });
    expect(readXlsx(bytes)).toEqual([
      ['Konto', 'Navn', '2026-01', '2026-02-01'],
      [3000, 'Salg', 1250.5, 2501],
      ['Lønnskostnad', null, 'Konto', 'true'],
      [],
      [null, null, null, null, null, -7],
    ]);
  });

  it('reads the same workbook as the model reader did, the 1904 date system and inline strings included', async () => {
    const bytes = await workbookBytes((sheet, workbook) => {
      workbook.properties.date1904 = true;
      sheet.addRow([
        '2026-03',
        new Date(Date.UTC(2026, 2, 1)),
        { formula: 'B1', result: new Date(Date.UTC(2027, 0, 1)) },
      ]);
    });
    const model = new ExcelJS.Workbook();
    await model.xlsx.load(bytes as unknown as ArrayBuffer);
    const dates = (model.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => {
      if (typeof v === 'string') return v;
      const value = v instanceof Date ? v : (v as { result: Date | number }).result;
      return value instanceof Date ? value.toISOString().slice(0, 10) : value;
    });
    expect(readXlsx(bytes)).toEqual([dates]);
    expect(dates).toEqual(['2026-03', '2026-03-01', '2027-01-01']);

    const inline = handMade(
      '<row r="1"><c r="A1" t="inlineStr"><is><r><t>Kon</t></r><r><t>to</t></r></is></c><c r="B1" t="str"><f>X</f><v>2026-01</v></c></row>',
    );
    expect(readXlsx(inline)).toEqual([['Konto', '2026-01']]);
  });

  it('answers null for a zip that is no workbook', () => {
    expect(readXlsx(zipSync({ 'a.txt': strToU8('hello') }))).toBeNull();
  });

  it('refuses a file that takes longer than its time, whatever it is', async () => {
    const bytes = await workbookBytes((sheet) => {
      for (let i = 0; i < 300; i++) sheet.addRow([3000 + i, 'x', 1]);
    });
    let now = 0;
    const clock = () => {
      now += 1_000;
      return now;
    };
    const { readingClock } = await import('./file-bounds.ts');
    const refused = (() => {
      try {
        readXlsx(bytes, readingClock(clock));
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(BudgetFileRefused);
    expect((refused as BudgetFileRefused).issue).toEqual({ code: 'BUDGET_FILE_TOO_SLOW', params: { seconds: 3 } });
  });
});
