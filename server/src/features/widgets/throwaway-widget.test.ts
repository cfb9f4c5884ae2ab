import type { ExportDocument, ExportTable } from '@saldo/contract';
import { exportKinds } from '@saldo/contract/exports/kinds';
import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import { defineWidget, type WidgetDefinition, widgetRegistry, widgetTypes } from '@saldo/contract/widgets/registry';
import type { TableContext } from '@saldo/contract/widgets/tables';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
// The SDK's generator, as `npm run generate -w @saldo/sdk` runs it (plain node, no SDK import).
import { generate, sources } from '../../../../sdk/scripts/generate.mjs';
import { routeAccess } from '../../served.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { chartOf } from '../exports/pdf/chart-data.ts';
import { toTable } from '../exports/tables.ts';
import { askedWidget, shareGrant } from '../sharing/grants.ts';
import { widgetData } from './data.ts';
import type { WidgetDataFunctions } from './request.ts';

/**
 * A widget type is one slice: its registry entry, its data function and its SDK view. This test adds
 * a throwaway type, `throwaway`, in a temporary copy of the registry (the contract's widgets/registry.ts with
 * one more entry, written to .vitest/ and loaded in the registry's place for this file), gives it its
 * one data function and its one view, and shows that every consumer of widget types picks it up with
 * no other edit: its data route with the route table's row, public links and embed tokens, the data
 * notice, the response check and the OpenAPI document, the catalogue, the export table, the PDF's
 * chart and the SDK's generated listings. The last tests show that a missing piece is a type error.
 */

/** The throwaway entry, as a new type's author writes it in the registry (hoisted: the registry's mock reads it). */
const copied = vi.hoisted(() => ({
  /** The folder the copy is written to, removed after the tests. */
  folder: '',
  ENTRY: `
  throwaway: defineWidget({
    id: 'throwaway',
    path: '/widgets/throwaway',
    element: 'saldo-throwaway',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Engangs', en: 'Throwaway' },
    views: ['single'],
    description: { no: 'En type bare én test kjenner', en: 'A type only one test knows' },
    response: z.object({ months: z.array(z.object({ month: z.string(), amount: z.number() })) }),
    words: { moved: { no: 'Flyttet', en: 'Moved' } },
    rows: (data, { title, words }) => ({
      title,
      columns: ['Måned', words.moved],
      kinds: ['text', 'amount'],
      rows: data.months.map((m) => [m.month, Math.round(m.amount / 100)]),
    }),
    chart: { type: 'bars', column: 1, totalRow: false, color: 'revenue' },
    size: { width: 6, height: 5 },
    assistant: true,
  }),
`,
}));

// The registry's copy replaces the registry for every module of this file, the contract's own included.
vi.mock('@saldo/contract/widgets/registry', async () => {
  const { mkdirSync, mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const contract = fileURLToPath(new URL('../../../contract/src/', import.meta.url));
  const registry = join(contract, 'widgets');
  const source = readFileSync(join(registry, 'registry.ts'), 'utf8');
  const end = '} as const satisfies Record<string, WidgetDefinition>;';
  if (!source.includes(end)) throw new Error(`widgets/registry.ts no longer ends its registry with "${end}"`);
  const copy = source
    .replace(end, `${copied.ENTRY}${end}`)
    .replace(/from '(\.{1,2}\/[^']+)'/g, (_, path: string) => `from '${join(registry, path)}'`);
  // In the tree (.vitest/ is git-ignored) so the copy's `zod` resolves as the registry's does.
  const root = fileURLToPath(new URL('../../../../.vitest/', import.meta.url));
  mkdirSync(root, { recursive: true });
  copied.folder = mkdtempSync(join(root, 'throwaway-registry-'));
  const file = join(copied.folder, 'registry.ts');
  writeFileSync(file, copy);
  return import(/* @vite-ignore */ file);
});

// Its one data function: the revenue per month of the board's sources in the period.
vi.mock('./data.ts', async (importOriginal) => {
  const { widgetData: real } = await importOriginal<typeof import('./data.ts')>();
  const { REVENUE } = await import('./queries.ts');
  const { monthlyRange } = await import('../../ledger/movements.ts');
  const throwaway: (typeof real)['turnover'] = async (db, { range }) => {
    const { sources, period } = await range();
    return { months: await monthlyRange(db, sources, period.months, REVENUE, true) } as never;
  };
  return { widgetData: { ...real, throwaway } };
});

// Its one view and element, as the SDK's generator finds it among the widgets' sources.
const VIEW = `export const SaldoThrowaway = defineElement('saldo-throwaway', {
  request: (_, range) => widgetRequest('throwaway', range),
  isEmpty: (data) => data.months.length === 0,
  render: (el, lang) => h(ThrowawayView, { state: el.state, lang }),
});`;

const type = 'throwaway' as keyof typeof widgetRegistry;
const entry = (): WidgetDefinition => widgetRegistry[type];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});
afterAll(async () => {
  const { rmSync } = await import('node:fs');
  if (copied.folder) rmSync(copied.folder, { recursive: true, force: true });
});

const period = { startDate: '2025-01-01', endDate: '2025-12-31' };

describe('a throwaway widget type in a copy of the registry', () => {
  it('is in the copy, beside every real type', () => {
    expect(widgetTypes).toContain('throwaway');
    expect(widgetTypes).toContain('turnover');
    expect(exportKinds).toContain('throwaway');
    expect(entry().titles.en).toBe('Throwaway');
    expect(Object.keys(widgetData)).toContain('throwaway');
  });

  it('has its data route mounted with its row in the route table, answering as its response says', async () => {
    const routes = new Set(t.app.routes.map((r) => `${r.method} ${r.path}`));
    expect(routes).toContain('GET /api/widgets/throwaway');
    expect(routeAccess['GET /widgets/throwaway']).toMatchObject({ kind: 'viewer', share: { widget: 'throwaway' } });
    const res = await t.request(`/api/widgets/throwaway?${new URLSearchParams({ groupId: t.boardId, ...period })}`, {
      token,
    });
    expect(res.status).toBe(200);
    // The data notice rides on the answer, as on every shared type's.
    expect(res.headers.get(DATA_NOTICE_HEADER)).toMatch(/^(true|false)$/);
    const body = entry().response.parse(await res.json()) as { months: { month: string; amount: number }[] };
    expect(body.months.map((m) => m.month)).toHaveLength(12);
    expect(body.months.some((m) => m.amount !== 0)).toBe(true);
  });

  it('is shared by public links and embed tokens by its type, with its data notice route', () => {
    const routes = new Set(t.app.routes.map((r) => `${r.method} ${r.path}`));
    expect(routes).toContain('GET /api/widgets/throwaway/data-notice');
    expect(routeAccess['GET /widgets/throwaway/data-notice']).toEqual(routeAccess['GET /widgets/throwaway']);
    const asked = askedWidget('throwaway', () => undefined);
    expect(asked).toEqual({ kind: 'widget', type: 'throwaway', choice: undefined });
    const link = { widgets: [{ id: 'w1', widget: 'throwaway', view: 'single' }], pages: [], lockedStartDate: null };
    expect(shareGrant(link as never, asked!)).toEqual({ allowed: true, comparison: false });
  });

  it('is in the OpenAPI document and the catalogue the portal builds its widget drawer from', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    // Its summary is its description, its 200 answer its response schema.
    expect(JSON.stringify(doc.paths['/widgets/throwaway'])).toContain('"months"');
    expect(JSON.stringify(doc.paths['/widgets/throwaway'])).toContain('A type only one test knows');
    const res = await t.request('/api/widgets/configurations', { token });
    const listed = (await res.json()) as Array<{ widget: string; name: unknown; description: unknown }>;
    expect(listed.find((c) => c.widget === 'throwaway')).toMatchObject({
      name: { no: 'Engangs', en: 'Throwaway' },
      description: entry().description,
    });
  });

  it('is exported as its table, and the PDF draws the chart its entry says', async () => {
    const res = await t.request(`/api/exports/${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ format: 'json', widgets: [{ id: 'throwaway', widget: 'throwaway' }], ...period }),
    });
    expect(res.status).toBe(200);
    const [table] = ((await res.json()) as ExportDocument).tables;
    expect(table).toMatchObject({ title: 'Engangs', columns: ['Måned', 'Flyttet'], kinds: ['text', 'amount'] });
    expect(table!.rows).toHaveLength(12);
    const chart = chartOf('throwaway' as never, table!, 'nor');
    expect(chart).toMatchObject({ type: 'bars', labels: table!.rows.map((r) => r[0]) });
    expect(chart?.type === 'bars' && chart.series[0]!.values).toEqual(table!.rows.map((r) => r[1]));
    // The same table as the assistant and the exports read it, in English.
    const data = { months: [{ month: '2025-01', amount: 12_345 }] };
    expect(toTable('throwaway' as never, data, 'en')).toMatchObject({
      title: 'Throwaway',
      columns: ['Måned', 'Moved'],
      rows: [['2025-01', 123]],
    });
    const pdf = await t.request(`/api/exports/${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ format: 'pdf', widgets: [{ id: 'throwaway', widget: 'throwaway' }], ...period }),
    });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });

  it("is in the SDK's generated listings: its element, React wrapper, path, title, words and size", async () => {
    const widgetSources: [string, string][] = [...sources('widgets'), ['widgets/throwaway/throwaway-view', VIEW]];
    const files = await generate({ registry: widgetRegistry as never, widgetSources });
    expect(files.get('src/generated/elements.ts')).toContain(
      "import { SaldoThrowaway } from '../widgets/throwaway/throwaway-view';",
    );
    expect(files.get('src/generated/elements.ts')).toContain("'saldo-throwaway': SaldoThrowaway,");
    expect(files.get('src/generated/react.ts')).toContain("export const SaldoThrowaway = wrap('saldo-throwaway');");
    expect(files.get('src/generated/registry.ts')).toMatch(
      /throwaway: \{\s*path: '\/widgets\/throwaway',\s*titles: \{ no: 'Engangs', en: 'Throwaway' \},\s*words: \{ moved: \{ no: 'Flyttet', en: 'Moved' \} \},\s*\}/,
    );
    // The listing the portal's grid lays widgets out by: its element and its card's size.
    expect(files.get('src/generated/listing.ts')).toContain(
      "throwaway: { element: 'saldo-throwaway', size: { width: 6, height: 5 } },",
    );
    // Without its view the generator stops, by name.
    await expect(generate({ registry: widgetRegistry as never, widgetSources: sources('widgets') })).rejects.toThrow(
      "widget type 'throwaway' has no SDK element",
    );
  }, 30_000);
});

describe('a missing piece is a type error (checked by the type check)', () => {
  const { chart: _chart, ...withoutChart } = {
    id: 'x',
    path: '/widgets/x',
    element: 'saldo-x',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'X', en: 'X' },
    views: ['single'],
    description: { no: 'X', en: 'X' },
    response: z.object({ n: z.number() }),
    rows: (data: { n: number }): ExportTable => ({ title: 'X', columns: ['n'], kinds: ['number'], rows: [[data.n]] }),
    chart: 'none',
    size: { width: 6, height: 5 },
    assistant: false,
  } as const;

  it('an entry without its chart or its table, or a table that reads what its response or its words lack', () => {
    // @ts-expect-error an entry must say its PDF chart ('none' where it has none)
    defineWidget(withoutChart);
    const { assistant: _assistant, ...withoutAssistant } = { ...withoutChart, chart: 'none' as const };
    // @ts-expect-error an entry must say whether the assistant reads it
    defineWidget(withoutAssistant);
    // @ts-expect-error an entry must have its export table
    defineWidget({ ...withoutChart, chart: 'none', rows: undefined });
    // @ts-expect-error the table reads a field the response has not
    defineWidget({ ...withoutChart, chart: 'none', rows: (data: { m: number }) => withoutChart.rows({ n: data.m }) });
    const readsWord = (data: { n: number }, { words }: TableContext<'label'>) => ({
      ...withoutChart.rows(data),
      title: words.label,
    });
    // @ts-expect-error the table reads a word the entry has not
    defineWidget({ ...withoutChart, chart: 'none', words: { other: { no: 'A', en: 'A' } }, rows: readsWord });
    const label = { label: { no: 'Merke', en: 'Label' } };
    expect(defineWidget({ ...withoutChart, chart: 'none', words: label, rows: readsWord }).chart).toBe('none');
  });

  it('a data map without one of the types', () => {
    const { turnover: _turnover, ...withoutTurnover } = widgetData as WidgetDataFunctions;
    // @ts-expect-error every type of the registry has its data function
    const missing: WidgetDataFunctions = withoutTurnover;
    expect(Object.keys(missing)).not.toContain('turnover');
  });
});
