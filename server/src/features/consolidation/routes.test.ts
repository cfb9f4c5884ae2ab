import type { Consolidation } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardApiAccount } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let token: string;
let second: string;
let outside: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  second = await t.addApiAccount('demo', 'Datter AS');
  outside = await t.addApiAccount('demo', 'Ikke på tavlen AS');
  await t.deps.db.insert(boardApiAccount).values({ boardId: t.boardId, apiAccountId: second });
});

const path = () => `/api/consolidation/${t.boardId}`;
const send = (method: string, body: unknown) => t.request(path(), { method, token, body: JSON.stringify(body) });

describe('a board’s consolidation group', () => {
  it('is null before it is made', async () => {
    const res = await t.request(path(), { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it('needs at least 2 of the board’s APIs', async () => {
    const one = await send('POST', { name: 'Konsern', apis: [t.apiAccountId], deductAccounts: [] });
    expect(one.status).toBe(400);
    expect(await one.json()).toEqual({
      code: 'CONSOLIDATION_NEEDS_TWO_APIS',
      message: 'A consolidation needs at least 2 APIs',
    });
    // The same API twice is still one.
    const twice = await send('POST', { name: 'Konsern', apis: [t.apiAccountId, t.apiAccountId] });
    expect((await twice.json()).code).toBe('CONSOLIDATION_NEEDS_TWO_APIS');
    const foreign = await send('POST', { name: 'Konsern', apis: [t.apiAccountId, outside] });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).code).toBe('VALIDATION_FAILED');
    expect(await (await t.request(path(), { token })).json()).toBeNull();
  });

  it('is made once; a second create is refused with the spec’s message', async () => {
    const made = await send('POST', { name: 'Konsern', apis: [t.apiAccountId, second], deductAccounts: [1500, 1500] });
    expect(made.status).toBe(201);
    const group: Consolidation = await made.json();
    expect(group).toMatchObject({ groupId: t.boardId, name: 'Konsern', deductAccounts: [1500] });
    expect([...group.apis].sort()).toEqual([t.apiAccountId, second].sort());
    const again = await send('POST', { name: 'Konsern', apis: [t.apiAccountId, second] });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'CONSOLIDATION_EXISTS', message: 'Consolidation group already exist' });
    expect(await (await t.request(path(), { token })).json()).toEqual(group);
  });

  it('is changed with PUT, with the same rules', async () => {
    const res = await send('PUT', { name: 'Gruppen', apis: [second, t.apiAccountId], deductAccounts: [2400, 1500] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Gruppen', deductAccounts: [2400, 1500] });
    const bad = await send('PUT', { name: 'Gruppen', apis: [second] });
    expect((await bad.json()).code).toBe('CONSOLIDATION_NEEDS_TWO_APIS');
    const badAccount = await send('PUT', { name: 'Gruppen', apis: [second, t.apiAccountId], deductAccounts: [99] });
    expect((await badAccount.json()).code).toBe('VALIDATION_FAILED');
  });

  it('is removed with DELETE; PUT then finds nothing', async () => {
    expect(await (await t.request(path(), { method: 'DELETE', token })).json()).toEqual({ isDeleted: true });
    expect(await (await t.request(path(), { token })).json()).toBeNull();
    const res = await send('PUT', { name: 'Gruppen', apis: [second, t.apiAccountId] });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('CONSOLIDATION_NOT_FOUND');
  });

  it('is not shown for an unknown board or without a token', async () => {
    expect((await t.request('/api/consolidation/nope', { token })).status).toBe(404);
    expect((await t.request(path())).status).toBe(401);
  });
});
