import { errorMessage } from '@saldo/contract/errors/errors';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { boardMember, user } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/**
 * Issue 25, finding 4: an Admin invites someone as Admin, the owner removes (or demotes) that Admin,
 * and the invitation must not bring anyone back. Invitations follow their inviter: removing or
 * demoting a member revokes their pending invitations, and accepting re-checks the inviter's right.
 */
let t: TestApp;
let owner: string;

beforeEach(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
});

const send = (method: string, path: string, token: string | undefined, body?: object) =>
  t.request(path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) });

/** The invitation token of the newest mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mails = (await t.deps.mailer.outbox!.list()).filter((m) => m.to === email);
  // The outbox lists the newest first.
  const link = mails[0]?.links.find((l) => l.includes('/confirm-invitation?token='));
  expect(link, `an invitation mailed to ${email}`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

const signUp = (email: string, invitation: string) =>
  send('POST', '/api/auth/signup', undefined, {
    email,
    password: 'Klient1234',
    firstName: 'Kari',
    lastName: 'Klient',
    termsAccepted: true,
    invitationToken: invitation,
  });

async function loginAs(email: string): Promise<string> {
  const res = await send('POST', '/api/auth/login', undefined, { email, password: 'Klient1234' });
  expect(res.status).toBe(200);
  return (await res.json()).jwtToken;
}

/** `email` joins the demo board as Admin through the owner's invitation; answers their token and id. */
async function adminJoins(email: string): Promise<{ token: string; id: string }> {
  expect(
    (await send('POST', '/api/team/invitations', owner, { email, role: 'Admin', groupIds: [t.boardId] })).status,
  ).toBe(201);
  expect((await signUp(email, await invitationToken(email))).status).toBe(201);
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { token: await loginAs(email), id: row!.id };
}

/** The Admin invites `email` as Admin to the demo board; answers the invitation's link token. */
async function adminInvites(adminToken: string, email: string): Promise<string> {
  const res = await send('POST', '/api/team/invitations', adminToken, { email, role: 'Admin', groupIds: [t.boardId] });
  expect(res.status).toBe(201);
  return invitationToken(email);
}

const roleOn = async (email: string) => {
  const [row] = await t.deps.db
    .select({ role: boardMember.role })
    .from(boardMember)
    .innerJoin(user, eq(user.id, boardMember.userId))
    .where(and(eq(user.email, email), eq(boardMember.boardId, t.boardId)));
  return row?.role ?? null;
};

describe('invitations follow their inviter (issue 25, finding 4)', () => {
  it('an Admin still in place: their invitation is accepted as Admin', async () => {
    const admin = await adminJoins('admin@klient.no');
    const link = await adminInvites(admin.token, 'ny@klient.no');
    expect((await signUp('ny@klient.no', link)).status).toBe(201);
    expect(await roleOn('ny@klient.no')).toBe('Admin');
  });

  it('removing the Admin revokes their pending invitations: nobody comes back in through them', async () => {
    const admin = await adminJoins('admin@klient.no');
    const link = await adminInvites(admin.token, 'ny@klient.no');
    expect((await send('DELETE', `/api/team/members/${admin.id}`, owner)).status).toBe(200);

    const listed = await (await send('GET', '/api/team/invitations', owner)).json();
    expect(listed.map((i: { email: string }) => i.email)).not.toContain('ny@klient.no');
    const res = await signUp('ny@klient.no', link);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('INVITATION_NOT_FOUND');
    expect(await roleOn('ny@klient.no')).toBeNull();
  });

  it('demoting the Admin to Viewer revokes their pending invitations; an existing user cannot accept either', async () => {
    const admin = await adminJoins('admin@klient.no');
    // The invitee already has an account (a board of their own comes with it).
    expect(
      (
        await send('POST', '/api/team/invitations', owner, {
          email: 'ny@klient.no',
          role: 'Viewer',
          groupIds: [t.boardId],
        })
      ).status,
    ).toBe(201);
    expect((await signUp('ny@klient.no', await invitationToken('ny@klient.no'))).status).toBe(201);
    const invitee = await loginAs('ny@klient.no');
    // Take the invitee off the board, so the Admin may invite them back as Admin.
    expect((await send('DELETE', `/api/team/members/${await memberId('ny@klient.no')}`, owner)).status).toBe(200);
    const link = await adminInvites(admin.token, 'ny@klient.no');

    const demoted = await send('PATCH', `/api/team/members/${admin.id}`, owner, {
      role: 'Viewer',
      groupIds: [t.boardId],
    });
    expect(demoted.status).toBe(200);
    const res = await send('POST', '/api/team/invitations/accept', invitee, { token: link });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('INVITATION_NOT_FOUND');
    expect(await roleOn('ny@klient.no')).toBeNull();
  });

  it('accepting re-checks the inviter’s right on every board, whatever left the invitation pending', async () => {
    const admin = await adminJoins('admin@klient.no');
    const link = await adminInvites(admin.token, 'ny@klient.no');
    // The inviter loses the right by a way that does not revoke (an invitation from before the rule).
    await t.deps.db
      .update(boardMember)
      .set({ role: 'Viewer' })
      .where(and(eq(boardMember.userId, admin.id), eq(boardMember.boardId, t.boardId)));

    const res = await signUp('ny@klient.no', link);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.code).toBe('INVITER_CANNOT_SHARE');
    expect(body.message).toBe(errorMessage('INVITER_CANNOT_SHARE', 'en'));
    expect(errorMessage('INVITER_CANNOT_SHARE', 'nor')).toMatch(/inviterte deg/);
    // Nothing half made: no account, no membership.
    expect(await t.deps.db.select().from(user).where(eq(user.email, 'ny@klient.no'))).toEqual([]);

    // Given the right back, the same link works again (it was refused, not spent).
    await t.deps.db
      .update(boardMember)
      .set({ role: 'Admin' })
      .where(and(eq(boardMember.userId, admin.id), eq(boardMember.boardId, t.boardId)));
    expect((await signUp('ny@klient.no', link)).status).toBe(201);
    expect(await roleOn('ny@klient.no')).toBe('Admin');
  });
});

async function memberId(email: string): Promise<string> {
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}
