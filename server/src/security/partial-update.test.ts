import { beforeAll, describe, expect, it } from 'vitest';
import { boardApiAccount } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const put = (body: object) =>
  t.request(`/api/group-account/${t.boardId}`, { method: 'PUT', token, body: JSON.stringify(body) });
const profitOf = async () => {
  const res = await t.request(`/api/profit-loss?groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`, {
    token,
  });
  return (await res.json()).total.result as number;
};

describe('PUT /api/group-account/{id} keeps what the body leaves out (issue 11, item 2)', () => {
  it('renames a board without unlinking its data', async () => {
    const result = await profitOf();
    expect(result).not.toBe(0);
    const res = await put({ name: 'Nytt navn' });
    expect(res.status).toBe(200);
    const board = await res.json();
    expect(board.name).toBe('Nytt navn');
    expect(board.apis).toEqual([t.apiAccountId]);
    expect(await profitOf()).toBe(result);
  });

  it('changes the API accounts without a name, and keeps the name', async () => {
    const res = await put({ apis: [t.apiAccountId] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Nytt navn', apis: [t.apiAccountId] });
    const cleared = await put({ apis: [] });
    expect(await cleared.json()).toMatchObject({ name: 'Nytt navn', apis: [] });
    expect((await put({ apis: [t.apiAccountId] })).status).toBe(200);
  });

  it('still refuses an empty name that is given', async () => {
    const res = await put({ name: '   ' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BOARD_NAME_EMPTY');
  });
});

describe('PUT /api/consolidation/{groupId} keeps what the body leaves out', () => {
  const path = () => `/api/consolidation/${t.boardId}`;
  const send = (method: string, body: object) => t.request(path(), { method, token, body: JSON.stringify(body) });

  it('renames the group and keeps its APIs and deducted accounts', async () => {
    const second = await t.addApiAccount('demo', 'Datter AS');
    await t.deps.db.insert(boardApiAccount).values({ boardId: t.boardId, apiAccountId: second });
    const apis = [t.apiAccountId, second].sort();
    const made = await send('POST', { name: 'Konsern', apis, deductAccounts: [1500, 2400] });
    expect(made.status).toBe(201);

    const renamed = await send('PUT', { name: 'Gruppen' });
    expect(renamed.status).toBe(200);
    const stored = await (await t.request(path(), { token })).json();
    expect(stored).toMatchObject({ name: 'Gruppen', deductAccounts: [1500, 2400] });
    expect([...stored.apis].sort()).toEqual(apis);

    // Each field alone changes only itself; an empty list given is a change, not a field left out.
    expect(await (await send('PUT', { deductAccounts: [] })).json()).toMatchObject({
      name: 'Gruppen',
      deductAccounts: [],
    });
    expect(await (await send('PUT', { deductAccounts: [1920] })).json()).toMatchObject({ deductAccounts: [1920] });
    const reordered = await (await send('PUT', { apis: [second, t.apiAccountId] })).json();
    expect(reordered).toMatchObject({ name: 'Gruppen', deductAccounts: [1920] });
  });

  it('still checks the fields that are given', async () => {
    expect((await (await send('PUT', { apis: [t.apiAccountId] })).json()).code).toBe('CONSOLIDATION_NEEDS_TWO_APIS');
    expect((await send('PUT', { name: '' })).status).toBe(400);
    expect((await (await t.request(path(), { token })).json()).name).toBe('Gruppen');
  });
});

describe('PUT /api/widgets/{groupId}/custom/{id} keeps what the body leaves out', () => {
  const base = () => `/api/widgets/${t.boardId}/custom`;
  const send = (method: string, path: string, body: object) =>
    t.request(path, { method, token, body: JSON.stringify(body) });

  it('renames a widget and keeps its view, note and accounts', async () => {
    const made = await t.addCustomWidget(token, {
      name: 'Salg',
      type: 'accountRange',
      range: { from: '3xxx', to: '3xxx' },
      view: 'comparison',
      note: 'Fra regnskapet',
    });
    const renamed = await send('PUT', `${base()}/${made._id}`, { name: 'Omsetning' });
    expect(renamed.status).toBe(200);
    const expected = { ...made, name: 'Omsetning' };
    expect(await renamed.json()).toEqual(expected);
    expect(
      (await (await t.request(base(), { token })).json()).find((w: { _id: string }) => w._id === made._id),
    ).toEqual(expected);

    // A note given as null is cleared; a view given changes; the rest stays.
    const cleared = await (await send('PUT', `${base()}/${made._id}`, { note: null, view: 'single' })).json();
    expect(cleared).toEqual({ ...expected, note: null, view: 'single' });
  });

  it('changes the type only with the new type’s accounts', async () => {
    const made = await t.addCustomWidget(token, {
      name: 'Lønn',
      type: 'accountRange',
      range: { from: '5000', to: '5999' },
    });
    const bare = await send('PUT', `${base()}/${made._id}`, { type: 'ratio' });
    expect(bare.status).toBe(400);
    expect((await bare.json()).code).toBe('CUSTOM_WIDGET_UPDATE_FAILED');
    const ratio = await (
      await send('PUT', `${base()}/${made._id}`, {
        type: 'ratio',
        dividend: { from: '5000', to: '5999' },
        divisor: { from: '3xxx', to: '3xxx' },
      })
    ).json();
    expect(ratio).toMatchObject({ name: 'Lønn', type: 'ratio', view: 'single', note: null });
    expect(ratio.range).toBeUndefined();
    const divisorOnly = await (
      await send('PUT', `${base()}/${made._id}`, { divisor: { from: '4xxx', to: '4xxx' } })
    ).json();
    expect(divisorOnly).toMatchObject({
      dividend: { from: '5000', to: '5999' },
      divisor: { from: '4xxx', to: '4xxx' },
    });
  });
});
