import type { Board, SubBoard } from '@saldo/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(path, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('boards', () => {
  it('creates, lists, renames, re-connects and deletes a board', async () => {
    const created = await send('POST', '/api/group-account', { name: 'Konsern AS', apis: [t.apiAccountId] });
    expect(created.status).toBe(201);
    const made: Board = await created.json();
    // Nothing arranged yet: no widgets stored, and the dashboard's default pair counted.
    expect(made).toMatchObject({ name: 'Konsern AS', apis: [t.apiAccountId], widgets: [], widgetCount: 2 });
    const list: Board[] = await (await t.request('/api/group-account', { token })).json();
    expect(list.map((b) => b.name)).toEqual(['Nordlys Energiteknikk AS', 'Konsern AS']);
    const renamed: Board = await (
      await send('PUT', `/api/group-account/${made._id}`, { name: 'Konsern ASA', apis: [] })
    ).json();
    expect(renamed).toMatchObject({ name: 'Konsern ASA', apis: [] });
    expect(await (await send('DELETE', `/api/group-account/${made._id}`)).json()).toEqual({ isDeleted: true });
    expect((await t.request(`/api/group-account/${made._id}`, { token })).status).toBe(404);
  });

  it("answers the spec's messages: an empty name, and deleting the last board without forced", async () => {
    expect(await (await send('POST', '/api/group-account', { name: '  ', apis: [] })).json()).toEqual({
      code: 'BOARD_NAME_EMPTY',
      message: 'Board name is empty',
    });
    // A board without accounts is allowed (the portal warns).
    expect((await send('POST', '/api/group-account', { name: 'Tom', apis: [] })).status).toBe(201);
    const [first, second] = (await (await t.request('/api/group-account', { token })).json()) as Board[];
    expect((await send('DELETE', `/api/group-account/${second!._id}`)).status).toBe(200);
    const last = await send('DELETE', `/api/group-account/${first!._id}`);
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ code: 'LAST_GROUP', message: 'The user must have at least 1 assigned group' });
    expect(await (await send('DELETE', `/api/group-account/${first!._id}?forced=forced`)).json()).toEqual({
      isDeleted: true,
    });
    expect(await (await t.request('/api/group-account', { token })).json()).toEqual([]);
  });

  it("refuses another user's API accounts and boards", async () => {
    const res = await send('POST', '/api/group-account', { name: 'X', apis: ['not-mine'] });
    expect((await res.json()).code).toBe('API_ACCOUNT_NOT_FOUND');
    expect((await t.request('/api/group-account', { token })).status).toBe(200);
    expect((await send('DELETE', '/api/group-account/not-a-board')).status).toBe(404);
  });
});

describe("a board's periods", () => {
  it('answers the first and last booked month over its sources, and the fiscal year it keeps', async () => {
    const periods = `/api/group-account/${t.boardId}/periods`;
    // The demo company books from January two years back to the month before the test's today (2026-11-21).
    expect(await (await t.request(periods, { token })).json()).toEqual({
      firstBookedMonth: '2024-01',
      lastBookedMonth: '2026-10',
      fiscalYearStart: 1,
      // The demo's source says nothing of a fiscal year.
      sourceFiscalYearStart: null,
    });
    // Setting the fiscal year's start keeps the name and the sources (a PUT keeps what it leaves out).
    const set = await send('PUT', `/api/group-account/${t.boardId}`, { fiscalYearStart: 7 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ name: 'Nordlys Energiteknikk AS', apis: [t.apiAccountId] });
    expect((await (await t.request(periods, { token })).json()).fiscalYearStart).toBe(7);
    for (const bad of [0, 13, 6.5, '7'])
      expect((await send('PUT', `/api/group-account/${t.boardId}`, { fiscalYearStart: bad })).status).toBe(400);
    expect((await (await t.request(periods, { token })).json()).fiscalYearStart).toBe(7);
  });

  it('reads the live ledger version only: months a sync is still writing beside it move nothing', async () => {
    await t.deps.db.run(
      sql`insert into monthly_balance (api_account_id, version, account_number, account_id, month, amount)
        values (${t.apiAccountId}, 999999, 3000, '3000', '2015-01', 100), (${t.apiAccountId}, 999999, 3000, '3000', '2031-12', 100)`,
    );
    expect(await (await t.request(`/api/group-account/${t.boardId}/periods`, { token })).json()).toMatchObject({
      firstBookedMonth: '2024-01',
      lastBookedMonth: '2026-10',
    });
  });

  it('a board without sources has no booked months', async () => {
    const made: Board = await (await send('POST', '/api/group-account', { name: 'Tom', apis: [] })).json();
    expect(await (await t.request(`/api/group-account/${made._id}/periods`, { token })).json()).toEqual({
      firstBookedMonth: null,
      lastBookedMonth: null,
      fiscalYearStart: 1,
      sourceFiscalYearStart: null,
    });
    expect((await t.request('/api/group-account/not-a-board/periods', { token })).status).toBe(404);
  });
});

describe('sub-boards', () => {
  it('creates, lists, renames, saves widgets of and deletes sub-boards', async () => {
    const base = `/api/dashboard-folders/${t.boardId}`;
    expect(await (await send('POST', base, { name: '' })).json()).toEqual({
      code: 'SUB_BOARD_NAME_REQUIRED',
      message: 'Sub-board name is required',
    });
    const a: SubBoard = await (await send('POST', base, { name: 'Salg' })).json();
    const b: SubBoard = await (await send('POST', base, { name: 'Kostnader og lønn' })).json();
    expect(((await (await t.request(base, { token })).json()) as SubBoard[]).map((s) => s.name)).toEqual([
      'Salg',
      'Kostnader og lønn',
    ]);
    const widgets = [
      { id: 'w1', name: 'Topp 10 kunder', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4, view: 'single' },
    ];
    const saved: SubBoard = await (await send('PUT', `${base}/${a._id}`, { name: 'Salg 2025', widgets })).json();
    expect(saved).toMatchObject({ name: 'Salg 2025', widgets: [{ id: 'w1', x: 0, width: 6 }] });
    expect((await (await send('PUT', `${base}/${a._id}`, { widgets: [widgets[0], widgets[0]] })).json()).code).toBe(
      'WIDGET_ALREADY_ADDED',
    );
    expect(await (await send('DELETE', `${base}/${b._id}`)).json()).toEqual({ isDeleted: true });
    expect((await send('DELETE', `${base}/${b._id}`)).status).toBe(404);
    expect(((await (await t.request(base, { token })).json()) as SubBoard[]).map((s) => s.name)).toEqual(['Salg 2025']);
  });
});
