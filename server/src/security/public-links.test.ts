import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShareLink } from '@saldo/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { publicShare } from '../db/schema/index.ts';
import { hashLegacyLinks } from '../features/sharing/links.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { checkResponses } from '../test/response-check.ts';

const DAY = 24 * 60 * 60 * 1000;
const Q = 'startDate=2025-01-01&endDate=2025-12-31';

let t: TestApp;
let token: string;
let clock = Date.parse('2026-11-24T09:00:00Z');

beforeEach(async () => {
  clock = Date.parse('2026-11-24T09:00:00Z');
  t = await createTestApp({ now: () => clock });
  token = (await t.login()).jwtToken;
});

async function share(extra: object = {}): Promise<{ boardId: string; linkId: string }> {
  const res = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      widgets: [{ id: 'w1', widget: 'top-customers', x: 0, y: 0, width: 6, height: 4 }],
      pages: [{ name: 'profitloss' }],
      ...extra,
    }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

const visit = (secret: string, path = `/api/widgets/top-ten/customers?${Q}`) =>
  t.request(path, { headers: { 'x-public-board-id': secret } });
const publicBoard = (secret: string) => t.request(`/api/public-share/board/${secret}`);
const links = async (): Promise<ShareLink[]> =>
  (await t.request(`/api/group-account/${t.boardId}/public/links`, { token })).json();

async function expectGone(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { code?: string };
  expect(body.code).toBe(code);
  expect(JSON.stringify(body)).not.toContain('Nordlys');
}

describe('public links (issue 14)', () => {
  it('have 144 random bits, and only their SHA-256 is stored', async () => {
    const { boardId: secret, linkId } = await share();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(linkId).toBe(createHash('sha256').update(secret).digest('hex'));
    const dump = JSON.stringify(await t.deps.db.all(sql`select * from ${publicShare}`));
    expect(dump).not.toContain(secret);
    expect(JSON.stringify(await t.deps.db.all(sql`select * from board`))).not.toContain(secret);
    expect((await publicBoard(secret)).status).toBe(200);
    // The hash names the link to its owner; it is no way in.
    await expectGone(await publicBoard(linkId), 404, 'SHARE_NOT_FOUND');
    await expectGone(await visit(linkId), 404, 'SHARE_NOT_FOUND');
  });

  it('are listed to the owner with what they show, views and last view; sharing again adds a link', async () => {
    const first = await share({ lang: 'en' });
    clock += 1000;
    const second = await share({ pages: [] });
    await publicBoard(first.boardId);
    clock += 1000;
    await publicBoard(first.boardId);
    const listed = await links();
    expect(listed.map((l) => l._id)).toEqual([second.linkId, first.linkId]);
    expect(listed[1]).toEqual({
      _id: first.linkId,
      createdAt: new Date(clock - 2000).toISOString(),
      expiresAt: null,
      expired: false,
      lastViewedAt: new Date(clock).toISOString(),
      views: 2,
      widgets: ['top-customers'],
      pages: ['profitloss'],
      lang: 'en',
      lockedPeriod: null,
    });
    expect(JSON.stringify(listed)).not.toContain(first.boardId);
    // Both work: a new link neither keeps nor kills the other silently.
    expect((await visit(first.boardId)).status).toBe(200);
    expect((await visit(second.boardId)).status).toBe(200);
    const board = await (await t.request(`/api/group-account/${t.boardId}`, { token })).json();
    expect(board.publicLinks).toBe(2);
  });

  it('stop at once when revoked, by their listed id, and only for their owner', async () => {
    const kept = await share();
    const revoked = await share();
    // Someone else cannot revoke it: to them it does not exist.
    const stranger = await t.request(`/api/public-share/board/${revoked.linkId}`, {
      method: 'DELETE',
      token: await strangerToken(),
    });
    expect(stranger.status).toBe(404);
    expect((await visit(revoked.boardId)).status).toBe(200);
    const res = await t.request(`/api/public-share/board/${revoked.linkId}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    await expectGone(await publicBoard(revoked.boardId), 404, 'SHARE_NOT_FOUND');
    await expectGone(await visit(revoked.boardId), 404, 'SHARE_NOT_FOUND');
    await expectGone(await visit(revoked.boardId, `/api/profit-loss?${Q}`), 404, 'SHARE_NOT_FOUND');
    expect((await visit(kept.boardId)).status).toBe(200);
    expect((await links()).map((l) => l._id)).toEqual([kept.linkId]);
  });

  it('answer 410 once expired, in the page and every data call, and say so in the list', async () => {
    const { boardId: secret } = await share({ expiresAt: '2026-11-25' });
    expect((await publicBoard(secret)).status).toBe(200);
    expect((await visit(secret)).status).toBe(200);
    clock += 2 * DAY;
    token = (await t.login()).jwtToken;
    await expectGone(await publicBoard(secret), 410, 'SHARE_EXPIRED');
    await expectGone(await visit(secret), 410, 'SHARE_EXPIRED');
    expect((await links())[0]).toMatchObject({ expired: true, expiresAt: '2026-11-25T23:59:59.999Z' });
    const past = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
      method: 'POST',
      token,
      body: JSON.stringify({ pages: [{ name: 'profitloss' }], expiresAt: '2026-01-01' }),
    });
    expect(past.status).toBe(400);
  });

  it('hold a locked period: no other period, and no comparison with one', async () => {
    const { boardId: secret } = await share({ lockedPeriod: { startDate: '2025-01-01', endDate: '2025-12-31' } });
    expect((await (await publicBoard(secret)).json()).lockedPeriod).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    expect((await visit(secret, `/api/profit-loss?${Q}`)).status).toBe(200);
    await expectGone(
      await visit(secret, '/api/profit-loss?startDate=2024-01-01&endDate=2024-12-31'),
      403,
      'SHARE_NOT_ALLOWED',
    );
    await expectGone(await visit(secret, '/api/profit-loss'), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/profit-loss?${Q}&compare=lastYear`), 403, 'SHARE_NOT_ALLOWED');
    // Other elements than shared stay closed, as for any link.
    await expectGone(await visit(secret, `/api/balance-sheet?${Q}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/widgets/turnover?${Q}`), 403, 'SHARE_NOT_ALLOWED');
  });

  it('are read from another origin only by pages on the board’s embed-key origins, and framed only by them', async () => {
    const { boardId: secret } = await share();
    const fromOrigin = (origin: string) =>
      t.request(`/api/widgets/top-ten/customers?${Q}`, { headers: { 'x-public-board-id': secret, origin } });
    await expectGone(await fromOrigin('https://partner.example'), 403, 'SHARE_NOT_ALLOWED');
    expect((await fromOrigin('http://localhost:3000')).status).toBe(200);

    const root = mkdtempSync(join(tmpdir(), 'saldo-portal-'));
    mkdirSync(join(root, 'portal'));
    writeFileSync(join(root, 'portal/index.html'), '<!doctype html><title>Saldo</title>');
    const app = checkResponses(createApp({ ...t.deps, portalDist: join(root, 'portal') }));
    const frame = async (path: string) => (await app.request(path)).headers;
    expect((await frame(`/public/board/${secret}`)).get('content-security-policy')).toContain("frame-ancestors 'none'");

    await t.request(`/api/group-account/${t.boardId}/embed-keys`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Partner', origins: ['https://partner.example'] }),
    });
    expect((await fromOrigin('https://partner.example')).status).toBe(200);
    const headers = await frame(`/public/profitloss/${secret}`);
    expect(headers.get('content-security-policy')).toContain('frame-ancestors https://partner.example');
    expect(headers.get('x-frame-options')).toBeNull();
    // The portal itself is never framed, whatever the keys say.
    for (const path of ['/login', '/dashboard', '/public/board/made-up'])
      expect((await frame(path)).get('content-security-policy'), path).toContain("frame-ancestors 'none'");
  });

  it('made before secrets were hashed keep working once hashed at start-up', async () => {
    const legacy = 'legacyLinkSecret-0123456';
    await t.deps.db.insert(publicShare).values({
      id: legacy,
      boardId: t.boardId,
      widgets: [],
      pages: ['profitloss'],
      lang: 'nor',
      createdBy: t.userId,
      createdAt: new Date(clock),
    });
    expect(await hashLegacyLinks(t.deps.db)).toBe(1);
    expect(await hashLegacyLinks(t.deps.db)).toBe(0);
    expect((await visit(legacy, `/api/profit-loss?${Q}`)).status).toBe(200);
    expect(JSON.stringify(await t.deps.db.all(sql`select id from ${publicShare}`))).not.toContain(legacy);
  });
});

async function strangerToken(): Promise<string> {
  await t.deps.auth.api.signUpEmail({
    body: { email: 'stranger@example.no', password: 'Other1234', name: 'S T', firstName: 'S', lastName: 'T' },
  });
  await t.deps.db.run(sql`update user set email_verified = 1 where email = 'stranger@example.no'`);
  const res = await t.request('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'stranger@example.no', password: 'Other1234' }),
  });
  return (await res.json()).jwtToken;
}
