import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../access/rules.ts';
import { user } from '../db/schema/index.ts';
import { TRIAL_MS } from '../features/admin/lifecycle.ts';
import { routeAccess } from '../served.ts';
import { createTestApp, statusAndCode, type TestApp } from '../test/create-test-app.ts';

/**
 * Read-only once the trial (or a subscription) has ended, enforced before any handler by the route
 * table's `write` rows (access/rules.ts, access/route-access.ts). Every route is called as the owner
 * of a board whose trial has ended: each write row is refused with PLAN_READ_ONLY, every other row
 * answers as before. A board's owner's plan governs it, whoever of its members writes.
 */

let clock = Date.now();
let t: TestApp;
let owner: string;
let editor: { id: string; token: string };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  clock = Date.now();
  t = await createTestApp({ now: () => clock, accessTokenTtlSeconds: 90 * 24 * 60 * 60 });
  owner = (await t.login()).jwtToken;
  editor = await t.signUp('editor@example.no', { member: 'Editor' });
});

/** A concrete call as in the role matrix: board parameters are the test board, every other names nothing. */
async function call(key: string, token: string) {
  const method = key.slice(0, key.indexOf(' '));
  const path = key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'groupId' || (name === 'id' && key.includes('/group-account/:id'))) return t.boardId;
    return `no-such-${name}`;
  });
  const res = await t.request(`/api${path}?groupId=${t.boardId}`, {
    method,
    token,
    ...(method === 'GET' ? {} : { body: JSON.stringify({ groupId: t.boardId }) }),
  });
  return statusAndCode(res);
}

const isWrite = (access: Access) => access.kind === 'menu' && access.write === true;

/** Non-GET routes that stay open when read-only, and why: each new one is a decision. */
const OPEN_WHEN_READ_ONLY = [
  /^(POST|PATCH) \/auth\//, // signing in and out, passwords, verification
  /^(POST|PATCH|DELETE) \/profile\//, // the user's own profile, avatar and password
  /^POST \/billing\//, // how a read-only account subscribes again (and Stripe's webhook)
  /^(POST|PATCH|DELETE) \/team\//, // who may see the boards: taking access back is never locked
  /^PATCH \/admin\//, // the super admin's own work
  /^POST \/exports\/:groupId$/, // a file of what the caller may read
  /^POST \/report-packs\/:groupId\/:packId\/preview$/, // a report pack resolved for a period: a read
  /^DELETE \/public-share\/board\/:boardId$/, // revoking a public link
  /^DELETE \/group-account\/:groupId\/embed-keys\/:id$/, // revoking an embed key
  /^POST \/feedback$/, // a bug report or feedback: a mail to us, no data of the account
  /^POST \/sync-board\/progress\/ticket$/, // opens a read: the progress stream of syncs already running
  /^POST \/api-account\/tripletex\/companies$/, // lists an employee token's Tripletex clients: stores nothing (a POST to keep the token out of URLs)
];

describe('the write rows', () => {
  it('mark every change to boards, sources and sharing; every other non-GET route is one that stays open on purpose', () => {
    const rows = Object.entries(routeAccess);
    for (const [key, access] of rows) {
      if (isWrite(access)) expect(key.startsWith('GET '), key).toBe(false);
      // Anything that edits a board (or needs its owner) changes the owner's data.
      if (
        access.kind === 'menu' &&
        (access.board?.need === 'edit' || access.board?.need === 'owner') &&
        !key.startsWith('GET ')
      )
        expect(isWrite(access), key).toBe(true);
    }
    const open = rows
      .filter(([key, access]) => !key.startsWith('GET ') && !isWrite(access))
      .map(([key]) => key)
      .filter((key) => !OPEN_WHEN_READ_ONLY.some((rule) => rule.test(key)));
    expect(open, 'non-GET routes neither marked write nor open on purpose').toEqual([]);
  });
});

describe('an ended trial', () => {
  it('refuses every write row with PLAN_READ_ONLY and answers every other row as before, nothing lost', async () => {
    const before = await t.request('/api/group-account', { token: owner }).then((r) => r.json());
    const pl = `/api/profit-loss?groupId=${t.boardId}&startDate=2026-01-01&endDate=2026-06-30`;
    const report = await t.request(pl, { token: owner }).then((r) => r.json());
    const trialEnd = Date.parse(
      (await t.request('/api/billing/subscription', { token: owner }).then((r) => r.json())).trialEndsAt,
    );
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(TRIAL_MS);
    clock = trialEnd + DAY;
    expect(await t.request('/api/billing/subscription', { token: owner }).then((r) => r.json())).toMatchObject({
      state: 'trialEnded',
      readOnly: true,
    });

    const wrong: string[] = [];
    for (const [key, access] of Object.entries(routeAccess)) {
      const answer = await call(key, owner);
      const refused = answer.status === 402 && answer.code === 'PLAN_READ_ONLY';
      if (isWrite(access) !== refused) wrong.push(`${key}: got ${answer.status} ${answer.code}`);
      if (!isWrite(access) && answer.code === 'PLAN_READ_ONLY') wrong.push(`${key}: refused a read`);
    }
    expect(wrong).toEqual([]);

    // Nothing was deleted or changed: the boards and their reports read as before.
    expect(await t.request('/api/group-account', { token: owner }).then((r) => r.json())).toEqual(before);
    expect(await t.request(pl, { token: owner }).then((r) => r.json())).toEqual(report);
    const refused = await t.request('/api/billing/subscription', { token: owner });
    expect(refused.status).toBe(200);
  });

  it("governs a shared board by its owner's plan, and a member's own account by the member's", async () => {
    // The owner's trial has ended (above); the Editor has free use.
    await t.deps.db.update(user).set({ plan: 'free' }).where(eq(user.id, editor.id));
    const onOwnersBoard = await call('POST /dashboard-folders/:groupId', editor.token);
    expect(onOwnersBoard).toEqual({ status: 402, code: 'PLAN_READ_ONLY' });
    const ownBoard = await t.request('/api/group-account', {
      method: 'POST',
      token: editor.token,
      body: JSON.stringify({ name: 'Editors egen AS', apis: [] }),
    });
    expect(ownBoard.status).toBe(201);

    // The other way round: the owner has free use, the Editor's own trial has ended.
    await t.deps.db.update(user).set({ plan: 'free' }).where(eq(user.id, t.userId));
    await t.deps.db.update(user).set({ plan: 'trial' }).where(eq(user.id, editor.id));
    const folder = await t.request(`/api/dashboard-folders/${t.boardId}`, {
      method: 'POST',
      token: editor.token,
      body: JSON.stringify({ name: 'Fra redaktøren' }),
    });
    expect(folder.status).toBe(201);
    const another = await call('POST /group-account', editor.token);
    expect(another).toEqual({ status: 402, code: 'PLAN_READ_ONLY' });
  });
});
