import type { Board, FirmTemplate, TemplateApplyResponse } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardTemplateUndo } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// A firm template carries one report pack (issue 30): saved from a board's pack, and applied to many
// boards, each of which gets its own copy, in the same transaction as the rest of the template.

let t: TestApp;
let owner: string;

async function ok<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await t.request(`/api${path}`, {
    method,
    token: owner,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const newBoard = async (name: string) => (await ok<Board>('/group-account', 'POST', { name, apis: [] }))._id;

const SECTIONS = [
  { kind: 'cover' },
  { kind: 'profitLoss', compare: 'lastYear' },
  { kind: 'widget', widgetId: 'top-customers' },
  { kind: 'widget', widgetId: 'custom-one' },
  { kind: 'commentary', text: 'Resultatet ble {{line:result}} kr ({{line:result:change}}).', compare: 'previous' },
];

let pack: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
  // The demo board shows the default pair (top customers, the P&L) and, on a sub-board, a custom widget.
  const custom = await t.addCustomWidget(owner, {
    name: 'Lønn',
    type: 'accountRange',
    range: { from: '5000', to: '5999' },
  });
  const sub = await ok<{ _id: string }>(`/dashboard-folders/${t.boardId}`, 'POST', { name: 'Lønn' });
  await ok(`/dashboard-folders/${t.boardId}/${sub._id}`, 'PUT', {
    widgets: [{ id: custom._id, widget: 'custom', name: 'Lønn', x: 0, y: 0, width: 6, height: 4 }],
  });
  SECTIONS[3] = { kind: 'widget', widgetId: custom._id };
  pack = await ok(`/report-packs/${t.boardId}`, 'POST', { name: 'Styrepakke', language: 'en', sections: SECTIONS });
});

describe("a template's report pack", () => {
  let template: FirmTemplate;

  it('is saved from one of the board’s packs, as it is', async () => {
    template = await ok<FirmTemplate>('/templates', 'POST', {
      name: 'Med pakke',
      fromGroupId: t.boardId,
      packId: pack._id,
    });
    expect(template.body.reports).toEqual({ name: 'Styrepakke', language: 'en', sections: SECTIONS });
    const res = await t.request('/api/templates', {
      method: 'POST',
      token: owner,
      body: JSON.stringify({ name: 'Uten', fromGroupId: t.boardId, packId: 'no-such-pack' }),
    });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('PACK_NOT_FOUND');
    // Without a pack, none.
    const plain = await ok<FirmTemplate>('/templates', 'POST', { name: 'Uten pakke', fromGroupId: t.boardId });
    expect(plain.body.reports).toBeNull();
  });

  it('is copied to each board it is applied to, without the widgets that board does not show', async () => {
    const boards = [await newBoard('Kunde A'), await newBoard('Kunde B')];
    const res = await ok<TemplateApplyResponse>(`/templates/${template._id}/apply`, 'POST', {
      groupIds: boards,
      mode: 'replace',
    });
    expect(res.applied).toBe(2);
    const copies = [];
    for (const board of boards) {
      const packs = await ok<Array<{ _id: string; name: string; language: string; sections: unknown[] }>>(
        `/report-packs/${board}`,
      );
      expect(packs).toHaveLength(1);
      const [copy] = packs;
      expect(copy).toMatchObject({ name: 'Styrepakke', language: 'en' });
      // The custom widget is a new one on each board (a new id), so its section is left out.
      expect(copy!.sections).toEqual([SECTIONS[0], SECTIONS[1], SECTIONS[2], SECTIONS[4]]);
      copies.push(copy!._id);
    }
    expect(new Set([...copies, pack._id]).size).toBe(3);
    // The copies are the boards' own: changing one changes neither the other nor the template.
    await ok(`/report-packs/${boards[0]}/${copies[0]}`, 'PUT', { name: 'Kunde A sin' });
    expect((await ok<Array<{ name: string }>>(`/report-packs/${boards[1]}`))[0]!.name).toBe('Styrepakke');
  });

  it('leaves a board that cannot take the pack as it was, and applies the others', async () => {
    const full = await newBoard('Full');
    for (let i = 0; i < 50; i++) await ok(`/report-packs/${full}`, 'POST', { name: `Pakke ${i}` });
    const fine = await newBoard('Ledig');
    const before = await ok<Board>(`/group-account/${full}`);
    const res = await ok<TemplateApplyResponse>(`/templates/${template._id}/apply`, 'POST', {
      groupIds: [full, fine],
      mode: 'replace',
    });
    expect(res.results.map((r) => r.code)).toEqual(['PACK_LIMIT', null]);
    expect((await ok<Board>(`/group-account/${full}`)).widgets).toEqual(before.widgets);
    expect(await ok<unknown[]>(`/report-packs/${full}`)).toHaveLength(50);
    expect(await t.deps.db.select().from(boardTemplateUndo).where(eq(boardTemplateUndo.boardId, full))).toEqual([]);
    expect(await ok<unknown[]>(`/report-packs/${fine}`)).toHaveLength(1);
  });
});
