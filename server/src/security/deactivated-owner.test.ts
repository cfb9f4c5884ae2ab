import type { CreatedEmbedKey } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { user } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/**
 * Issue 25, finding 7: after a SuperAdmin deactivated an owner, the owner's public link, embed token
 * and a Viewer member still read the board. Deactivation suspends all three at the next call, and
 * activating the owner again gives them back (nothing is deleted). A file database, as a server has,
 * so the reads kept while the database is unchanged (db/data-cache.ts) are in play.
 */
const PARTNER = 'https://partner.example';
const Q = 'startDate=2025-01-01&endDate=2025-12-31';
const BOSS = { email: 'sjef@saldo.no', password: 'Sjef12345' };
const clock = Date.parse('2026-11-24T09:00:00Z');

let t: TestApp;
let owner: string;
let boss: string;
let viewer: string;
let linkSecret: string;
let embedJwt: string;

const send = (method: string, path: string, token: string | undefined, body?: object) =>
  t.request(path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) });

async function mailToken(email: string, part: string): Promise<string> {
  const mail = (await t.deps.mailer.outbox!.list()).find((m) => m.to === email); // the newest
  const link = mail?.links.find((l) => l.includes(part));
  expect(link, `a mail to ${email}`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

async function login(email: string, password: string): Promise<string> {
  const res = await send('POST', '/api/auth/login', undefined, { email, password });
  expect(res.status).toBe(200);
  return (await res.json()).jwtToken;
}

beforeEach(async () => {
  t = await createTestApp({ now: () => clock, database: 'file', superAdminEmails: [BOSS.email] });
  owner = (await t.login()).jwtToken;
  // A SuperAdmin, verified.
  const signup = { firstName: 'Sjef', lastName: 'Admin', termsAccepted: true, ...BOSS };
  expect((await send('POST', '/api/auth/signup', undefined, signup)).status).toBe(201);
  const verify = { token: await mailToken(BOSS.email, 'token='), password: BOSS.password };
  expect((await send('PATCH', '/api/auth/account/verify', undefined, verify)).status).toBe(200);
  boss = await login(BOSS.email, BOSS.password);
  // A Viewer member, through an invitation.
  const invitation = { email: 'leser@klient.no', role: 'Viewer', groupIds: [t.boardId] };
  expect((await send('POST', '/api/team/invitations', owner, invitation)).status).toBe(201);
  const member = {
    email: 'leser@klient.no',
    password: 'Klient1234',
    firstName: 'Lise',
    lastName: 'Leser',
    termsAccepted: true,
    invitationToken: await mailToken('leser@klient.no', '/confirm-invitation'),
  };
  expect((await send('POST', '/api/auth/signup', undefined, member)).status).toBe(201);
  viewer = await login('leser@klient.no', 'Klient1234');
  // A public link and an embed token.
  const link = await send('POST', `/api/group-account/${t.boardId}/public/share-board`, owner, {
    widgets: [{ id: 'w1', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4 }],
    pages: [{ name: 'profitloss' }],
  });
  expect(link.status).toBe(201);
  linkSecret = (await link.json()).boardId;
  const keyRes = await send('POST', `/api/group-account/${t.boardId}/embed-keys`, owner, {
    name: 'Partner',
    origins: [PARTNER],
  });
  expect(keyRes.status).toBe(201);
  const key: CreatedEmbedKey = await keyRes.json();
  const iat = Math.floor(clock / 1000);
  embedJwt = await new SignJWT({ board: t.boardId, elements: ['top-customers'] })
    .setProtectedHeader({ alg: 'HS256', kid: key._id })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 600)
    .sign(new TextEncoder().encode(key.secret));
});

const TOP = `/api/widgets/top-ten/customers?${Q}`;
/** Every way in that is not the owner's own: the link's page and data, the embed token, the member. */
const reads = () => ({
  linkPage: t.request(`/api/public-share/board/${linkSecret}`),
  linkData: t.request(TOP, { headers: { 'x-public-board-id': linkSecret } }),
  embed: t.request(`${TOP}&groupId=${t.boardId}`, {
    headers: { authorization: `Bearer ${embedJwt}`, origin: PARTNER },
  }),
  member: t.request(`${TOP}&groupId=${t.boardId}`, { token: viewer }),
});

async function statuses(): Promise<Record<string, number>> {
  const pending = reads();
  const out: Record<string, number> = {};
  for (const [name, res] of Object.entries(pending)) out[name] = (await res).status;
  return out;
}

const setOwnerStatus = (status: 'active' | 'deactivated') =>
  send('PATCH', `/api/admin/users/${t.userId}/status`, boss, { status });

describe("a deactivated owner's boards (issue 25, finding 7)", () => {
  it('stop answering their link, embed token and members at the next call, and answer again once the owner is active', async () => {
    const ALL_OK = { linkPage: 200, linkData: 200, embed: 200, member: 200 };
    // Read twice, so the kept reads of an unchanged database are what the deactivation must beat.
    expect(await statuses()).toEqual(ALL_OK);
    expect(await statuses()).toEqual(ALL_OK);

    expect((await setOwnerStatus('deactivated')).status).toBe(200);
    expect(await statuses()).toEqual({ linkPage: 403, linkData: 403, embed: 403, member: 403 });
    for (const res of Object.values(reads())) {
      const body = await (await res).json();
      expect(body.code).toBe('BOARD_OWNER_DEACTIVATED');
      expect(JSON.stringify(body)).not.toContain('Nordlys');
    }
    // The member's list of boards leaves it out while the owner is away.
    const boards = await (await send('GET', '/api/group-account', viewer)).json();
    expect(boards.map((b: { _id: string }) => b._id)).not.toContain(t.boardId);

    // Nothing was deleted: activated again, every way in works as before.
    expect((await setOwnerStatus('active')).status).toBe(200);
    expect(await statuses()).toEqual(ALL_OK);
    const again = await (await send('GET', '/api/group-account', viewer)).json();
    expect(again.map((b: { _id: string }) => b._id)).toContain(t.boardId);
  });

  it('holds for a deactivation written by another connection (another process), at the next call too', async () => {
    expect(await statuses()).toEqual({ linkPage: 200, linkData: 200, embed: 200, member: 200 });
    await t.deps.db.update(user).set({ status: 'deactivated' }).where(eq(user.id, t.userId));
    expect(await statuses()).toEqual({ linkPage: 403, linkData: 403, embed: 403, member: 403 });
  });
});
