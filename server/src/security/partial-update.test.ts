import { beforeAll, describe, expect, it } from 'vitest';
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
