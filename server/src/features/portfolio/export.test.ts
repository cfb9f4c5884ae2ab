import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Portfolio, PortfolioRow } from '@saldo/contract';
import { PORTFOLIO_TABLE_FIGURES } from '@saldo/contract/kpis/portfolio-table';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import { auditEvent, user } from '../../db/schema/index.ts';
import {
  boardOfLedger,
  boardThroughApi,
  getOk,
  ledgerOf,
  type SignedIn,
  signedInApp,
} from '../../test/ledger-boards.ts';

// GET /api/portfolio/export: the xlsx read back with exceljs, each cell against the portfolio's JSON
// worked out here by hand (filter, sort, rounding and headings written anew, none taken from the
// export's code), the headings against the portal's own words, and a Viewer's file holding their board only.

const FILE = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');
const YEAR = 'startDate=2017-01-01&endDate=2017-12-31';
/** The table's figure columns, in their order: the file's must be the same. */
const FIGURES = PORTFOLIO_TABLE_FIGURES;

/** The portal's words (portal/src/locales), which the file's headings must be. */
const words = (lang: 'nor' | 'en') =>
  JSON.parse(readFileSync(resolve(repoRoot, `portal/src/locales/${lang}.json`), 'utf8')).portfolio as {
    company: string;
    orgNumber: string;
    lastBooked: string;
    synced: string;
    health: string;
    responsible: string;
    alerts: string;
    figures: Record<string, string>;
  };

let app: SignedIn;
let [saft, half, loss] = ['', '', ''];

/** A June 2017 of øre amounts: revenue and costs, the difference in the bank. */
const june = (revenueOre: number, costsOre: number) =>
  ledgerOf(
    (
      [
        [3000, -revenueOre],
        [6300, costsOre],
        [1920, revenueOre - costsOre],
      ] as const
    ).map(([accountNumber, amount]) => ({ kind: 'posting', date: '2017-06-15', voucher: 'V1', accountNumber, amount })),
  );

beforeAll(async () => {
  app = await signedInApp();
  ({ boardId: saft } = await boardOfLedger(app.t, saftConnector({ path: FILE }), {
    source: 'Eksempel 888888888',
    board: 'Eksempel AS',
  }));
  // Half kroner, which the one rule rounds away from zero: 1 234,50 → 1 235 and −0,50 → −1.
  half = await boardThroughApi(app, 'Halvøre AS', june(123_450, 23_400));
  loss = await boardThroughApi(app, 'Tapet AS', june(1_000_00, 1_000_50));
  for (const [id, tags] of [
    [saft, ['bygg', 'a-kunde']],
    [half, ['bygg']],
    [loss, ['handel']],
  ] as const) {
    const res = await app.t.request(`/api/group-account/${id}/assignment`, {
      method: 'PUT',
      token: app.token,
      body: JSON.stringify({ tags }),
    });
    expect(res.status).toBe(200);
  }
});

async function workbookOf(query: string, token = app.token) {
  const res = await app.t.request(`/api/portfolio/export?${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  return { res, sheet };
}

/** Half away from zero, by hand: whole kroner of øre, or a ratio to `decimals`. */
const kroner = (ore: number | null) => (ore === null ? null : Math.sign(ore) * Math.floor((Math.abs(ore) + 50) / 100));
const rounded = (value: number | null, decimals: number) =>
  value === null
    ? null
    : (Math.sign(value) * Math.floor(Math.abs(value) * 10 ** decimals + 0.5 + 1e-9)) / 10 ** decimals;
const cellOf = (id: (typeof FIGURES)[number], value: number | null) =>
  id === 'liquidityRatio1'
    ? rounded(value, 2)
    : id === 'grossMargin' || id === 'equityRatio'
      ? rounded(value, 1)
      : kroner(value);

/** What one row of the file must hold, from the JSON row. */
function expectedCells(row: PortfolioRow) {
  return [
    row.name,
    row.orgNumbers.join(', ') || null,
    row.tags.join(', ') || null,
    ...FIGURES.flatMap((id) => {
      const f = row.figures[id];
      return [cellOf(id, f.value), cellOf(id, f.comparison), rounded(f.change, id === 'liquidityRatio1' ? 2 : 1)];
    }),
    row.lastBookedMonth,
  ];
}

const valuesOf = (sheet: ExcelJS.Worksheet, r: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const v = sheet.getRow(r).getCell(i + 1).value;
    return v === '' || v === undefined ? null : v;
  });

describe('GET /api/portfolio/export', () => {
  it('holds the rows the tag keeps, sorted by result, each cell as the JSON says, amounts in kroner', async () => {
    const p = await getOk<Portfolio>(app, '/api/portfolio', YEAR, 'compare=lastYear');
    const tagged = p.rows.filter((r) => r.tags.includes('bygg'));
    // By result, highest first; a row without one last.
    const expected = [...tagged].sort(
      (a, b) => (b.figures.result.value ?? -Infinity) - (a.figures.result.value ?? -Infinity),
    );
    expect(expected.map((r) => r.groupId).sort()).toEqual([saft, half].sort());
    const { sheet, res } = await workbookOf(`${YEAR}&compare=lastYear&tag=bygg&sort=result&descending=true&lang=nor`);
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const count = 3 + FIGURES.length * 3 + 1;
    expected.forEach((row, i) => {
      expect(valuesOf(sheet, i + 2, count), row.name).toEqual(expectedCells(row));
    });
    // Nothing more than those rows: a blank line, then the note.
    expect(sheet.getRow(expected.length + 2).getCell(1).value ?? null).toBeNull();
    const note = String(sheet.getRow(expected.length + 3).getCell(1).value);
    expect(note).toContain('2017');
    expect(note).toContain('i fjor');
    expect(note).toContain('«bygg»');
    expect(note).toContain('Årsresultat, synkende');
    // Amounts are numbers shown with a thousands space; the half krone is rounded away from zero.
    const halfRow = expected.findIndex((r) => r.groupId === half) + 2;
    expect(sheet.getRow(halfRow).getCell(4).value).toBe(1235);
    expect(sheet.getRow(halfRow).getCell(4).numFmt).toBe('# ##0');
    expect(sheet.getRow(halfRow).getCell(4 + 3 * 6).numFmt).toBe('0.00');
    const lossFile = await workbookOf(`${YEAR}&tag=handel`);
    expect(lossFile.sheet.getRow(2).getCell(4 + 3 * 3).value).toBe(-1);
  });

  it('names the columns as the table on screen does, in the language asked for, and the period and comparison', async () => {
    for (const lang of ['nor', 'en'] as const) {
      const w = words(lang);
      const { sheet } = await workbookOf(`${YEAR}&compare=previous&lang=${lang}`);
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers[0]).toBe(w.company);
      expect(headers[1]).toBe(w.orgNumber);
      const compared = lang === 'en' ? 'previous period' : 'forrige periode';
      FIGURES.forEach((id, i) => {
        expect(headers[3 + i * 3]).toBe(`${w.figures[id]} 2017`);
        expect(headers[4 + i * 3]).toBe(`${w.figures[id]} ${compared}`);
        expect(String(headers[5 + i * 3])).toContain(w.figures[id]!);
      });
      expect(headers.slice(3 + FIGURES.length * 3)).toEqual([
        w.lastBooked,
        w.synced,
        w.health,
        w.responsible,
        w.alerts,
      ]);
      expect(sheet.getRow(1).font?.bold).toBe(true);
    }
  });

  it('searches, filters by health and sorts by name as the screen does, the sort either way', async () => {
    const p = await getOk<Portfolio>(app, '/api/portfolio', YEAR);
    const byName = [...p.rows].sort((a, b) => a.name.localeCompare(b.name, 'nb')).map((r) => r.name);
    const names = async (query: string) => {
      const { sheet } = await workbookOf(`${YEAR}&${query}`);
      const out: unknown[] = [];
      for (let r = 2; sheet.getRow(r).getCell(1).value; r++) out.push(sheet.getRow(r).getCell(1).value);
      return out;
    };
    expect(await names('sort=name')).toEqual(byName);
    expect(await names('sort=name&descending=true')).toEqual([...byName].reverse());
    expect(await names('search=halv%C3%B8re')).toEqual(['Halvøre AS']);
    expect(await names('search=888%20888%20888')).toEqual(['Eksempel AS']);
    expect(await names('tag=ingen-slik')).toEqual([]);
    const healthy = (r: PortfolioRow) => r.severity !== 'error' && r.severity !== 'warning';
    expect(await names('health=ok&sort=name')).toEqual(
      byName.filter((n) => healthy(p.rows.find((r) => r.name === n)!)),
    );
    expect(await names('needsAttention=true&sort=name')).toEqual(
      byName.filter((n) => p.rows.find((r) => r.name === n)!.needsAttention),
    );
  });

  it('gives a Viewer of one board that board only, in their own language, and records the export per board', async () => {
    const viewer = await app.t.signUp('export-viewer@example.no', { member: 'Viewer' });
    await app.t.deps.db.update(user).set({ language: 'en' }).where(eq(user.id, viewer.id));
    const { sheet } = await workbookOf(YEAR, viewer.token);
    expect(sheet.getRow(1).getCell(1).value).toBe(words('en').company);
    const own = await getOk<Portfolio>({ t: app.t, token: viewer.token }, '/api/portfolio', YEAR);
    expect(own.rows.map((r) => r.groupId)).toEqual([app.t.boardId]);
    expect(sheet.getRow(2).getCell(1).value).toBe(own.rows[0]!.name);
    expect(sheet.getRow(3).getCell(1).value ?? null).toBeNull();
    const records = await app.t.deps.db.select().from(auditEvent).where(eq(auditEvent.actorId, viewer.id));
    expect(records.map((r) => [r.action, r.groupId])).toEqual([['export.downloaded', app.t.boardId]]);
    const other = await app.t.signUp('export-other-firm@example.no');
    const theirs = await workbookOf(YEAR, other.token);
    for (let r = 2; r < 10; r++) expect([saft, half, loss]).not.toContain(theirs.sheet.getRow(r).getCell(1).value);
  });

  it('writes the KPI columns asked for after the figures, each with its comparison and change, titled in the language', async () => {
    // One KPI of each kind of number: a percent, an amount, days, a ratio.
    const kpis = [
      ['operating-margin', 'Driftsmargin', 'Operating margin', 'percent'],
      ['ebitda', 'EBITDA', 'EBITDA', 'amount'],
      ['dso', 'Kundefordringenes omløpstid', 'Days sales outstanding (DSO)', 'days'],
      ['current-ratio', 'Likviditetsgrad 1', 'Current ratio', 'ratio'],
    ] as const;
    const query = `startDate=2017-04-01&endDate=2017-06-30&compare=previous&kpis=${kpis.map(([id]) => id).join(',')}`;
    const p = await getOk<Portfolio>(app, '/api/portfolio', query);
    const byName = [...p.rows].sort((a, b) => a.name.localeCompare(b.name, 'nb'));
    /** Integer `v` over `step`, half away from zero, in whole steps, by hand. */
    const steps = (v: number, step: number) => Math.sign(v) * Math.floor((Math.abs(v) + step / 2) / step) || 0;
    /**
     * A KPI's integer as the file holds it, by hand: kroner of øre (an amount's change is a percent with
     * one decimal already); a percent of ten-thousandths (4123 = 41,23 %) to one decimal; else to two.
     */
    const kpiCell = (unit: string, v: number | null | undefined, change = false) => {
      if (v === null || v === undefined) return null;
      if (unit === 'amount') return change ? v : kroner(v);
      return unit === 'percent' ? steps(v, 10) / 10 : steps(v, 100) / 100;
    };
    const first = 3 + FIGURES.length * 3;
    let compared = 0;
    for (const lang of ['nor', 'en'] as const) {
      const { sheet } = await workbookOf(`${query}&sort=name&lang=${lang}`);
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const changeWord = { percent: 'endring (pp)', amount: 'endring %', days: 'endring', ratio: 'endring' };
      // The period as the figures' headings name it ('Driftsinntekter apr. 2017 – jun. 2017').
      const period = String(headers[3]).slice(words(lang).figures.revenue!.length + 1);
      expect(period).toMatch(/2017/);
      kpis.forEach(([, no, en, unit], k) => {
        const title = lang === 'en' ? en : no;
        expect(headers[first + k * 3]).toBe(`${title} ${period}`);
        expect(headers[first + k * 3 + 1]).toBe(`${title} ${lang === 'en' ? 'previous period' : 'forrige periode'}`);
        const word = lang === 'en' ? changeWord[unit].replace('endring', 'change') : changeWord[unit];
        expect(headers[first + k * 3 + 2]).toBe(`${title} ${word}`);
      });
      // Then the columns after the figures, as before.
      expect(headers[first + kpis.length * 3]).toBe(words(lang).lastBooked);
      byName.forEach((row, r) => {
        const cells = valuesOf(sheet, r + 2, first + kpis.length * 3 + 1);
        expect(cells.slice(0, first), row.name).toEqual(expectedCells(row).slice(0, first));
        kpis.forEach(([id, , , unit], k) => {
          const kpi = row.kpis[id]!;
          expect(cells.slice(first + k * 3, first + k * 3 + 3), `${row.name} ${id}`).toEqual([
            kpiCell(unit, kpi.value),
            kpiCell(unit, kpi.comparison),
            kpiCell(unit, kpi.change, true),
          ]);
          if (kpi.change !== null) compared++;
        });
        expect(cells[first + kpis.length * 3]).toBe(row.lastBookedMonth);
      });
    }
    // Some change was there to write (the test would not see a column of blanks go wrong otherwise).
    expect(compared).toBeGreaterThan(0);
  });

  it('refuses what is no period, sort or format, and nobody signed in', async () => {
    expect((await app.t.request(`/api/portfolio/export?${YEAR}&sort=nothing`, { token: app.token })).status).toBe(400);
    expect((await app.t.request(`/api/portfolio/export?${YEAR}&format=pdf`, { token: app.token })).status).toBe(400);
    expect(
      (await app.t.request('/api/portfolio/export?startDate=2017-13-01&endDate=2017-12-31', { token: app.token }))
        .status,
    ).toBe(400);
    expect((await app.t.request(`/api/portfolio/export?${YEAR}`)).status).toBe(401);
  });
});
