import type { CustomWidget, CustomWidgetData, ExportDocument, KpiData, TopRow } from '@saldo/contract';
import { formatKpi } from '@saldo/contract/kpis/kpis';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithSalaryWidget, type TestApp } from '../../test/create-test-app.ts';
import { toTable } from './tables.ts';

// An export shows a widget's comparison view as the screen does: the comparison, the change and the
// change in %, from the same API answer the SDK's element reads.

let t: TestApp;
let token: string;
let custom: CustomWidget;
beforeAll(async () => {
  ({ t, token, custom } = await appWithSalaryWidget('Lønn'));
});

/** Whole kroner as shown, computed here on its own: half away from zero. */
const kroner = (ore: number) => (ore < 0 ? -1 : 1) * Math.floor((Math.abs(ore) + 50) / 100) || 0;

const exportJson = async (body: Record<string, unknown>): Promise<ExportDocument> => {
  const res = await t.request(`/api/exports/${t.boardId}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ format: 'json', pages: [], lang: 'nor', ...body }),
  });
  expect(res.status).toBe(200);
  return res.json();
};

describe('exports of the comparison views', () => {
  it('a top list in the comparison view carries the comparison, change and change in %; in the single view none', async () => {
    const period = { startDate: '2026-01-01', endDate: '2026-12-31' };
    const doc = await exportJson({
      ...period,
      compare: 'lastYear',
      widgets: [
        { id: 'top-customers', widget: 'top-customers', view: 'comparison' },
        { id: 'top-suppliers', widget: 'top-suppliers', view: 'single' },
      ],
    });
    const rows: TopRow[] = await (
      await t.request(
        `/api/widgets/top-ten/customers?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-12-31&compare=lastYear`,
        {
          token,
        },
      )
    ).json();
    const [customers, suppliers] = doc.tables;
    expect(customers!.columns).toEqual(['Nr.', 'Kunde', 'Beløp', 'I fjor', 'Endring', 'Endring %']);
    expect(customers!.rows).toEqual(
      rows.map((r, i) => {
        const [now, before] = [kroner(r.amount), kroner(r.compareAmount!)];
        // A percentage only against at least 1 kr of the same sign; beyond ±999 % its text.
        const sameSign = now === 0 || now > 0 === before > 0;
        const percent =
          Math.abs(before) < 1 || !sameSign ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
        return [i + 1, r.name, now, before, now - before, percent !== null && percent > 999 ? '>999\u00a0%' : percent];
      }),
    );
    expect(rows.some((r) => r.compareAmount! > 0)).toBe(true);
    expect(suppliers!.columns).toEqual(['Nr.', 'Leverandør', 'Beløp']);
  });

  it('a top list and the turnover over a last year with nothing booked: no comparison, no change, no %, and a note', async () => {
    // The demo begins in January 2024: 2023 has no posting on any account.
    const doc = await exportJson({
      startDate: '2024-01-01',
      endDate: '2024-06-30',
      compare: 'lastYear',
      widgets: [
        { id: 'top-customers', widget: 'top-customers', view: 'comparison' },
        { id: 'turnover', widget: 'turnover', view: 'comparison' },
        { id: custom._id, widget: 'custom', name: 'Lønn', view: 'comparison' },
      ],
    });
    const [customers, turnover, payroll] = doc.tables;
    expect(customers!.columns).toEqual(['Nr.', 'Kunde', 'Beløp', 'I fjor', 'Endring', 'Endring %']);
    expect(customers!.rows.length).toBeGreaterThan(0);
    for (const row of customers!.rows) expect(row.slice(3)).toEqual([null, null, null]);
    expect(customers!.note).toBe('Ingen bokførte måneder å sammenligne med');
    expect(turnover!.note).toBe('Samme periode i fjor: Ingen bokførte måneder å sammenligne med.');
    // The custom widget: each month and the total with no comparison and no change.
    expect(payroll!.rows.length).toBeGreaterThan(1);
    for (const row of payroll!.rows) expect(row.slice(-2)).toEqual([null, null]);
    expect(payroll!.note).toContain('Ingen bokførte måneder å sammenligne med');
  });

  it('a custom widget in the comparison view compares with the period before unless told otherwise', async () => {
    const doc = await exportJson({
      startDate: '2026-04-01',
      endDate: '2026-06-30',
      widgets: [{ id: custom._id, widget: 'custom', name: 'Lønn', view: 'comparison' }],
    });
    const data: CustomWidgetData = await (
      await t.request(
        `/api/widgets/${t.boardId}/custom/${custom._id}?startDate=2026-04-01&endDate=2026-06-30&compare=previous`,
        {
          token,
        },
      )
    ).json();
    const [table] = doc.tables;
    expect(table!.columns).toEqual(['Måned', 'Verdi', 'Forrige periode', 'Endring']);
    // The comparison's months are footed against its total, as the period's are: each within 1 kr of its
    // own rounding, and adding up to the total shown in the last row.
    const before = table!.rows.slice(0, 3).map((r) => r[2] as number);
    for (const [i, m] of data.comparison!.months.entries())
      expect(Math.abs(before[i]! - kroner(m.value!))).toBeLessThanOrEqual(1);
    expect(table!.rows[3]![2]).toBe(kroner(data.comparison!.total!));
    expect(before.reduce((a, b) => a + b, 0)).toBe(kroner(data.comparison!.total!));
    expect(table!.rows.map((r) => r[3])).toEqual(table!.rows.map((r) => (r[1] as number) - (r[2] as number)));
    expect(table!.note).toContain('Forrige periode: 2026/01/01 – 2026/03/31');
  });
});

describe('exports of a KPI card', () => {
  it("compares as on screen: in the comparison view with the control's choice, else with last year", async () => {
    const period = { startDate: '2026-04-01', endDate: '2026-06-30' };
    const kpi = async (compare: string) =>
      (await (
        await t.request(
          `/api/widgets/kpi?groupId=${t.boardId}&startDate=2026-04-01&endDate=2026-06-30&kpi=gross-margin&compare=${compare}`,
          { token },
        )
      ).json()) as KpiData;
    const [previous, lastYear] = await Promise.all([kpi('previous'), kpi('lastYear')]);
    expect(previous.comparison!.value).not.toBe(lastYear.comparison!.value);
    const card = (view: 'single' | 'comparison') => ({ id: 'kpi:gross-margin', widget: 'kpi', view });
    const noteOf = async (body: Record<string, unknown>) => (await exportJson({ ...period, ...body })).tables[0]!.note;
    const said = (data: KpiData, label: string) => `${label}: ${formatKpi(data.comparison!.value, data.unit, 'nor')}`;
    expect(await noteOf({ compare: 'previous', widgets: [card('comparison')] })).toContain(
      said(previous, 'Forrige periode'),
    );
    // Without a choice, and in the single view whatever the choice, the KPI's own comparison: last year.
    expect(await noteOf({ widgets: [card('comparison')] })).toContain(said(lastYear, 'Samme periode i fjor'));
    expect(await noteOf({ compare: 'previous', widgets: [card('single')] })).toContain(
      said(lastYear, 'Samme periode i fjor'),
    );
  });
});

describe('comparison tables', () => {
  it('a cost account compares as the P&L shows it in both periods, and nothing to compare with is no percentage', () => {
    const table = toTable(
      'top-expenses',
      [
        {
          _id: '6300',
          name: 'Leie',
          amount: 1_200_302_50,
          shown: 1_200_302,
          compareAmount: 1_000_000_50,
          compareShown: 1_000_000,
        },
        { _id: '6800', name: 'Kontor', amount: 10_000_00, compareAmount: 0 },
      ],
      'en',
      'previous',
    );
    expect(table.columns).toEqual(['No.', 'Account', 'Amount', 'Previous period', 'Change', 'Change %']);
    expect(table.kinds).toEqual(['number', 'text', 'amount', 'amount', 'amount', 'percent']);
    expect(table.rows).toEqual([
      [1, 'Leie', 1_200_302, 1_000_000, 200_302, 20],
      [2, 'Kontor', 10_000, 0, 10_000, null],
    ]);
    // Rows answered without `compare` stay a single view, whatever was asked.
    expect(toTable('top-expenses', [{ _id: 'a', name: 'A', amount: 100 }], 'en', 'previous').columns).toHaveLength(3);
  });

  it("a ratio's change is in percentage points, and a month not yet booked has none", () => {
    const widget = {
      _id: 'w',
      groupId: 'g',
      name: 'Lønn / salg',
      type: 'ratio' as const,
      dividend: { from: '5xxx', to: '5xxx' },
      divisor: { from: '3xxx', to: '3xxx' },
      view: 'comparison' as const,
      note: null,
    };
    const table = toTable(
      'custom',
      {
        widget,
        months: [
          { month: '2026-09', value: 0.42 },
          { month: '2026-10', value: 0.3 },
          { month: '2026-11', value: null },
        ],
        total: 0.36,
        lastBookedMonth: '2026-10',
        comparison: {
          startDate: '2025-09-01',
          endDate: '2025-10-31',
          months: [
            { month: '2025-09', value: 0.4 },
            { month: '2025-10', value: 0.35 },
          ],
          total: 0.375,
        },
      },
      'nor',
      'lastYear',
    );
    expect(table.columns).toEqual(['Måned', 'Forholdstall (%)', 'I fjor', 'Endring']);
    expect(table.kinds).toEqual(['text', 'percent', 'percent', 'percent']);
    expect(table.rows).toEqual([
      ['sep 2026', 42, 40, 2],
      ['okt 2026', 30, 35, -5],
      ['nov 2026', 'Ikke bokført ennå', null, null],
      ['Totalt', 36, 37.5, -1.5],
    ]);
  });
});
