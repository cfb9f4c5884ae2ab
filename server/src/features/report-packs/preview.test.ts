import type { KpiData } from '@saldo/contract';
import type { PackPreview, PreviewSection } from '@saldo/contract/schemas/report-packs';
import { beforeAll, describe, expect, it } from 'vitest';
import { kroner, minus, postingSum, type Ranges } from '../../test/by-hand.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { getOk, type SignedIn, signedInApp } from '../../test/ledger-boards.ts';

/**
 * A pack's preview on the demo company against figures worked out here by hand: the postings summed
 * straight from the generator (test/demo-ledger.ts) over accounts written out below, rounded half away
 * from zero to whole kroner and written as the portal writes them, with nothing of the engine, the
 * monthly balances, the KPI formulas or the contract's formatter.
 */

const sum = postingSum(demoLedger().postings);
const REVENUE: Ranges = [[3000, 3999]];
const OPERATING: Ranges = [[3000, 7999]];
const CASH: Ranges = [[1900, 1999]];

const grouped = (n: number) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`;
/** To one decimal, half away from zero, with a decimal comma. */
const oneDecimal = (x: number, signed: boolean) => {
  const r = ((x < 0 ? -1 : 1) * Math.floor(Math.abs(x) * 10 + 0.5)) / 10 || 0;
  return `${signed && r > 0 ? '+' : ''}${r.toFixed(1).replace('.', ',')}`;
};
/** A change in percent of the shown kroner: none against a base under 1 kr or of the other sign. */
const changeText = (now: number, before: number) => {
  if (Math.abs(before) < 1 || (now !== 0 && now > 0 !== before > 0)) return '–';
  return `${oneDecimal(((now - before) / Math.abs(before)) * 100, true)}\u00a0%`;
};
/** A ratio in basis points (ten-thousandths), half away from zero, as the API's KPIs are integers. */
const basisPoints = (numerator: number, denominator: number) => {
  const x = (numerator * 10_000) / denominator;
  return (x < 0 ? -1 : 1) * Math.floor(Math.abs(x) + 0.5);
};

const PERIOD = { startDate: '2026-01-01', endDate: '2026-06-30' };
const COMMENTARY = [
  'Driftsinntekter {{line:revenue}} kr mot {{line:revenue:compare}} kr, {{line:revenue:change}}.',
  'Driftsresultat {{line:operatingResult}}; bank {{line:cashAndBank}} ({{line:cashAndBank:compare}}, {{line:cashAndBank:change}}).',
  'Driftsmargin {{kpi:operating-margin}} mot {{kpi:operating-margin:compare}} ({{kpi:operating-margin:change}}).',
].join('\n');

let app: SignedIn;
let preview: PackPreview;

/** The preview's section at `i`, which must be of this kind. */
function sectionAt<K extends 'commentary' | 'kpis' | 'contents' | 'notes'>(
  p: PackPreview,
  i: number,
  kind: K,
): Extract<PreviewSection, { kind: K }> {
  const section = p.sections[i]!;
  expect(section.kind).toBe(kind);
  return section as Extract<PreviewSection, { kind: K }>;
}

async function previewOf(sections: unknown[], language: 'nor' | 'en', period = PERIOD): Promise<PackPreview> {
  const { t, token } = app;
  const made = await t.request(`/api/report-packs/${t.boardId}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Halvårsrapport', language, sections }),
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const res = await t.request(`/api/report-packs/${t.boardId}/${(await made.json())._id}/preview`, {
    method: 'POST',
    token,
    body: JSON.stringify(period),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

beforeAll(async () => {
  app = await signedInApp();
  preview = await previewOf(
    [
      { kind: 'cover' },
      { kind: 'contents' },
      { kind: 'profitLoss', compare: 'lastYear' },
      { kind: 'commentary', text: COMMENTARY },
      { kind: 'commentary', text: '{{line:revenue:compare}} {{line:revenue:change}}', compare: 'previous' },
      { kind: 'kpis', kpiIds: ['operating-margin', 'dso', 'ebitda', 'revenue-growth'] },
      { kind: 'notes', text: 'Tallene er foreløpige. {{line:revenue}}' },
    ],
    'nor',
  );
});

describe('a pack previewed on the demo company', () => {
  const revenue = minus(sum(REVENUE, '2026-01', '2026-06'));
  const revenueLastYear = minus(sum(REVENUE, '2025-01', '2025-06'));
  const operating = minus(sum(OPERATING, '2026-01', '2026-06'));
  const operatingLastYear = minus(sum(OPERATING, '2025-01', '2025-06'));
  const cash = sum(CASH, '', '2026-06');
  const cashLastYear = sum(CASH, '', '2025-06');

  it('covers the booked months, compared with the same months last year', () => {
    expect(preview.period).toEqual(PERIOD);
    expect(preview.lastBookedMonth).toBe('2026-10');
    expect(sectionAt(preview, 3, 'commentary').comparison).toEqual({ startDate: '2025-01-01', endDate: '2025-06-30' });
    // The demo company has income and a bank balance in both years: the figures below are no zeros.
    expect(Math.min(revenue, revenueLastYear)).toBeGreaterThan(0);
    expect(cash * cashLastYear * operating).not.toBe(0);
  });

  it('fills each placeholder with the figure summed by hand, in whole kroner, with last year and the change', () => {
    const margin = basisPoints(operating, revenue);
    const marginLastYear = basisPoints(operatingLastYear, revenueLastYear);
    const expected = [
      grouped(kroner(revenue)),
      grouped(kroner(revenueLastYear)),
      changeText(kroner(revenue), kroner(revenueLastYear)),
      grouped(kroner(operating)),
      grouped(kroner(cash)),
      grouped(kroner(cashLastYear)),
      changeText(kroner(cash), kroner(cashLastYear)),
      `${oneDecimal(margin / 100, false)}\u00a0%`,
      `${oneDecimal(marginLastYear / 100, false)}\u00a0%`,
      // A KPI's change as its card shows it: the difference in its own unit (percentage points here).
      `${oneDecimal((margin - marginLastYear) / 100, true)}\u00a0%`,
    ];
    const commentary = sectionAt(preview, 3, 'commentary');
    expect(commentary.figures.map((f) => f.text)).toEqual(expected);
    let i = 0;
    expect(commentary.text).toBe(COMMENTARY.replace(/\{\{[^}]+\}\}/g, () => expected[i++]!));
    // Each figure names its place and carries the numbers it was made of.
    expect(commentary.figures[0]).toMatchObject({
      source: 'line',
      id: 'revenue',
      part: 'value',
      line: 1,
      column: 17,
      value: revenue,
      compare: revenueLastYear,
    });
    expect(commentary.figures[4]).toMatchObject({ id: 'cashAndBank', line: 2, value: cash, compare: cashLastYear });
    expect(commentary.figures[7]).toMatchObject({ id: 'operating-margin', value: margin, compare: marginLastYear });
  });

  it('compares with the months just before where the commentary says so', () => {
    const before = minus(sum(REVENUE, '2025-07', '2025-12'));
    const section = sectionAt(preview, 4, 'commentary');
    expect(section.comparison).toEqual({ startDate: '2025-07-01', endDate: '2025-12-31' });
    expect(section.text).toBe(`${grouped(kroner(before))} ${changeText(kroner(revenue), kroner(before))}`);
  });

  it("shows each KPI of its section as the board's KPI widget computes it for the same period", async () => {
    const section = sectionAt(preview, 5, 'kpis');
    for (const kpi of section.kpis) {
      const widget = await getOk<KpiData>(
        app,
        `/api/widgets/kpi?groupId=${app.t.boardId}&startDate=${PERIOD.startDate}&endDate=${PERIOD.endDate}`,
        `kpi=${kpi.id}`,
        'compare=lastYear',
      );
      expect([kpi.id, kpi.value, kpi.compare, kpi.change]).toEqual([
        widget.kpi,
        widget.value,
        widget.comparison!.value,
        widget.change,
      ]);
    }
    const ebitda = section.kpis.find((k) => k.id === 'ebitda')!;
    expect(ebitda.valueText).toBe(grouped(kroner(ebitda.value!)));
    expect(section.kpis.find((k) => k.id === 'dso')!.valueText).toMatch(/^\d+,\d\u00a0dager$/);
  });

  it('names the cover, lists the sections in the contents, and leaves notes as written', () => {
    expect(preview.sections[0]).toMatchObject({ kind: 'cover', title: 'Halvårsrapport' });
    expect(sectionAt(preview, 1, 'contents').entries).toEqual([
      'Resultatregnskap',
      'Kommentar',
      'Kommentar',
      'Nøkkeltall',
      'Noter',
    ]);
    expect(preview.sections[2]).toMatchObject({ kind: 'profitLoss', compare: 'lastYear', period: PERIOD });
    expect(sectionAt(preview, 6, 'notes').text).toBe('Tallene er foreløpige. {{line:revenue}}');
  });

  it("writes the figures in the pack's language", async () => {
    const english = await previewOf([{ kind: 'commentary', text: 'DSO {{kpi:dso}}; income {{line:revenue}}' }], 'en');
    const commentary = sectionAt(english, 0, 'commentary');
    const [dso, income] = commentary.figures;
    expect(dso!.text).toMatch(/^\d+,\d\u00a0days$/);
    expect(income!.text).toBe(grouped(kroner(revenue)));
    expect(commentary.title).toBe('Commentary');
  });

  it('refuses a period that is no range, and a pack that is not there', async () => {
    const { t, token } = app;
    const packs = await getOk<Array<{ _id: string }>>(app, `/api/report-packs/${t.boardId}`);
    const bad = await t.request(`/api/report-packs/${t.boardId}/${packs[0]!._id}/preview`, {
      method: 'POST',
      token,
      body: JSON.stringify({ startDate: '2026-06-30', endDate: '2026-01-01' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('INVALID_DATE_RANGE');
    const gone = await t.request(`/api/report-packs/${t.boardId}/no-such-pack/preview`, {
      method: 'POST',
      token,
      body: JSON.stringify(PERIOD),
    });
    expect((await gone.json()).code).toBe('PACK_NOT_FOUND');
  });
});
