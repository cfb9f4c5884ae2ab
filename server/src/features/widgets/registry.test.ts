import type { ExportDocument } from '@saldo/contract';
import { widgetCatalogue } from '@saldo/contract/widgets/catalogue';
import { type WidgetDefinition, widgetRegistry, widgetTypes } from '@saldo/contract/widgets/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The SDK's one list of tags, read as rollup and the manifest read it (plain text, no SDK import).
import { readElements } from '../../../../sdk/scripts/elements.mjs';
import { routeAccess } from '../../served.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin/standin.ts';
import { chartOf } from '../exports/pdf/chart-data.ts';

/**
 * The widget registry (@saldo/contract/widgets/registry) against every consumer of a widget type: the server's
 * data route (mounted from the registry, answering as its `response` says) and its row in the route
 * table, the public-link and embed check, the data notice, the export tables, the SDK's element, the
 * portal's catalogue and the titles in both languages. A type added to the registry and missed
 * anywhere fails here, by name (its data function missing from features/widgets/data.ts is a type error).
 */
let t: TestApp;
let token: string;
let customId = '';
let questionId = '';
let standin: LlmStandin;
beforeAll(async () => {
  standin = await startLlmStandin();
  t = await createTestApp({ llm: { baseUrl: `${standin.url}/v1`, apiKey: standin.apiKey, model: 'gpt-standin' } });
  token = (await t.login()).jwtToken;
  const made = await t.request(`/api/widgets/${t.boardId}/custom/create`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Lønn', type: 'accountRange', range: { from: '5xxx', to: '5xxx' } }),
  });
  expect(made.status).toBe(201);
  customId = ((await made.json()) as { _id: string })._id;
  const asked = await t.request(`/api/assistant/${t.boardId}/ask`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      question: 'Hvem var den største kunden i fjor?',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      lang: 'nor',
    }),
  });
  expect(asked.status).toBe(201);
  questionId = ((await asked.json()) as { _id: string })._id;
});
afterAll(() => standin.close());

const mounted = () => new Set(t.app.routes.map((r) => `${r.method} ${r.path}`));
const elements = new Map(readElements().map((e) => [e.tag, e.className]));

describe.each(widgetTypes)('widget type %s', (type) => {
  const w: WidgetDefinition = widgetRegistry[type];

  it('has titles, descriptions and its own words in nor and en', () => {
    for (const text of [w.titles, w.description, ...Object.values(w.words ?? {})]) {
      expect(text.no.trim()).not.toBe('');
      expect(text.en.trim()).not.toBe('');
    }
    expect(w.views).toContain('single');
    // What the comparison view asks for is said only of a type that has one.
    if (w.comparison) expect(w.views).toContain('comparison');
  });

  it('has its data route mounted, with a row in the route table', () => {
    expect(mounted()).toContain(`GET /api${w.path}`);
    expect(routeAccess[`GET ${w.path}`]).toBeDefined();
  });

  it("answers on its data route as its entry's response schema says", async () => {
    const path = w.path.replace(':groupId', t.boardId).replace(':id', customId);
    const query = new URLSearchParams({ groupId: t.boardId, startDate: '2025-01-01', endDate: '2025-12-31' });
    if (w.params.includes('aiQueryId')) query.set('aiQueryId', questionId);
    const res = await t.request(`/api${path}?${query}`, { token });
    expect(res.status).toBe(200);
    const parsed = w.response.safeParse(await res.json());
    expect(parsed.error).toBeUndefined();
  });

  it('is shared by public links and embed tokens as the registry says, with its data notice', () => {
    const access = routeAccess[`GET ${w.path}`]!;
    if (w.share === 'none') {
      expect(access.kind).not.toBe('viewer');
      return;
    }
    expect(access).toMatchObject({
      kind: 'viewer',
      share: w.share === 'type' ? { widget: type } : { widgetParam: 'id' },
    });
    expect(mounted()).toContain(`GET /api${w.path}/data-notice`);
    expect(routeAccess[`GET ${w.path}/data-notice`]).toEqual(access);
  });

  it('has an SDK element', () => {
    expect(elements.get(w.element)).toBeTruthy();
  });

  it('is in the catalogue the portal builds its widget drawer from', async () => {
    const res = await t.request('/api/widgets/configurations', { token });
    const listed = (await res.json()) as Array<{ widget: string; name: { no: string; en: string } }>;
    expect(listed.find((c) => c.widget === type)?.name).toEqual(w.titles);
    expect(widgetCatalogue.map((c) => c.widget)).toContain(type);
  });

  it('has an export table', async () => {
    // A custom widget and an AI answer are exported by their own ids.
    const id = type === 'custom' ? customId : type === 'ai' ? questionId : type;
    const res = await t.request(`/api/exports/${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        format: 'json',
        widgets: [{ id, widget: type }],
        startDate: '2025-01-01',
        endDate: '2025-12-31',
      }),
    });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as ExportDocument;
    expect(doc.tables).toHaveLength(1);
    // A custom widget is titled by its name, an AI answer by its question, a KPI by its own (the first of
    // the library, chosen by default) and a budget widget by its line; the rest by the registry.
    const titles: Record<string, string> = {
      custom: 'Lønn',
      ai: 'Hvem var den største kunden i fjor?',
      kpi: 'Bruttomargin',
      budget: 'Budsjett mot regnskap: Salgsinntekt',
    };
    expect(doc.tables[0]!.title).toBe(titles[type] ?? w.titles.no);
    // The PDF draws the chart the entry says from that table: a column of it, or none.
    const chart = chartOf(type, doc.tables[0]!, 'nor');
    if (w.chart === 'none') expect(chart).toBeNull();
    else if (doc.tables[0]!.rows.length) expect(chart?.type).toBe(w.chart.type);
  });
});

it('every SDK widget element is in the registry (reports aside)', () => {
  const reports = new Set(['saldo-profit-loss', 'saldo-balance-sheet', 'saldo-cash-flow']);
  const registered = new Set(widgetTypes.map((type) => widgetRegistry[type].element as string));
  for (const tag of elements.keys()) if (!reports.has(tag)) expect(registered, tag).toContain(tag);
});
