import type { Board, BoardWidget, CustomWidget, FirmTemplate, TemplateApplyResponse } from '@saldo/contract';
import { errors } from '@saldo/contract/errors/errors';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardMember, boardTemplateUndo, firmTemplate } from '../../db/schema/index.ts';
import { createTestApp, statusAndCode, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let owner: string;

type Sent = { method?: string; body?: unknown; token?: string };
async function call(path: string, { method = 'GET', body, token = owner }: Sent = {}) {
  return t.request(`/api${path}`, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}
async function ok<T>(path: string, sent: Sent = {}): Promise<T> {
  const res = await call(path, sent);
  if (!res.ok) throw new Error(`${sent.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A board's whole dashboard as the API shows it: its widgets, its sub-boards and its custom widgets. */
async function dashboard(boardId: string, token = owner) {
  const board = await ok<Board>(`/group-account/${boardId}`, { token });
  const subBoards = await ok<Array<{ _id: string; name: string; widgets: BoardWidget[] }>>(
    `/dashboard-folders/${boardId}`,
    { token },
  );
  const customs = await ok<CustomWidget[]>(`/widgets/${boardId}/custom`, { token });
  return { widgets: board.widgets, subBoards, customs: customs.sort((a, b) => a._id.localeCompare(b._id)) };
}

const place = (w: BoardWidget) => ({ ...w, note: w.note ?? null });

/** A sub-board of the board with these widgets (made, then its widgets saved, as the portal does). */
async function addSubBoard(boardId: string, name: string, widgets: object[]) {
  const sub = await ok<{ _id: string }>(`/dashboard-folders/${boardId}`, { method: 'POST', body: { name } });
  await ok(`/dashboard-folders/${boardId}/${sub._id}`, { method: 'PUT', body: { widgets } });
}

async function newBoard(name: string): Promise<string> {
  return (await ok<Board>('/group-account', { method: 'POST', body: { name, apis: [] } }))._id;
}

/** A board that already has a layout of its own: turnover, a custom widget and a sub-board. */
async function boardWithLayout(name: string): Promise<string> {
  const id = await newBoard(name);
  const custom = await ok<CustomWidget>(`/widgets/${id}/custom/create`, {
    method: 'POST',
    body: { name: 'Lønn', type: 'accountRange', range: { from: '5000', to: '5999' } },
  });
  await ok(`/widgets/board-preference/${id}/update`, {
    method: 'PATCH',
    body: {
      widgets: [
        { id: 'turnover', widget: 'turnover', name: '', x: 0, y: 0, width: 6, height: 4 },
        { id: custom._id, widget: 'custom', name: 'Lønn', x: 6, y: 0, width: 6, height: 5 },
      ],
    },
  });
  await addSubBoard(id, 'Egen', [{ id: 'employees', widget: 'employees', name: '', x: 0, y: 0, width: 6, height: 4 }]);
  return id;
}

let template: FirmTemplate;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
  // The demo board's dashboard: two KPIs, a statement, a custom ratio; a sub-board with another KPI and the ratio.
  const ratio = await t.addCustomWidget(owner, {
    name: 'Egenkapitalandel',
    type: 'ratio',
    dividend: { line: 'equity' },
    divisor: { line: 'totalAssets' },
  });
  await ok(`/widgets/board-preference/${t.boardId}/update`, {
    method: 'PATCH',
    body: {
      widgets: [
        { id: 'kpi:ebitda-margin', widget: 'kpi', name: 'EBITDA', x: 0, y: 0, width: 4, height: 5 },
        { id: 'kpi:current-ratio', widget: 'kpi', name: '', x: 4, y: 0, width: 4, height: 5, view: 'comparison' },
        { id: ratio._id, widget: 'custom', name: 'EK-andel', x: 8, y: 0, width: 4, height: 5, note: 'Mål: 30 %' },
        { id: 'profit-loss', widget: 'profit-loss', name: '', x: 0, y: 5, width: 12, height: 11 },
      ],
    },
  });
  await addSubBoard(t.boardId, 'Likviditet', [
    { id: 'kpi:quick-ratio', widget: 'kpi', name: '', x: 0, y: 0, width: 4, height: 5 },
    { id: ratio._id, widget: 'custom', name: 'EK-andel', x: 4, y: 0, width: 4, height: 5 },
  ]);
  template = await ok<FirmTemplate>('/templates', {
    method: 'POST',
    body: { name: 'Standard klient', fromGroupId: t.boardId },
  });
});

describe('saving a template', () => {
  it("holds the board's widgets, places, sub-boards, custom widgets and KPIs, in version 1 with no report pack yet", async () => {
    const demo = await dashboard(t.boardId);
    expect(template.body.version).toBe(1);
    expect(template.body.reports).toBeNull();
    expect(template.body.widgets).toEqual(demo.widgets.map(place));
    expect(template.body.subBoards).toEqual([{ name: 'Likviditet', widgets: demo.subBoards[0]!.widgets.map(place) }]);
    expect(template.body.customWidgets).toEqual([
      {
        ref: demo.customs[0]!._id,
        name: 'Egenkapitalandel',
        type: 'ratio',
        accounts: { dividend: { line: 'equity' }, divisor: { line: 'totalAssets' } },
        view: 'single',
        note: null,
      },
    ]);
    expect(template.kpis.sort()).toEqual(['current-ratio', 'ebitda-margin', 'quick-ratio']);
    expect(template.firmId).toBe(t.userId);
    const listed = await ok<FirmTemplate[]>('/templates');
    expect(listed.map((l) => l._id)).toContain(template._id);
  });

  it('needs a role in the firm above Viewer, and view of the board', async () => {
    const viewer = await t.signUp('tpl-viewer@example.no', { member: 'Viewer' });
    const refused = await call('/templates', {
      method: 'POST',
      token: viewer.token,
      body: { name: 'Min', fromGroupId: t.boardId },
    });
    expect(await statusAndCode(refused)).toEqual({ status: 403, code: 'TEMPLATE_NOT_ALLOWED' });
    const outsider = await t.signUp('tpl-outsider@example.no');
    const unknown = await call('/templates', {
      method: 'POST',
      token: outsider.token,
      body: { name: 'Min', fromGroupId: t.boardId },
    });
    expect(await statusAndCode(unknown)).toEqual({ status: 404, code: 'BOARD_NOT_FOUND' });
    // The outsider sees none of the firm's templates, nor can they apply or delete one.
    expect(await ok<FirmTemplate[]>('/templates', { token: outsider.token })).toEqual([]);
    const apply = await call(`/templates/${template._id}/apply`, {
      method: 'POST',
      token: outsider.token,
      body: { groupIds: [t.boardId], mode: 'add' },
    });
    expect(await statusAndCode(apply)).toEqual({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    const del = await call(`/templates/${template._id}`, { method: 'DELETE', token: outsider.token });
    expect(await statusAndCode(del)).toEqual({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
  });

  it('refuses a bad name and too many boards with VALIDATION_FAILED', async () => {
    const long = await call('/templates', { method: 'POST', body: { name: 'x'.repeat(101), fromGroupId: t.boardId } });
    expect(await statusAndCode(long)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const many = await call(`/templates/${template._id}/apply`, {
      method: 'POST',
      body: { groupIds: Array.from({ length: 501 }, (_, i) => `b${i}`), mode: 'add' },
    });
    expect(await statusAndCode(many)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });
});

/** The template's widgets as a board holds them once its custom widgets have that board's ids. */
function expectedWidgets(widgets: FirmTemplate['body']['widgets'], customs: CustomWidget[]) {
  const byName = new Map(template.body.customWidgets.map((c) => [c.ref, c.name]));
  return widgets.map((w) =>
    w.widget === 'custom' ? { ...w, id: customs.find((c) => c.name === byName.get(w.id))!._id } : w,
  );
}

/** Five boards with their own layout, the template applied to them all in `mode`, and their dashboards before. */
async function fiveBoardsApplied(label: string, mode: 'replace' | 'add') {
  const boards = await Promise.all([1, 2, 3, 4, 5].map((i) => boardWithLayout(`${label} ${i}`)));
  const before = await Promise.all(boards.map((b) => dashboard(b)));
  const res = await ok<TemplateApplyResponse>(`/templates/${template._id}/apply`, {
    method: 'POST',
    body: { groupIds: boards, mode },
  });
  expect(res).toMatchObject({ applied: 5, refused: 0 });
  return { boards, before };
}

describe('applying to five boards and undoing', () => {
  it("replace: each board's dashboard, sub-boards, custom widgets and KPIs are the template's; undo gives each back exactly", async () => {
    const { boards, before } = await fiveBoardsApplied('Klient', 'replace');
    const ids = new Set<string>();
    for (const b of boards) {
      const now = await dashboard(b);
      expect(now.customs).toHaveLength(1);
      expect(now.customs[0]).toMatchObject({
        name: 'Egenkapitalandel',
        type: 'ratio',
        dividend: { line: 'equity' },
        divisor: { line: 'totalAssets' },
        view: 'single',
        note: null,
      });
      for (const c of now.customs) ids.add(c._id);
      expect(now.widgets.map(place)).toEqual(expectedWidgets(template.body.widgets, now.customs));
      expect(now.subBoards.map((s) => ({ name: s.name, widgets: s.widgets.map(place) }))).toEqual(
        template.body.subBoards.map((s) => ({ name: s.name, widgets: expectedWidgets(s.widgets, now.customs) })),
      );
    }
    // Each board got its own copy of the custom widget.
    expect(ids.size).toBe(5);
    for (const [i, b] of boards.entries()) {
      const state = await ok<{ templateId: string }>(`/templates/undo/${b}`);
      expect(state.templateId).toBe(template._id);
      await ok('/templates/undo', { method: 'POST', body: { groupId: b } });
      expect(await dashboard(b)).toEqual(before[i]);
    }
    // One level: a second undo has nothing left.
    const again = await call('/templates/undo', { method: 'POST', body: { groupId: boards[0] } });
    expect(await statusAndCode(again)).toEqual({ status: 404, code: 'TEMPLATE_NOTHING_TO_UNDO' });
  });

  it('add: the template is appended below each board and its own layout kept (the union); undo gives each back', async () => {
    const { boards, before } = await fiveBoardsApplied('Tillegg', 'add');
    for (const [i, b] of boards.entries()) {
      const was = before[i]!;
      const now = await dashboard(b);
      const bottom = Math.max(...was.widgets.map((w) => w.y + w.height));
      const added = now.customs.filter((c) => !was.customs.some((o) => o._id === c._id));
      expect(now.customs.filter((c) => was.customs.some((o) => o._id === c._id))).toEqual(was.customs);
      expect(now.widgets).toEqual([
        ...was.widgets,
        ...expectedWidgets(template.body.widgets, added).map((w) => ({ ...w, y: w.y + bottom })),
      ]);
      expect(now.subBoards.slice(0, was.subBoards.length)).toEqual(was.subBoards);
      expect(now.subBoards.slice(was.subBoards.length).map((s) => ({ name: s.name, widgets: s.widgets }))).toEqual(
        template.body.subBoards.map((s) => ({ name: s.name, widgets: expectedWidgets(s.widgets, added) })),
      );
      await ok('/templates/undo', { method: 'POST', body: { groupId: b } });
      expect(await dashboard(b)).toEqual(was);
    }
  });

  it("refuses, board by board, a target the user may not edit, another firm's and a deleted one, and applies the others", async () => {
    const editable = await boardWithLayout('Redigerbar');
    const viewOnly = await boardWithLayout('Bare lesing');
    const gone = await boardWithLayout('Slettet');
    const editor = await t.signUp('tpl-editor@example.no');
    const now = new Date();
    await t.deps.db.insert(boardMember).values([
      { boardId: editable, userId: editor.id, role: 'Editor', addedAt: now },
      { boardId: viewOnly, userId: editor.id, role: 'Viewer', addedAt: now },
      { boardId: gone, userId: editor.id, role: 'Editor', addedAt: now },
    ]);
    const stranger = await t.signUp('tpl-stranger@example.no');
    const theirs = await ok<Board>('/group-account', {
      method: 'POST',
      token: stranger.token,
      body: { name: 'Annet firma', apis: [] },
    });
    // The stranger's board is in the editor's reach as an Editor, but it is another firm's.
    await t.deps.db
      .insert(boardMember)
      .values({ boardId: theirs._id, userId: editor.id, role: 'Editor', addedAt: now });
    await ok(`/group-account/${gone}?forced=forced`, { method: 'DELETE' });
    const viewOnlyBefore = await dashboard(viewOnly);
    const res = await ok<TemplateApplyResponse>(`/templates/${template._id}/apply`, {
      method: 'POST',
      token: editor.token,
      body: { groupIds: [editable, viewOnly, gone, theirs._id, 'no-such-board'], mode: 'replace' },
    });
    expect(res.results.map((r) => [r.groupId, r.code])).toEqual([
      [editable, null],
      [viewOnly, 'BOARD_VIEW_ONLY'],
      [gone, 'BOARD_NOT_FOUND'],
      [theirs._id, 'BOARD_NOT_FOUND'],
      ['no-such-board', 'BOARD_NOT_FOUND'],
    ]);
    expect(res).toMatchObject({ applied: 1, refused: 4 });
    expect(res.results[1]!.message).toBe(errors.BOARD_VIEW_ONLY.en);
    expect(await dashboard(viewOnly)).toEqual(viewOnlyBefore);
    expect((await dashboard(editable)).widgets.map((w) => w.id)).toContain('kpi:ebitda-margin');
  });

  it('a board whose apply fails inside its transaction keeps nothing of it, and the others are applied', async () => {
    const fine = await boardWithLayout('Vanlig');
    const full = await newBoard('Full');
    const widgets = Array.from({ length: 98 }, (_, i) => ({
      id: `kpi:${i}`,
      widget: 'kpi',
      name: '',
      x: 0,
      y: i * 5,
      width: 4,
      height: 5,
    }));
    await ok(`/widgets/board-preference/${full}/update`, { method: 'PATCH', body: { widgets } });
    const fullBefore = await dashboard(full);
    const res = await ok<TemplateApplyResponse>(`/templates/${template._id}/apply`, {
      method: 'POST',
      body: { groupIds: [full, fine], mode: 'add' },
    });
    expect(res.results.map((r) => r.code)).toEqual(['TEMPLATE_TOO_MANY_WIDGETS', null]);
    expect(await dashboard(full)).toEqual(fullBefore);
    // Its undo record was written in the same transaction, and went with it.
    expect(await t.deps.db.select().from(boardTemplateUndo).where(eq(boardTemplateUndo.boardId, full))).toEqual([]);
    expect((await ok<{ templateId: string }>(`/templates/undo/${fine}`)).templateId).toBe(template._id);
  });
});

describe('a template body that breaks the rules', () => {
  it.each([
    ['a later version', { ...structuredClone(templateBodyOf()), version: 2 }],
    ['a custom widget it does not hold', withWidget({ id: 'missing', widget: 'custom' })],
    ['a widget twice', withWidget({ id: 'turnover', widget: 'turnover' }, 2)],
    ['a custom widget with a pattern that is no account', withBadCustom()],
  ])('is refused whole with TEMPLATE_BODY_INVALID (nor and en), no board changed: %s', async (_, body) => {
    const target = await boardWithLayout('Urørt');
    const before = await dashboard(target);
    const id = `bad-${Math.random()}`;
    await t.deps.db.insert(firmTemplate).values({
      id,
      firmId: t.userId,
      name: 'Ødelagt',
      createdBy: t.userId,
      createdAt: new Date(),
      body: body as never,
    });
    const res = await call(`/templates/${id}/apply`, { method: 'POST', body: { groupIds: [target], mode: 'replace' } });
    expect(await statusAndCode(res)).toEqual({ status: 422, code: 'TEMPLATE_BODY_INVALID' });
    expect(errors.TEMPLATE_BODY_INVALID.no).toMatch(/Malen er ugyldig/);
    expect(await dashboard(target)).toEqual(before);
    expect(await t.deps.db.select().from(boardTemplateUndo).where(eq(boardTemplateUndo.boardId, target))).toEqual([]);
  });
});

function templateBodyOf() {
  return {
    version: 1,
    widgets: [
      { id: 'turnover', name: '', widget: 'turnover', x: 0, y: 0, width: 6, height: 4, view: 'single', note: null },
    ],
    subBoards: [],
    customWidgets: [],
    reports: null,
  };
}
function withWidget(w: { id: string; widget: string }, times = 1) {
  const body = templateBodyOf();
  const one = { ...body.widgets[0]!, ...w };
  return { ...body, widgets: times === 2 ? [one, one] : [...body.widgets, one] };
}
function withBadCustom() {
  const body = templateBodyOf();
  return {
    ...body,
    widgets: [...body.widgets, { ...body.widgets[0]!, id: 'c1', widget: 'custom' }],
    customWidgets: [
      {
        ref: 'c1',
        name: 'Feil',
        type: 'accountRange',
        accounts: { range: { from: '0abc', to: '3999' } },
        view: 'single',
        note: null,
      },
    ],
  };
}

describe('deleting a template', () => {
  it("is for the firm's owner or the template's maker", async () => {
    const editor = await t.signUp('tpl-maker@example.no', { member: 'Editor' });
    const mine = await ok<FirmTemplate>('/templates', {
      method: 'POST',
      token: editor.token,
      body: { name: 'Redaktørens', fromGroupId: t.boardId },
    });
    const other = await t.signUp('tpl-other-editor@example.no', { member: 'Editor' });
    const refused = await call(`/templates/${mine._id}`, { method: 'DELETE', token: other.token });
    expect(await statusAndCode(refused)).toEqual({ status: 403, code: 'TEMPLATE_NOT_ALLOWED' });
    await ok(`/templates/${mine._id}`, { method: 'DELETE', token: editor.token });
    const saved = await ok<FirmTemplate>('/templates', {
      method: 'POST',
      token: editor.token,
      body: { name: 'Til eier', fromGroupId: t.boardId },
    });
    await ok(`/templates/${saved._id}`, { method: 'DELETE' });
    expect((await ok<FirmTemplate[]>('/templates')).map((l) => l._id)).not.toContain(saved._id);
  });
});
