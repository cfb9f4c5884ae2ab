import { beforeAll, describe, expect, it } from 'vitest';
import { internalReader } from '../../http/internal-api.ts';
import { kroner, minus, postingSum, type Ranges } from '../../test/by-hand.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { FIRM_PROFILE, putFirm } from '../../test/firm.ts';
import { type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { brandingOf } from '../exports/branding-of.ts';
import { type PdfRead, pageText, readBack } from '../exports/pdf/read-back.ts';
import { COLORS } from '../exports/pdf/style.ts';
import { firmBranding } from '../firm/branding.ts';
import { type RenderedPack, renderPack } from './render.ts';

// Issue 30: a pack rendered to PDF on the demo company, read back with pdf.js, each shown figure checked
// against sums of the demo ledger's postings made here by hand (test/demo-ledger.ts, account ranges
// written out below), rounded half away from zero, with nothing of the engine or the formatter.

const sum = postingSum(demoLedger().postings);
const grouped = (n: number) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;
/** Spaces of any kind as one plain space, as pdf.js gives back what was drawn with no-break spaces. */
const plain = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

const REVENUE: Ranges = [[3000, 3999]];
const OPERATING: Ranges = [[3000, 7999]];
const CASH: Ranges = [[1900, 1999]];
const PERIOD = { startDate: '2026-01-01', endDate: '2026-06-30' };
const COMMENTARY = 'Driftsinntekter {{line:revenue}} kr mot {{line:revenue:compare}} kr i fjor.';
const OBSERVATION = 'Salgsinntekten økte mot samme periode i fjor.';

const SECTIONS = [
  { kind: 'cover' },
  { kind: 'contents' },
  { kind: 'profitLoss', compare: 'lastYear' },
  { kind: 'balanceSheet', compare: 'none' },
  { kind: 'cashFlow', compare: 'lastYear' },
  { kind: 'kpis', kpiIds: ['operating-margin', 'ebitda', 'current-ratio', 'dso'], compare: 'lastYear' },
  { kind: 'widget', widgetId: 'top-customers' },
  { kind: 'commentary', text: COMMENTARY, compare: 'lastYear' },
  { kind: 'notes', text: 'Tallene er foreløpige.' },
] as const;

let app: SignedIn;
let rendered: RenderedPack;
let read: PdfRead;

beforeAll(async () => {
  app = await signedInApp();
  expect((await putFirm(app.t, app.token)).status).toBe(200);
  const fetchRead = internalReader(async (r: Request) => app.t.app.fetch(r));
  rendered = await renderPack({
    db: app.t.deps.db,
    boardId: app.t.boardId,
    sources: [app.t.apiAccountId],
    pack: { id: 'pack', name: 'Halvårsrapport', sections: [...SECTIONS] as never },
    ...PERIOD,
    lang: 'nor',
    read: (path) => fetchRead(path, app.token),
    branding: brandingOf(await firmBranding(app.t.deps.db, app.t.boardId)),
    observations: [OBSERVATION],
    renderedAt: '2026-07-05',
  });
  read = await readBack(new Uint8Array(rendered.pdf));
}, 120_000);

const allText = () => plain(Array.from({ length: read.pages }, (_, i) => pageText(read, i + 1)).join('\n'));
/** The shown figures of a table's row, by column, in order. */
const rowFigures = (title: string, row: string) =>
  rendered.figures.filter((f) => f.id.split('/')[1] === title && f.id.split('/')[2] === row);
const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
/** The page a bold title run stands on. */
const pageOf = (title: string) => read.texts.find((r) => r.str === title && /Bold/.test(r.font))!.page;

describe('a pack rendered to PDF', () => {
  it("shows the firm, and the company's organisation number once, on the cover with the contents", () => {
    const cover = plain(pageText(read, 1));
    expect(cover).toContain(`Utarbeidet av ${FIRM_PROFILE.name}`);
    expect(cover).toContain('Halvårsrapport');
    expect(cover).not.toContain('Finansiell rapport');
    expect(cover.replace(/ /g, '').split('912345678')).toHaveLength(2);
    for (const title of ['Resultatregnskap', 'Balanse', 'Kontantstrøm', 'Driftsmargin', 'EBITDA', 'Topp 10 kunder'])
      expect(cover).toContain(title);
    expect(cover).toMatch(/Kommentar \d+ Noter \d+ .*Observasjoner \d+/);
  });

  it("shows the P&L's operating income for each month, the period and last year as summed by hand", () => {
    const shown = rowFigures('Resultatregnskap', 'Sum driftsinntekter').map((f) => f.value);
    const expected = [
      ...months.map((m) => kroner(minus(sum(REVENUE, m, m)))),
      kroner(minus(sum(REVENUE, '2026-01', '2026-06'))),
      kroner(minus(sum(REVENUE, '2025-01', '2025-06'))),
    ];
    expect(shown.slice(0, 8)).toEqual(expected);
    expect(expected[6]).toBeGreaterThan(0);
    // And each stands in the PDF, as written there.
    const text = plain(pageText(read, pageOf('Resultatregnskap')));
    for (const n of expected) expect(text).toContain(grouped(n));
  });

  it('shows the bank balance at each month end, and EBITDA and the operating margin, as summed by hand', () => {
    const bank = rowFigures('Balanse', 'Bankinnskudd, kontanter o.l.').map((f) => f.value);
    expect(bank).toEqual(months.map((m) => kroner(sum(CASH, '', m))));
    const operating = minus(sum(OPERATING, '2026-01', '2026-06'));
    const depreciation = sum([[6000, 6099]], '2026-01', '2026-06');
    expect(rowFigures('EBITDA', 'Perioden')[0]!.value).toBe(kroner(operating + depreciation));
    const revenue = minus(sum(REVENUE, '2026-01', '2026-06'));
    const margin = (operating * 1000) / revenue;
    expect(rowFigures('Driftsmargin', 'Perioden')[0]!.value).toBe(Math.floor(margin + 0.5) / 10);
    const text = allText();
    expect(text).toContain(grouped(kroner(operating + depreciation)));
    expect(text).toContain(`${String(Math.floor(margin + 0.5) / 10).replace('.', ',')} %`);
  });

  it('fills the commentary with the figures summed by hand, and prints the notes and the kept observations', () => {
    const revenue = kroner(minus(sum(REVENUE, '2026-01', '2026-06')));
    const lastYear = kroner(minus(sum(REVENUE, '2025-01', '2025-06')));
    const text = allText();
    expect(text).toContain(`Driftsinntekter ${grouped(revenue)} kr mot ${grouped(lastYear)} kr i fjor.`);
    expect(rendered.figures.filter((f) => f.id.includes('Kommentar/')).map((f) => f.value)).toEqual(
      [revenue, lastYear].map((n) => grouped(n).replace(/ /g, '\u00a0')),
    );
    expect(text).toContain('Tallene er foreløpige.');
    expect(text).toMatch(new RegExp(`Observasjoner ${OBSERVATION}`));
  });

  it("draws the charts: the P&L's bars and each KPI card's line", () => {
    const charted = (page: number, paint: 'fill' | 'stroke', color: string) =>
      read.paths.filter((p) => p.page === page && p.paint === paint && p.color === color).length;
    expect(charted(pageOf('Resultatregnskap'), 'fill', COLORS.revenue)).toBeGreaterThan(0);
    expect(charted(pageOf('EBITDA'), 'stroke', COLORS.revenue)).toBeGreaterThan(0);
  });

  it('puts the four KPIs on one page, as cards', () => {
    expect(
      new Set(['Driftsmargin', 'EBITDA', 'Likviditetsgrad 1', 'Kundefordringenes omløpstid'].map(pageOf)).size,
    ).toBe(1);
  });

  it('names the ledger version it read', () => {
    expect(rendered.dataVersion).toMatch(new RegExp(`^${app.t.apiAccountId}@\\d+$`));
  });
});
