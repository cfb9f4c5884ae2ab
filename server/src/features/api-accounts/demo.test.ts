import type { Board, DemoStart, ProfitLossReport } from '@saldo/contract';
import { errorMessage } from '@saldo/contract/errors/errors';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/create-test-app.ts';

/** Issue 17's first run: "try the demo company" is one call that leaves a board with data behind it. */

let t: TestApp;

const startDemo = (token: string, body: unknown = {}) =>
  t.request('/api/api-account/demo', { method: 'POST', token, body: JSON.stringify(body) });

async function profitLoss(token: string, boardId: string): Promise<ProfitLossReport> {
  const res = await t.request(`/api/profit-loss?groupId=${boardId}&startDate=2025-01-01&endDate=2025-12-31`, { token });
  expect(res.status).toBe(200);
  return res.json();
}

beforeEach(async () => {
  // The seeded board and the new demo read the same months, so their figures can be compared.
  t = await createTestApp({ now: () => TEST_TODAY.getTime() });
});

describe('POST /api/api-account/demo', () => {
  it('makes a demo API account and a board over it for a user without boards, and queues its sync', async () => {
    const token = (await t.signUp('first-run@example.no')).token;
    expect(await (await t.request('/api/group-account', { token })).json()).toEqual([]);

    const res = await startDemo(token);
    expect(res.status).toBe(201);
    const started: DemoStart = await res.json();
    expect(started.board).toMatchObject({
      name: 'Nordlys Energiteknikk AS',
      apis: [started.apiAccount._id],
      role: 'owner',
      lastSyncedAt: null,
    });
    expect(started.apiAccount).toMatchObject({
      name: 'Nordlys Energiteknikk AS (demo)',
      provider: 'demo',
      syncInfo: { status: 'queued' },
    });
    const boards: Board[] = await (await t.request('/api/group-account', { token })).json();
    expect(boards.map((b) => b._id)).toEqual([started.board._id]);

    // The queued sync brings the demo company's ledger: the same company as the seeded demo board.
    await t.deps.sync.drain();
    const account = await (await t.request(`/api/api-account/${started.apiAccount._id}`, { token })).json();
    expect(account.syncInfo).toMatchObject({ status: 'done', percentage: 100 });
    expect(account.stats.postings).toBeGreaterThan(5000);
    const mine = await profitLoss(token, started.board._id);
    expect(mine.total.result).not.toBe(0);
    expect(mine.months.every((m) => m.groups.some((g) => g.totalAmountOfGroup !== 0))).toBe(true);
    expect(mine.total).toEqual((await profitLoss((await t.login()).jwtToken, t.boardId)).total);
  });

  it('takes a name for the board, and refuses one with a line break', async () => {
    const token = (await t.signUp('named@example.no')).token;
    const named = await startDemo(token, { name: '  Prøvebedrift AS ' });
    expect(named.status).toBe(201);
    const started: DemoStart = await named.json();
    expect(started.board.name).toBe('Prøvebedrift AS');
    expect(started.apiAccount.name).toBe('Prøvebedrift AS (demo)');

    const refused = await startDemo(token, { name: 'To\nlinjer' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe('CONTROL_CHARACTERS');
    const tooLong = await startDemo(token, { name: 'x'.repeat(94) });
    expect(tooLong.status).toBe(400);
    // Nothing half-made by the refused calls: one board, one account.
    expect(await (await t.request('/api/group-account', { token })).json()).toHaveLength(1);
    expect(await (await t.request('/api/api-account', { token })).json()).toHaveLength(1);
  });

  it('is refused without a login, and while the account is read-only (nor and en)', async () => {
    const anonymous = await startDemo('');
    expect(anonymous.status).toBe(401);

    const token = (await t.signUp('ended@example.no')).token;
    await t.deps.db
      .update(user)
      .set({ trialEndsAt: new Date(TEST_TODAY.getTime() - 86_400_000) })
      .where(eq(user.email, 'ended@example.no'));
    const res = await startDemo(token);
    expect(res.status).toBe(402);
    const body = await res.json();
    expect(body.code).toBe('PLAN_READ_ONLY');
    expect(body.message).toBe(errorMessage('PLAN_READ_ONLY', 'en'));
    expect(errorMessage('PLAN_READ_ONLY', 'nor')).toMatch(/^Skrivebeskyttet/);
    expect(await (await t.request('/api/group-account', { token })).json()).toEqual([]);
  });
});
