import type { BudgetYear } from '@saldo/contract';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_FILE_BOUNDS } from '../features/budgets/file-bounds.ts';
import { refusedImport } from '../test/budget-import.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { handMade } from '../test/hand-made-xlsx.ts';
import { gc, heapPeakDuring } from '../test/heap.ts';

/**
 * Issue 25, finding 1: a 9 KB workbook of 1 500 rows with one cell each in the last column (XFD)
 * filled a 4 GB heap through the budget import. Spreadsheets and CSV are now read within bounds: the
 * template's rows and columns (the first cell past them refuses the file, with its row and column),
 * the unpacked size of a workbook's parts (from the zip's directory, before inflating), and a time.
 */

let t: TestApp;
let owner: string;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
});

const importPath = () => `/api/budgets/${t.boardId}/import`;
const upload = (body: Uint8Array | string, type = XLSX) =>
  t.request(importPath(), { method: 'POST', token: owner, headers: { 'content-type': type }, body });

async function readYear(year: number): Promise<BudgetYear> {
  const res = await t.request(`/api/budgets/${t.boardId}?year=${year}`, { token: owner });
  return res.json();
}

const HEADER = `Konto;Navn;${Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`).join(';')}`;

describe('budget files are read within bounds (issue 25, finding 1)', () => {
  it('refuses the 1 500 × XFD workbook at its first cell, with the row and column, in a few MB of heap', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"><v>1</v></c></row>`);
    const file = handMade(rows.join(''));
    expect(file.length).toBeLessThan(12 * 1024); // the probe's file was 9 KB
    const before = await readYear(2026);

    // The peak, not what is left after.
    const { result: res, start, peak } = await heapPeakDuring(() => upload(file));
    gc();
    const kept = process.memoryUsage().heapUsed;

    const issues = await refusedImport(res);
    expect(issues).toEqual([
      {
        code: 'BUDGET_TOO_MANY_COLUMNS',
        row: 1,
        column: 16384,
        params: { last: 'P' },
        nor: 'Rad 1, kolonne XFD: filen har en celle etter kolonne P. Malen har Konto, Navn og tolv måneder (pluss for eksempel Sum og Kommentar); ingenting er importert.',
        en: 'Row 1, column XFD: the file has a cell beyond column P. The template has Account, Name and twelve months (plus, say, Total and Comment); nothing was imported.',
      },
    ]);
    expect((peak - start) / 1024 / 1024).toBeLessThan(50);
    expect((kept - start) / 1024 / 1024).toBeLessThan(50);
    expect(await readYear(2026)).toEqual(before);
  });

  it('refuses the first row past the bound, in a workbook and in CSV', async () => {
    const rows = [`<row r="1"><c r="A1" t="inlineStr"><is><t>Konto</t></is></c></row>`];
    for (let r = 2; r <= 600; r++) rows.push(`<row r="${r}"><c r="A${r}"><v>${3000 + r}</v></c></row>`);
    const [xlsx] = await refusedImport(await upload(handMade(rows.join(''))));
    expect(xlsx).toMatchObject({ code: 'BUDGET_TOO_MANY_ROWS', row: 501, column: 1 });
    expect(xlsx!.nor).toBe(
      'Rad 501, kolonne A: filen har mer enn 500 rader. Et budsjett er én rad per konto eller linje; ingenting er importert.',
    );
    expect(xlsx!.en).toBe(
      'Row 501, column A: the file has more than 500 rows. A budget is one row per account or line; nothing was imported.',
    );

    const lines = [HEADER];
    for (let r = 2; r <= 600; r++) lines.push(`${3000 + r};;1;1;1;1;1;1;1;1;1;1;1;1`);
    const [csv] = await refusedImport(await upload(lines.join('\r\n'), 'text/csv'));
    expect(csv).toMatchObject({ code: 'BUDGET_TOO_MANY_ROWS', row: 501, column: 1 });
  });

  it('refuses a CSV cell past the template’s columns, and keeps empty ones', async () => {
    const wide = `${HEADER};Sum;Kommentar;Q`;
    const [issue] = await refusedImport(await upload(`${wide}\r\n3000;;1;1;1;1;1;1;1;1;1;1;1;1\r\n`, 'text/csv'));
    expect(issue).toMatchObject({ code: 'BUDGET_TOO_MANY_COLUMNS', row: 1, column: 17 });
    expect(issue!.en).toContain('Row 1, column Q:');

    const emptyColumns = `${HEADER};Sum;;;;;;;;\r\n3000;;1;1;1;1;1;1;1;1;1;1;1;1;12;;;;;\r\n`;
    const res = await upload(emptyColumns, 'text/csv');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ year: 2026, rows: 1 });
  });

  it('refuses a zip bomb from the sizes in the zip’s directory, before inflating', async () => {
    const spaces = ' '.repeat(40 * 1024 * 1024);
    const bomb = handMade('');
    const parts = zipSync({
      ...unzipAll(bomb),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet>${spaces}</worksheet>`),
    });
    expect(parts.length).toBeLessThan(200 * 1024);
    const before = await readYear(2026);
    gc();
    const start = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const [issue] = await refusedImport(await upload(parts));
    const after = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    expect(issue).toEqual({
      code: 'BUDGET_FILE_TOO_LARGE',
      params: { max: `${BUDGET_FILE_BOUNDS.unpackedBytes / 1024 / 1024} MB` },
      nor: 'Filen er for stor når den pakkes ut (over 5 MB). Bruk malen; et budsjett er noen hundre rader. Ingenting er importert.',
      en: 'The file is too large once unpacked (over 5 MB). Use the template; a budget is a few hundred rows. Nothing was imported.',
    });
    expect((after - start) / 1024 / 1024).toBeLessThan(20);
    expect(await readYear(2026)).toEqual(before);
  });

  it('reads a part that understates its size only as far as it says, so it is unreadable', async () => {
    const sheet = `<worksheet><sheetData>${'<row><c><v>1</v></c></row>'.repeat(200_000)}</sheetData></worksheet>`;
    const zip = zipSync({ ...unzipAll(handMade('')), 'xl/worksheets/sheet1.xml': strToU8(sheet) });
    understate(zip, 'xl/worksheets/sheet1.xml', 1000);
    const issues = await refusedImport(await upload(zip));
    expect(issues.map((i) => i.code)).toEqual(['BUDGET_FILE_UNREADABLE']);
  });
});

const unzipAll = (zip: Uint8Array): Record<string, Uint8Array> => unzipSync(zip);

/** Rewrites the uncompressed size that the zip's central directory gives for `name`. */
function understate(zip: Uint8Array, name: string, size: number): void {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const encoded = strToU8(name);
  for (let i = 0; i < zip.length - 46; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    const entryName = zip.subarray(i + 46, i + 46 + nameLength);
    if (nameLength === encoded.length && entryName.every((b, j) => b === encoded[j])) {
      view.setUint32(i + 24, size, true);
      return;
    }
  }
  throw new Error(`no entry ${name}`);
}
