import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShareLink } from '@saldo/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { publicShare } from '../db/schema/index.ts';
import { hashLegacyLinks } from '../features/sharing/links.ts';
import { appPerTest, DAY } from '../test/app-per-test.ts';
import { checkResponses } from '../test/response-check.ts';

const Q = 'startDate=2025-01-01&endDate=2025-12-31';

const app = appPerTest();

async function share(extra: object = {}): Promise<{ boardId: string; linkId: string }> {
  const res = await app.t.request(`/api/group-account/${app.t.boardId}/public/share-board`, {
    method: 'POST',
    token: app.owner,
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
  app.t.request(path, { headers: { 'x-public-board-id': secret } });
const publicBoard = (secret: string) => app.t.request(`/api/public-share/board/${secret}`);
const links = async (): Promise<ShareLink[]> =>
  (await app.t.request(`/api/group-account/${app.t.boardId}/public/links`, { token: app.owner })).json();

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
    const dump = JSON.stringify(await app.t.deps.db.all(sql`select * from ${publicShare}`));
    expect(dump).not.toContain(secret);
    expect(JSON.stringify(await app.t.deps.db.all(sql`select * from board`))).not.toContain(secret);
    expect((await publicBoard(secret)).status).toBe(200);
    // The hash names the link to its owner; it is no way in.
    await expectGone(await publicBoard(linkId), 404, 'SHARE_NOT_FOUND');
    await expectGone(await visit(linkId), 404, 'SHARE_NOT_FOUND');
  });

  it('are listed to the owner with what they show, views and last view; sharing again adds a link', async () => {
    const first = await share({ lang: 'en' });
    app.clock += 1000;
    const second = await share({ pages: [] });
    await publicBoard(first.boardId);
    app.clock += 1000;
    await publicBoard(first.boardId);
    const listed = await links();
    expect(listed.map((l) => l._id)).toEqual([second.linkId, first.linkId]);
    expect(listed[1]).toEqual({
      _id: first.linkId,
      createdAt: new Date(app.clock - 2000).toISOString(),
      expiresAt: null,
      expired: false,
      lastViewedAt: new Date(app.clock).toISOString(),
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
    const board = await (await app.t.request(`/api/group-account/${app.t.boardId}`, { token: app.owner })).json();
    expect(board.publicLinks).toBe(2);
  });

  it('list a type a board holds once per choice with its choice, so the portal can name each (issue 27)', async () => {
    await share({
      widgets: [
        { id: 'kpi:ebitda-margin', widget: 'kpi', x: 0, y: 0, width: 4, height: 4 },
        { id: 'kpi:current-ratio', widget: 'kpi', x: 4, y: 0, width: 4, height: 4 },
        { id: 'w1', widget: 'top-customers', x: 0, y: 4, width: 6, height: 4 },
      ],
    });
    expect((await links())[0]!.widgets).toEqual(['kpi:ebitda-margin', 'kpi:current-ratio', 'top-customers']);
  });

  it('stop at once when revoked, by their listed id, and only for their owner', async () => {
    const kept = await share();
    const revoked = await share();
    // Someone else cannot revoke it: to them it does not exist.
    const stranger = await app.t.request(`/api/public-share/board/${revoked.linkId}`, {
      method: 'DELETE',
      token: (await app.t.signUp('stranger@example.no')).token,
    });
    expect(stranger.status).toBe(404);
    expect((await visit(revoked.boardId)).status).toBe(200);
    const res = await app.t.request(`/api/public-share/board/${revoked.linkId}`, {
      method: 'DELETE',
      token: app.owner,
    });
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
    app.clock += 2 * DAY;
    app.owner = (await app.t.login()).jwtToken;
    await expectGone(await publicBoard(secret), 410, 'SHARE_EXPIRED');
    await expectGone(await visit(secret), 410, 'SHARE_EXPIRED');
    expect((await links())[0]).toMatchObject({ expired: true, expiresAt: '2026-11-25T23:59:59.999Z' });
    const past = await app.t.request(`/api/group-account/${app.t.boardId}/public/share-board`, {
      method: 'POST',
      token: app.owner,
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
    await expectGone(await visit(secret, `/api/profit-loss?${Q}&compare=yearEnd`), 403, 'SHARE_NOT_ALLOWED');
    // Other elements than shared stay closed, as for any link.
    await expectGone(await visit(secret, `/api/balance-sheet?${Q}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/widgets/turnover?${Q}`), 403, 'SHARE_NOT_ALLOWED');
  });

  it('are read from another origin only by pages on the board’s embed-key origins, and framed only by them', async () => {
    const { boardId: secret } = await share();
    const fromOrigin = (origin: string) =>
      app.t.request(`/api/widgets/top-ten/customers?${Q}`, { headers: { 'x-public-board-id': secret, origin } });
    await expectGone(await fromOrigin('https://partner.example'), 403, 'SHARE_NOT_ALLOWED');
    expect((await fromOrigin('http://localhost:3000')).status).toBe(200);

    const root = mkdtempSync(join(tmpdir(), 'saldo-portal-'));
    mkdirSync(join(root, 'portal'));
    writeFileSync(join(root, 'portal/index.html'), '<!doctype html><title>Saldo</title>');
    const served = checkResponses(createApp({ ...app.t.deps, portalDist: join(root, 'portal') }));
    const frame = async (path: string) => (await served.request(path)).headers;
    expect((await frame(`/public/board/${secret}`)).get('content-security-policy')).toContain("frame-ancestors 'none'");

    await app.t.request(`/api/group-account/${app.t.boardId}/embed-keys`, {
      method: 'POST',
      token: app.owner,
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
    await app.t.deps.db.insert(publicShare).values({
      id: legacy,
      boardId: app.t.boardId,
      widgets: [],
      pages: ['profitloss'],
      lang: 'nor',
      createdBy: app.t.userId,
      createdAt: new Date(app.clock),
    });
    expect(await hashLegacyLinks(app.t.deps.db)).toBe(1);
    expect(await hashLegacyLinks(app.t.deps.db)).toBe(0);
    expect((await visit(legacy, `/api/profit-loss?${Q}`)).status).toBe(200);
    expect(JSON.stringify(await app.t.deps.db.all(sql`select id from ${publicShare}`))).not.toContain(legacy);
  });
});

const HALF = 'startDate=2025-01-01&endDate=2025-06-30';
const HALF_LOCK = { lockedPeriod: { startDate: '2025-01-01', endDate: '2025-06-30' } };
const widget = (id: string, type: string, view: 'single' | 'comparison' = 'single') => ({
  id,
  widget: type,
  x: 0,
  y: 0,
  width: 6,
  height: 4,
  view,
});

describe('public links answer exactly what was shared (issue 25)', () => {
  it('finding 2: one shared KPI of a locked link answers itself, without last year, and no other KPI or statement', async () => {
    const { boardId: secret } = await share({
      widgets: [widget('kpi:ebitda-margin', 'kpi'), widget('turnover', 'turnover')],
      pages: [{ name: 'profitloss' }],
      ...HALF_LOCK,
    });
    const shared = await visit(secret, `/api/widgets/kpi?kpi=ebitda-margin&${HALF}`);
    expect(shared.status).toBe(200);
    const kpi = await shared.json();
    expect(kpi.kpi).toBe('ebitda-margin');
    expect(kpi.value).not.toBeNull();
    // Nothing of the year before: no comparison figure, no change from it.
    expect(kpi.comparison).toBeNull();
    expect(kpi.change).toBeNull();
    // The owner's own answer has them: the link is what takes them away.
    const mine = await (
      await app.t.request(`/api/widgets/kpi?groupId=${app.t.boardId}&kpi=ebitda-margin&${HALF}`, { token: app.owner })
    ).json();
    expect(mine.comparison.value).not.toBeNull();
    const turnover = await (await visit(secret, `/api/widgets/turnover?${HALF}`)).json();
    expect(turnover.total).toBeGreaterThan(0);
    expect(turnover.previousTotal).toBeNull();
    expect(turnover.changePercent).toBeNull();

    for (const other of ['months-of-cash', 'equity-ratio', 'debt-ratio', 'working-capital', 'dso', 'gross-margin'])
      await expectGone(await visit(secret, `/api/widgets/kpi?kpi=${other}&${HALF}`), 403, 'SHARE_NOT_ALLOWED');
    // No kpi is the type's default (gross margin): not shared either.
    await expectGone(await visit(secret, `/api/widgets/kpi?${HALF}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/widgets/kpi/data-notice?kpi=dso&${HALF}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(
      await visit(secret, `/api/widgets/kpi?kpi=ebitda-margin&kpi=dso&${HALF}`),
      403,
      'SHARE_NOT_ALLOWED',
    );
    await expectGone(await visit(secret, `/api/balance-sheet?${HALF}`), 403, 'SHARE_NOT_ALLOWED');
    for (const compare of ['lastYear', 'previous'])
      await expectGone(
        await visit(secret, `/api/widgets/kpi?kpi=ebitda-margin&${HALF}&compare=${compare}`),
        403,
        'SHARE_NOT_ALLOWED',
      );
  });

  it('finding 2: a comparison only where an instance was shared in its comparison view, on a link with no locked period', async () => {
    const { boardId: single } = await share({
      widgets: [
        widget('kpi:ebitda-margin', 'kpi'),
        widget('w-top', 'top-customers'),
        widget('budget:payroll', 'budget'),
      ],
      pages: [],
    });
    const kpi = await (await visit(single, `/api/widgets/kpi?kpi=ebitda-margin&${Q}`)).json();
    expect(kpi.comparison).toBeNull();
    await expectGone(
      await visit(single, `/api/widgets/top-ten/customers?${Q}&compare=previous`),
      403,
      'SHARE_NOT_ALLOWED',
    );
    expect((await visit(single, `/api/widgets/budget?line=payroll&${Q}`)).status).toBe(200);
    await expectGone(await visit(single, `/api/widgets/budget?line=salesRevenue&${Q}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(single, `/api/widgets/budget?${Q}`), 403, 'SHARE_NOT_ALLOWED');
    // MRR's recurring-revenue accounts are not the link's to choose.
    const { boardId: mrr } = await share({ widgets: [widget('mrr', 'mrr')], pages: [] });
    expect((await visit(mrr, `/api/widgets/mrr?${Q}`)).status).toBe(200);
    await expectGone(await visit(mrr, `/api/widgets/mrr?${Q}&accounts=1000-1999`), 403, 'SHARE_NOT_ALLOWED');

    const { boardId: compared } = await share({
      widgets: [widget('kpi:ebitda-margin', 'kpi', 'comparison'), widget('w-top', 'top-customers', 'comparison')],
      pages: [],
    });
    const withComparison = await (await visit(compared, `/api/widgets/kpi?kpi=ebitda-margin&${Q}`)).json();
    expect(withComparison.comparison.value).not.toBeNull();
    expect((await visit(compared, `/api/widgets/top-ten/customers?${Q}&compare=previous`)).status).toBe(200);
    await expectGone(await visit(compared, `/api/widgets/kpi?kpi=dso&${Q}`), 403, 'SHARE_NOT_ALLOWED');
    // Held to one period, even a comparison view compares with nothing.
    const { boardId: locked } = await share({
      widgets: [widget('kpi:ebitda-margin', 'kpi', 'comparison'), widget('turnover', 'turnover', 'comparison')],
      pages: [],
      ...HALF_LOCK,
    });
    expect((await (await visit(locked, `/api/widgets/kpi?kpi=ebitda-margin&${HALF}`)).json()).comparison).toBeNull();
    expect((await (await visit(locked, `/api/widgets/turnover?${HALF}`)).json()).previousTotal).toBeNull();
  });

  it('finding 3: the P&L widget shared without its page works on the link, and nothing else does', async () => {
    const { boardId: secret } = await share({ widgets: [widget('profit-loss', 'profit-loss')], pages: [] });
    const res = await visit(secret, `/api/profit-loss?${Q}`);
    expect(res.status).toBe(200);
    const mine = await (
      await app.t.request(`/api/profit-loss?groupId=${app.t.boardId}&${Q}`, { token: app.owner })
    ).json();
    expect(await res.json()).toEqual(mine);
    expect((await visit(secret, `/api/profit-loss/data-notice?${Q}`)).status).toBe(200);
    await expectGone(await visit(secret, `/api/balance-sheet?${Q}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/cashflow?${Q}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/widgets/top-ten/customers?${Q}`), 403, 'SHARE_NOT_ALLOWED');
    await expectGone(await visit(secret, `/api/profit-loss?${Q}&compare=lastYear`), 403, 'SHARE_NOT_ALLOWED');
  });
});
