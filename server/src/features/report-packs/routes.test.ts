import type { BoardWidget } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { board, subBoard, user } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// Report packs' CRUD through the API (issue 30): the default pack, the bounds, placeholders refused
// with their place, and who may do what.

let t: TestApp;
let owner: string;
let viewer: string;
let editor: { id: string; token: string };
let outsider: string;
const base = () => `/api/report-packs/${t.boardId}`;

const send = (path: string, token: string, method = 'GET', body?: unknown) =>
  t.request(path, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const widget = (id: string, type: string, y: number): BoardWidget => ({
  id,
  widget: type,
  name: '',
  x: 0,
  y,
  width: 6,
  height: 4,
  view: 'single',
  note: null,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
  viewer = (await t.signUp('viewer@example.no', { member: 'Viewer' })).token;
  editor = await t.signUp('editor@example.no', { member: 'Editor' });
  outsider = (await t.signUp('outsider@example.no')).token;
  // The board's KPI set: two KPI widgets on the board itself and one on a sub-board (beside a top list).
  await t.deps.db
    .update(board)
    .set({
      widgets: [
        widget('kpi:ebitda-margin', 'kpi', 0),
        widget('top-customers', 'top-customers', 4),
        widget('kpi:current-ratio', 'kpi', 8),
      ],
    })
    .where(eq(board.id, t.boardId));
  await t.deps.db.insert(subBoard).values({
    id: 'sub-1',
    boardId: t.boardId,
    name: 'Likviditet',
    widgets: [widget('kpi:dso', 'kpi', 0), widget('kpi:current-ratio', 'kpi', 4)],
    createdAt: new Date(),
  });
});

describe('the default pack', () => {
  it("is made from a name alone: cover, contents, the statements against last year, the board's KPIs, one commentary", async () => {
    const res = await send(base(), owner, 'POST', { name: 'Månedsrapport' });
    expect(res.status).toBe(201);
    const pack = await res.json();
    expect(pack).toMatchObject({ name: 'Månedsrapport', language: 'nor', groupId: t.boardId, createdBy: t.userId });
    expect(pack.sections).toEqual([
      { kind: 'cover' },
      { kind: 'contents' },
      { kind: 'profitLoss', compare: 'lastYear' },
      { kind: 'balanceSheet', compare: 'lastYear' },
      { kind: 'cashFlow', compare: 'lastYear' },
      { kind: 'kpis', kpiIds: ['ebitda-margin', 'current-ratio', 'dso'], compare: 'lastYear' },
      { kind: 'commentary', text: expect.stringContaining('Driftsinntektene'), compare: 'lastYear' },
    ]);
    // The starter text uses two placeholders, in Norwegian.
    expect(pack.sections[6].text.match(/\{\{[^}]+\}\}/g)).toEqual(['{{line:revenue}}', '{{line:revenue:change}}']);
  });

  it("is in the creator's language unless the request names one", async () => {
    await t.deps.db.update(user).set({ language: 'en' }).where(eq(user.id, editor.id));
    const english = await (await send(base(), editor.token, 'POST', { name: 'Monthly report' })).json();
    expect(english.language).toBe('en');
    expect(english.sections.at(-1).text).toMatch(/^Operating income for the period was NOK \{\{line:revenue\}\}/);
    const named = await (await send(base(), editor.token, 'POST', { name: 'Rapport', language: 'nor' })).json();
    expect(named.language).toBe('nor');
    expect(named.sections.at(-1).text).toMatch(/^Driftsinntektene/);
  });
});

describe('reading and changing a pack', () => {
  it('lists, reads, changes and deletes a pack of the board', async () => {
    const sections = [
      { kind: 'cover' },
      { kind: 'widget', widgetId: 'top-customers' },
      { kind: 'notes', text: 'Noter\n{{ikke en plassholder i noter}}' },
      { kind: 'profitLoss', compare: 'budget' },
      { kind: 'commentary', text: 'Resultat {{line:result}}' },
    ];
    const made = await (await send(base(), owner, 'POST', { name: 'Styrerapport', sections })).json();
    // The commentary's comparison is last year's unless the section says.
    expect(made.sections[4]).toEqual({ kind: 'commentary', text: 'Resultat {{line:result}}', compare: 'lastYear' });
    const listed = await (await send(base(), viewer)).json();
    expect(listed.map((p: { _id: string }) => p._id)).toContain(made._id);
    expect(await (await send(`${base()}/${made._id}`, viewer)).json()).toEqual(made);

    const moved = [sections[4], sections[0], { kind: 'kpis', kpiIds: ['dso'] }];
    const put = await send(`${base()}/${made._id}`, owner, 'PUT', { name: 'Styrerapport mars', sections: moved });
    expect(put.status).toBe(200);
    const changed = await put.json();
    expect(changed).toMatchObject({ name: 'Styrerapport mars', language: 'nor' });
    expect(changed.sections.map((s: { kind: string }) => s.kind)).toEqual(['commentary', 'cover', 'kpis']);
    // A rename alone keeps the sections.
    const renamed = await (await send(`${base()}/${made._id}`, owner, 'PUT', { name: 'Styrerapport april' })).json();
    expect(renamed.sections).toEqual(changed.sections);

    expect((await send(`${base()}/${made._id}`, owner, 'DELETE')).status).toBe(200);
    expect(await (await send(`${base()}/${made._id}`, owner)).json()).toMatchObject({ code: 'PACK_NOT_FOUND' });
    expect((await send(`${base()}/${made._id}`, owner, 'DELETE')).status).toBe(404);
  });

  it('does not find a pack through another board', async () => {
    const made = await (await send(base(), owner, 'POST', { name: 'Egen' })).json();
    const other = await (await send('/api/group-account', owner, 'POST', { name: 'Annen AS', apis: [] })).json();
    const res = await send(`/api/report-packs/${other._id}/${made._id}`, owner);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('PACK_NOT_FOUND');
  });
});

describe('bad packs', () => {
  const count = async () => (await (await send(base(), owner)).json()).length as number;

  it('refuses a placeholder that names nothing with its section, line, column and name, in nor and en, and writes nothing', async () => {
    const before = await count();
    const text = 'Første linje.\nOmsetning {{line:revnue}} og {{kpi:ebitda-margin:delta}}.\n{{line:result}}';
    const res = await send(base(), owner, 'POST', {
      name: 'Feil',
      sections: [{ kind: 'cover' }, { kind: 'commentary', text }],
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('PACK_PLACEHOLDER_UNKNOWN');
    expect(body.details).toEqual([
      {
        section: 1,
        line: 2,
        column: 11,
        placeholder: '{{line:revnue}}',
        name: 'revnue',
        problem: 'figure',
        no: 'Linje 2, kolonne 11: ukjent regnskapslinje «revnue» i {{line:revnue}}',
        en: 'Line 2, column 11: unknown statement line "revnue" in {{line:revnue}}',
      },
      expect.objectContaining({ section: 1, line: 2, column: 30, name: 'delta', problem: 'part' }),
    ]);
    expect(await count()).toBe(before);
  });

  it('refuses a bad placeholder in a change too, and leaves the pack as it was', async () => {
    const made = await (await send(base(), owner, 'POST', { name: 'Uendret' })).json();
    const res = await send(`${base()}/${made._id}`, owner, 'PUT', {
      name: 'Endret',
      sections: [{ kind: 'commentary', text: '{{kpi:ebitda}} og {{kpi:ebitdaa}}' }],
    });
    expect(res.status).toBe(422);
    expect((await res.json()).details).toEqual([expect.objectContaining({ line: 1, column: 19, name: 'ebitdaa' })]);
    expect(await (await send(`${base()}/${made._id}`, owner)).json()).toEqual(made);
  });

  it('refuses a widget the board does not show', async () => {
    const res = await send(base(), owner, 'POST', {
      name: 'Widget',
      sections: [{ kind: 'widget', widgetId: 'no-such-widget' }],
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'PACK_WIDGET_NOT_FOUND', details: [{ section: 0 }] });
  });

  it('holds at most 60 sections and 20 000 characters a text', async () => {
    const sixty = Array.from({ length: 60 }, () => ({ kind: 'notes', text: 'x' }));
    expect((await send(base(), owner, 'POST', { name: 'Seksti', sections: sixty })).status).toBe(201);
    const over = await send(base(), owner, 'POST', { name: 'For mange', sections: [...sixty, { kind: 'cover' }] });
    expect(over.status).toBe(422);
    expect((await over.json()).code).toBe('PACK_TOO_MANY_SECTIONS');
    const long = { kind: 'commentary', text: 'x'.repeat(20_001) };
    const tooLong = await send(base(), owner, 'POST', { name: 'Lang', sections: [long] });
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json()).code).toBe('PACK_TEXT_TOO_LONG');
    const exact = { kind: 'commentary', text: 'x'.repeat(20_000) };
    expect((await send(base(), owner, 'POST', { name: 'Akkurat', sections: [exact] })).status).toBe(201);
  });

  it('refuses a section of no known kind, a KPI outside the library, an empty name and a control character', async () => {
    for (const body of [
      { name: 'Ukjent', sections: [{ kind: 'chart' }] },
      { name: 'KPI', sections: [{ kind: 'kpis', kpiIds: ['ebit'] }] },
      { name: 'To ganger', sections: [{ kind: 'kpis', kpiIds: ['dso', 'dso'] }] },
      { name: 'Sammenligning', sections: [{ kind: 'cashFlow', compare: 'yearEnd' }] },
      { name: '', sections: [] },
    ]) {
      const res = await send(base(), owner, 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION_FAILED');
    }
    const nul = await send(base(), owner, 'POST', { name: 'Null', sections: [{ kind: 'notes', text: 'a\u0000b' }] });
    expect((await nul.json()).code).toBe('CONTROL_CHARACTERS');
  });

  it('holds at most 50 packs a board', async () => {
    const other = await (await send('/api/group-account', owner, 'POST', { name: 'Full AS', apis: [] })).json();
    const path = `/api/report-packs/${other._id}`;
    for (let i = 0; i < 50; i++) expect((await send(path, owner, 'POST', { name: `Pakke ${i}` })).status).toBe(201);
    const res = await send(path, owner, 'POST', { name: 'Pakke 51' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('PACK_LIMIT');
  });
});

describe('who may do what', () => {
  it('lets a Viewer list, read and preview, but not make, change or delete a pack', async () => {
    const made = await (await send(base(), owner, 'POST', { name: 'Til visning' })).json();
    const one = `${base()}/${made._id}`;
    expect((await send(base(), viewer)).status).toBe(200);
    expect((await send(one, viewer)).status).toBe(200);
    const period = { startDate: '2026-01-01', endDate: '2026-03-31' };
    expect((await send(`${one}/preview`, viewer, 'POST', period)).status).toBe(200);
    for (const [path, method, body] of [
      [base(), 'POST', { name: 'Nei' }],
      [one, 'PUT', { name: 'Nei' }],
      [one, 'DELETE', undefined],
    ] as const) {
      const res = await send(path, viewer, method, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).code).toBe('BOARD_VIEW_ONLY');
    }
    expect((await (await send(one, owner)).json()).name).toBe('Til visning');
  });

  it('gives someone without a role on the board nothing, not even whether a pack exists', async () => {
    const made = await (await send(base(), owner, 'POST', { name: 'Hemmelig' })).json();
    const one = `${base()}/${made._id}`;
    for (const [path, method, body] of [
      [base(), 'GET', undefined],
      [base(), 'POST', { name: 'Inn' }],
      [one, 'GET', undefined],
      [`${base()}/no-such-pack`, 'GET', undefined],
      [one, 'PUT', { name: 'Inn' }],
      [one, 'DELETE', undefined],
      [`${one}/preview`, 'POST', { startDate: '2026-01-01', endDate: '2026-03-31' }],
    ] as const) {
      const res = await send(path, outsider, method, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).code).toBe('BOARD_NOT_FOUND');
    }
    expect((await send(one, owner)).status).toBe(200);
  });
});
