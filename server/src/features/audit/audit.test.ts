import { existsSync, readdirSync } from 'node:fs';
import type { AuditAction, AuditEvent } from '@saldo/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { monthlyFile } from '../../../test-tools/saft-mutations/monthly.ts';
import { apiAccount, auditEvent, boardMember, embedKey, publicShare } from '../../db/schema/index.ts';
import { DEMO_USER } from '../../seed.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

/**
 * Issue 31: every audited action, made through HTTP, leaves its record (who, which board, when, from
 * which address), and one that fails leaves neither its change nor a record. The app trusts
 * `app.request()` as a proxy, so X-Forwarded-For is the client's address the record must carry.
 */

const IP = '203.0.113.7';
let clock = Date.parse('2026-11-24T09:00:00Z');
let t: TestApp;
let token: string;

beforeEach(async () => {
  clock = Date.parse('2026-11-24T09:00:00Z');
  t = await createTestApp({ now: () => clock, trustedProxies: ['local'] });
  token = (await t.login()).jwtToken;
});

/** A call from IP as `as` (the owner unless said). */
const call = (path: string, init: { method?: string; body?: unknown; as?: string } = {}) =>
  t.request(path, {
    method: init.method ?? 'GET',
    token: init.as ?? token,
    headers: { 'x-forwarded-for': IP },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

const rows = () => t.deps.db.select().from(auditEvent).orderBy(auditEvent.id);
const recordsOf = async (action: AuditAction) => (await rows()).filter((r) => r.action === action);

/** The one record of `action`, made by the demo owner from IP on `groupId`, at the clock. */
async function expectRecord(action: AuditAction, groupId: string | null = t.boardId) {
  const found = await recordsOf(action);
  expect(found, action).toHaveLength(1);
  expect(found[0]).toMatchObject({
    actorId: t.userId,
    actorEmail: DEMO_USER.email,
    groupId,
    ip: IP,
    at: new Date(clock).toISOString(),
  });
  return found[0]!;
}

const share = () =>
  call(`/api/group-account/${t.boardId}/public/share-board`, {
    method: 'POST',
    body: { pages: [{ name: 'profitloss' }], lang: 'en' },
  });
const embedKeyMade = () =>
  call(`/api/group-account/${t.boardId}/embed-keys`, {
    method: 'POST',
    body: { name: 'Partner', origins: ['https://partner.example'] },
  });
const invite = (email = 'kari@example.no') =>
  call('/api/team/invitations', { method: 'POST', body: { email, role: 'Viewer', groupIds: [t.boardId] } });
const exported = () =>
  call(`/api/exports/${t.boardId}`, {
    method: 'POST',
    body: {
      format: 'csv',
      widgets: [],
      pages: ['profitloss'],
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      lang: 'en',
    },
  });

const SAFT = monthlyFile({ company: 'Revisjon AS', orgNumber: '912345670', months: ['2025-01'], version: 1 });
const uploadSaft = () => {
  const body = new FormData();
  body.append('file', new File([SAFT], 'revisjon.xml', { type: 'text/xml' }));
  return t.request('/api/api-account/saft', { method: 'POST', token, headers: { 'x-forwarded-for': IP }, body });
};

/** Makes every insert into the audit trail fail, as a full disk or a broken table would. */
const breakTheTrail = () =>
  t.deps.db.run(
    sql.raw(`CREATE TRIGGER audit_broken BEFORE INSERT ON audit_event BEGIN SELECT RAISE(ABORT, 'audit down'); END`),
  );
const count = async (table: typeof publicShare | typeof embedKey | typeof boardMember) =>
  (await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

describe('each audited action leaves its record: who, which board, when, from which address', () => {
  it('share.created and share.revoked, by the link’s listed id and never its secret', async () => {
    const res = await share();
    expect(res.status).toBe(201);
    const { boardId: secret, linkId } = await res.json();
    const made = await expectRecord('share.created');
    expect(made.target).toMatchObject({ linkId, pages: ['profitloss'] });
    expect(JSON.stringify(await rows())).not.toContain(secret);
    clock += 60_000;
    expect((await call(`/api/public-share/board/${linkId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await expectRecord('share.revoked')).target).toEqual({ linkId });
  });

  it('share.emailed, with its recipients', async () => {
    const { boardId: secret } = await (await share()).json();
    const res = await call(`/api/public-share/url/send-email?groupId=${t.boardId}`, {
      method: 'POST',
      body: { recipients: ['Anne@example.no'], link: `http://localhost:3000/public/board/${secret}` },
    });
    expect(res.status).toBe(200);
    expect((await expectRecord('share.emailed')).target).toMatchObject({ recipients: ['anne@example.no'] });
  });

  it('export.downloaded, with its format and what it held', async () => {
    const res = await exported();
    expect(res.status).toBe(200);
    expect((await expectRecord('export.downloaded')).target).toEqual({
      format: 'csv',
      widgets: [],
      pages: ['profitloss'],
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
  });

  it('invite.sent, invite.resent and invite.revoked', async () => {
    const res = await invite();
    expect(res.status).toBe(201);
    const { _id } = await res.json();
    expect((await expectRecord('invite.sent')).target).toEqual({
      invitationId: _id,
      email: 'kari@example.no',
      role: 'Viewer',
    });
    expect((await call(`/api/team/invitations/${_id}/resend`, { method: 'POST' })).status).toBe(200);
    await expectRecord('invite.resent');
    expect((await call(`/api/team/invitations/${_id}`, { method: 'DELETE' })).status).toBe(200);
    await expectRecord('invite.revoked');
  });

  it('invite.sent, invite.resent and invite.revoked of an invitation to a tag, on each board with the tag', async () => {
    const tagged = await call(`/api/group-account/${t.boardId}/assignment`, {
      method: 'PUT',
      body: { tags: ['bygg'] },
    });
    expect(tagged.status).toBe(200);
    const res = await call('/api/team/invitations', {
      method: 'POST',
      body: { email: 'kari@example.no', role: 'Editor', tag: 'bygg' },
    });
    expect(res.status).toBe(201);
    const { _id } = await res.json();
    const target = { invitationId: _id, email: 'kari@example.no', role: 'Editor', tag: 'bygg' };
    expect((await expectRecord('invite.sent')).target).toEqual(target);
    expect((await call(`/api/team/invitations/${_id}/resend`, { method: 'POST' })).status).toBe(200);
    expect((await expectRecord('invite.resent')).target).toEqual(target);
    expect((await call(`/api/team/invitations/${_id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await expectRecord('invite.revoked')).target).toEqual(target);
  });

  it('member.role_changed and member.removed', async () => {
    const member = await t.signUp('ola@example.no', { member: 'Viewer' });
    const changed = await call(`/api/team/members/${member.id}`, {
      method: 'PATCH',
      body: { role: 'Editor', groupIds: [t.boardId] },
    });
    expect(changed.status).toBe(200);
    expect((await expectRecord('member.role_changed')).target).toEqual({
      userId: member.id,
      email: 'ola@example.no',
      role: 'Editor',
    });
    expect((await call(`/api/team/members/${member.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await expectRecord('member.removed')).target).toEqual({ userId: member.id, email: 'ola@example.no' });
  });

  it('embed_key.created and embed_key.revoked, without the key’s secret', async () => {
    const res = await embedKeyMade();
    expect(res.status).toBe(201);
    const key = await res.json();
    expect((await expectRecord('embed_key.created')).target).toEqual({
      keyId: key._id,
      name: 'Partner',
      origins: ['https://partner.example'],
    });
    expect(JSON.stringify(await rows())).not.toContain(key.secret);
    expect((await call(`/api/group-account/${t.boardId}/embed-keys/${key._id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await expectRecord('embed_key.revoked')).target).toEqual({ keyId: key._id });
  });

  it('api_account.added (the account’s own, or on the demo board it made) and api_account.removed on its boards', async () => {
    const made = await call('/api/api-account', { method: 'POST', body: { provider: 'demo', name: 'Øving AS' } });
    expect(made.status).toBe(201);
    const own = await made.json();
    expect((await expectRecord('api_account.added', null)).target).toEqual({
      apiAccountId: own._id,
      name: 'Øving AS',
      provider: 'demo',
    });
    const demo = await call('/api/api-account/demo', { method: 'POST', body: {} });
    expect(demo.status).toBe(201);
    const { board } = await demo.json();
    expect((await recordsOf('api_account.added')).map((r) => r.groupId)).toEqual([null, board._id]);
    // The seeded account feeds the demo board: its removal is on that board.
    expect((await call(`/api/api-account/${t.apiAccountId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await expectRecord('api_account.removed')).target).toMatchObject({ apiAccountId: t.apiAccountId });
  });

  it('api_account.added for a SAF-T file’s new source', async () => {
    const res = await uploadSaft();
    expect(res.status).toBe(201);
    expect((await expectRecord('api_account.added', null)).target).toEqual({
      apiAccountId: (await res.json())._id,
      name: 'Revisjon AS (912345670)',
      provider: 'saft',
    });
  });

  it('admin.user_status_changed and admin.user_plan_changed, by the SuperAdmin', async () => {
    const admin = await t.signUp('root@example.no', { role: 'SuperAdmin' });
    const user = await t.signUp('per@example.no');
    expect(
      (await call(`/api/admin/users/${user.id}/plan`, { method: 'PATCH', body: { plan: 'free' }, as: admin.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(`/api/admin/users/${user.id}/status`, {
          method: 'PATCH',
          body: { status: 'deactivated' },
          as: admin.token,
        })
      ).status,
    ).toBe(200);
    const [plan] = await recordsOf('admin.user_plan_changed');
    const [status] = await recordsOf('admin.user_status_changed');
    expect(plan).toMatchObject({ actorId: admin.id, actorEmail: 'root@example.no', ip: IP, groupId: null });
    expect(plan!.target).toEqual({ userId: user.id, plan: 'free' });
    expect(status).toMatchObject({ actorId: admin.id, ip: IP, target: { userId: user.id, status: 'deactivated' } });
  });
});

describe('no action without its record, no record without its action', () => {
  it('a share whose record cannot be written is not made', async () => {
    await breakTheTrail();
    const before = await count(publicShare);
    expect((await share()).status).toBe(500);
    expect(await count(publicShare)).toBe(before);
    expect(await rows()).toEqual([]);
  });

  it('an embed key whose record cannot be written is not made, and a revocation that fails is not recorded', async () => {
    const key = await (await embedKeyMade()).json();
    await t.deps.db.run(
      sql.raw(`CREATE TRIGGER embed_kept BEFORE DELETE ON embed_key BEGIN SELECT RAISE(ABORT, 'kept'); END`),
    );
    const revoke = await call(`/api/group-account/${t.boardId}/embed-keys/${key._id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(500);
    expect(await recordsOf('embed_key.revoked')).toEqual([]);
    expect(await count(embedKey)).toBe(1);
    await breakTheTrail();
    expect((await embedKeyMade()).status).toBe(500);
    expect(await count(embedKey)).toBe(1);
    // An unknown key is no revocation either.
    await t.deps.db.run(sql.raw('DROP TRIGGER embed_kept'));
    expect((await call(`/api/group-account/${t.boardId}/embed-keys/ek_none`, { method: 'DELETE' })).status).toBe(404);
    expect(await recordsOf('embed_key.revoked')).toEqual([]);
  });

  it('a member whose removal cannot be recorded stays; removing a non-member records nothing', async () => {
    const member = await t.signUp('ola@example.no', { member: 'Viewer' });
    const stranger = await t.signUp('eva@example.no');
    expect((await call(`/api/team/members/${stranger.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await rows()).toEqual([]);
    const members = await count(boardMember);
    await breakTheTrail();
    expect((await call(`/api/team/members/${member.id}`, { method: 'DELETE' })).status).toBe(500);
    expect(await count(boardMember)).toBe(members);
  });

  it('an invitation or a link e-mail whose mail fails leaves neither the invitation nor a record', async () => {
    const { boardId: secret } = await (await share()).json();
    const made = await rows();
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect((await invite()).status).toBe(500);
      const mailed = await call(`/api/public-share/url/send-email?groupId=${t.boardId}`, {
        method: 'POST',
        body: { recipients: ['anne@example.no'], link: `http://localhost:3000/public/board/${secret}` },
      });
      expect(mailed.status).toBe(500);
    } finally {
      t.deps.mailer.send = send;
    }
    expect(await rows()).toEqual(made);
    const listed = await (await call('/api/team/invitations')).json();
    expect(listed).toEqual([]);
  });

  it('a SAF-T source whose record cannot be written is not made, and its file is not kept', async () => {
    await breakTheTrail();
    const before = await t.deps.db.select({ id: apiAccount.id }).from(apiAccount);
    expect((await uploadSaft()).status).toBe(500);
    expect(await t.deps.db.select({ id: apiAccount.id }).from(apiAccount)).toEqual(before);
    expect(existsSync(t.deps.saftDir) ? readdirSync(t.deps.saftDir) : []).toEqual([]);
  });

  it('an export whose record cannot be written is not sent', async () => {
    await breakTheTrail();
    const res = await exported();
    expect(res.status).toBe(500);
    expect(res.headers.get('content-disposition')).toBeNull();
  });
});

describe('GET /api/audit', () => {
  const list = (query: string, as?: string) => call(`/api/audit${query}`, { as });

  it('shows a board’s records, newest first, to its owner and Admins, in bounded pages', async () => {
    for (let i = 0; i < 3; i++) {
      clock += 1000;
      expect((await share()).status).toBe(201);
    }
    const admin = await t.signUp('admin@example.no', { member: 'Admin' });
    const first = await list(`?groupId=${t.boardId}&limit=2`, admin.token);
    expect(first.status).toBe(200);
    const page: { events: AuditEvent[]; next: string | null } = await first.json();
    expect(page.events.map((e) => e.at)).toEqual(['2026-11-24T09:00:03.000Z', '2026-11-24T09:00:02.000Z']);
    expect(page.events[0]).toMatchObject({ action: 'share.created', actorEmail: DEMO_USER.email, ip: IP });
    const rest = await (await list(`?groupId=${t.boardId}&limit=2&before=${page.next}`)).json();
    expect(rest.events.map((e: AuditEvent) => e.at)).toEqual(['2026-11-24T09:00:01.000Z']);
    expect(rest.next).toBeNull();
    expect((await list(`?groupId=${t.boardId}&limit=201`)).status).toBe(400);
    expect((await list(`?groupId=${t.boardId}&before=yesterday`)).status).toBe(400);
  });

  it('refuses an Editor and a Viewer, hides another firm’s board, and shows every record only to a SuperAdmin', async () => {
    expect((await share()).status).toBe(201);
    for (const role of ['Editor', 'Viewer'] as const) {
      const member = await t.signUp(`${role.toLowerCase()}@example.no`, { member: role });
      const res = await list(`?groupId=${t.boardId}`, member.token);
      expect([res.status, (await res.json()).code]).toEqual([403, 'BOARD_SHARE_NOT_ALLOWED']);
    }
    const other = await t.signUp('annen@firma.no');
    const own = await call('/api/group-account', {
      method: 'POST',
      body: { name: 'Annen AS', apis: [] },
      as: other.token,
    });
    expect(own.status).toBe(201);
    const foreign = await list(`?groupId=${t.boardId}`, other.token);
    expect([foreign.status, (await foreign.json()).code]).toEqual([404, 'BOARD_NOT_FOUND']);
    const all = await list('', token);
    expect([all.status, (await all.json()).code]).toEqual([403, 'FORBIDDEN']);

    const root = await t.signUp('root@example.no', { role: 'SuperAdmin' });
    await call(`/api/admin/users/${other.id}/plan`, { method: 'PATCH', body: { plan: 'free' }, as: root.token });
    const everything = await (await list('', root.token)).json();
    expect(everything.events.map((e: AuditEvent) => [e.action, e.groupId])).toEqual([
      ['admin.user_plan_changed', null],
      ['share.created', t.boardId],
    ]);
  });
});
