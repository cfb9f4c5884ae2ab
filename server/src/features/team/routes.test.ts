import { errorMessage } from '@saldo/contract/errors/errors';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { appPerTest, DAY } from '../../test/app-per-test.ts';

const app = appPerTest();
const { send } = app;
const invite = (body: object, token = app.owner) => send('POST', '/api/team/invitations', token, body);

/** The link of the newest mail to `email`, and its token. */
async function invitationLink(email: string): Promise<{ url: URL; token: string; subject: string; text: string }> {
  const mail = (await app.t.deps.mailer.outbox!.list()).find((m) => m.to === email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const url = new URL(mail!.links.find((l) => l.includes('/confirm-invitation?token='))!);
  return { url, token: url.searchParams.get('token')!, subject: mail!.subject, text: mail!.text };
}

async function signUp(email: string, invitationToken?: string) {
  return send('POST', '/api/auth/signup', undefined, {
    email,
    password: 'Klient1234',
    firstName: 'Kari',
    lastName: 'Klient',
    termsAccepted: true,
    ...(invitationToken ? { invitationToken } : {}),
  });
}

const permissionsOf = (menu: Array<{ name: string; permissions: string[] }>, name: string) =>
  menu.find((m) => m.name === name)?.permissions;

async function loginAs(email: string, password = 'Klient1234'): Promise<string> {
  const res = await send('POST', '/api/auth/login', undefined, { email, password });
  expect(res.status).toBe(200);
  return (await res.json()).jwtToken;
}

describe('invitations', () => {
  it('mail a single-use link in the inviter’s language; a new user signs up with it and sees the board as Viewer', async () => {
    const res = await invite({ email: 'Kari@Klient.no', role: 'Viewer', groupIds: [app.t.boardId] });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      email: 'kari@klient.no',
      role: 'Viewer',
      boards: [{ _id: app.t.boardId, name: 'Nordlys Energiteknikk AS' }],
      state: 'sent',
    });
    const mail = await invitationLink('kari@klient.no');
    expect(mail.url.pathname).toBe('/confirm-invitation');
    expect(mail.subject).toBe('Demo Bruker har invitert deg til Nordlys Energiteknikk AS i Saldo');
    expect(mail.text).toContain('som leser');

    const preview = await (await send('GET', `/api/team/invitations/preview?token=${mail.token}`, undefined)).json();
    expect(preview).toMatchObject({
      email: 'kari@klient.no',
      state: 'sent',
      userExists: false,
      invitedBy: 'Demo Bruker',
    });

    // Another address cannot use the link to sign up.
    const wrong = await signUp('someone-else@klient.no', mail.token);
    expect((await wrong.json()).code).toBe('USER_GROUP_MISMATCH');
    // The invited address can: no verification mail (the link proved it), and the board is theirs to view.
    expect((await signUp('kari@klient.no', mail.token)).status).toBe(201);
    const token = await loginAs('kari@klient.no');
    const boards = await (await send('GET', '/api/group-account', token)).json();
    expect(boards).toEqual([
      expect.objectContaining({
        _id: app.t.boardId,
        role: 'Viewer',
        sharedBy: { name: 'Demo Bruker', email: 'demo@saldo.no' },
      }),
    ]);
    // The link worked once.
    expect((await send('POST', '/api/team/invitations/accept', token, { token: mail.token })).status).toBe(404);
    const listed = await (await send('GET', '/api/team/invitations', app.owner)).json();
    expect(listed[0]).toMatchObject({ state: 'confirmed' });
    // A Viewer's menu, in the login answer and /profile/me, shows the boards (View) and offers no sync.
    const login = await (
      await send('POST', '/api/auth/login', undefined, { email: 'kari@klient.no', password: 'Klient1234' })
    ).json();
    const me = await (await send('GET', '/api/profile/me', token)).json();
    for (const menu of [login.menu, me.menu]) {
      expect(permissionsOf(menu, 'GroupAccount')).toEqual(['View']);
      expect(permissionsOf(menu, 'SyncBoard')).toEqual([]);
    }
    // Their writes get 403 BOARD_VIEW_ONLY.
    const rename = await send('PUT', `/api/group-account/${app.t.boardId}`, token, { name: 'Mine' });
    expect(rename.status).toBe(403);
    expect(await rename.json()).toEqual({
      code: 'BOARD_VIEW_ONLY',
      message: 'You can view this board but not change it',
    });
    expect(errorMessage('BOARD_VIEW_ONLY', 'nor')).toBe('Du kan se denne tavlen, men ikke endre den');
  });

  it('are mailed in English when the inviter uses English', async () => {
    expect((await send('PATCH', '/api/profile/me', app.owner, { language: 'en' })).status).toBe(200);
    expect((await invite({ email: 'anna@client.com', role: 'Editor', groupIds: [app.t.boardId] })).status).toBe(201);
    const mail = await invitationLink('anna@client.com');
    expect(mail.subject).toBe('Demo Bruker invited you to Nordlys Energiteknikk AS in Saldo');
    expect(mail.text).toBe(
      'Demo Bruker has invited you to Nordlys Energiteknikk AS in Saldo as Editor.\n\n' +
        'Accept with the link below within 7 days. It works once.\n\n' +
        `${mail.url.href}\n`,
    );
    expect(mail.url.origin).toBe('http://localhost:3000');
    const preview = await (await send('GET', `/api/team/invitations/preview?token=${mail.token}`, undefined)).json();
    expect(preview.lang).toBe('en');
  });

  it('add the boards to an existing user who logs in, and refuse a link opened as someone else', async () => {
    expect((await signUp('ola@firma.no')).status).toBe(201);
    await app.t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'ola@firma.no'));
    const ola = await loginAs('ola@firma.no');
    await invite({ email: 'ola@firma.no', role: 'Editor', groupIds: [app.t.boardId] });
    const { token } = await invitationLink('ola@firma.no');
    const preview = await (await send('GET', `/api/team/invitations/preview?token=${token}`, undefined)).json();
    expect(preview.userExists).toBe(true);
    const mismatch = await send('POST', '/api/team/invitations/accept', app.owner, { token });
    expect(mismatch.status).toBe(403);
    expect(await mismatch.json()).toEqual({ code: 'USER_GROUP_MISMATCH', message: 'User & group does not match' });
    const accepted = await send('POST', '/api/team/invitations/accept', ola, { token });
    expect(await accepted.json()).toEqual({ isAccepted: true, groupIds: [app.t.boardId] });
    const boards = await (await send('GET', '/api/group-account', ola)).json();
    expect(boards.map((b: { role: string }) => b.role)).toEqual(['Editor']);
    // An Editor's menu keeps every right on the boards and the sync control.
    const menu = (await (await send('GET', '/api/profile/me', ola)).json()).menu;
    expect(permissionsOf(menu, 'GroupAccount')).toEqual(['*']);
    expect(permissionsOf(menu, 'SyncBoard')).toEqual(['Sync']);
    // An Editor edits, but cannot share, make embed keys or invite.
    expect((await send('POST', `/api/dashboard-folders/${app.t.boardId}`, ola, { name: 'Ola sin' })).status).toBe(201);
    for (const [method, path, body] of [
      ['POST', `/api/group-account/${app.t.boardId}/public/share-board`, { pages: [{ name: 'profitloss' }] }],
      ['POST', `/api/group-account/${app.t.boardId}/embed-keys`, { name: 'x', origins: ['https://x.example'] }],
      ['POST', '/api/team/invitations', { email: 'x@y.no', role: 'Viewer', groupIds: [app.t.boardId] }],
    ] as const) {
      const res = await send(method, path, ola, body);
      expect(res.status, path).toBe(403);
      expect((await res.json()).code).toBe('BOARD_SHARE_NOT_ALLOWED');
    }
    // Only the owner deletes the board or changes its API accounts.
    const del = await send('DELETE', `/api/group-account/${app.t.boardId}`, ola);
    expect(await del.json()).toEqual({
      code: 'ONLY_OWNER_CAN_DELETE',
      message: 'Only owner of this group is able to delete the group.',
    });
    expect((await (await send('PUT', `/api/group-account/${app.t.boardId}`, ola, { apis: [] })).json()).code).toBe(
      'BOARD_APIS_OWNER_ONLY',
    );
  });

  it('say when an address is already invited, and expire after 7 days; resend renews the link', async () => {
    await invite({ email: 'per@klient.no', role: 'Viewer', groupIds: [app.t.boardId] });
    const again = await invite({ email: 'per@klient.no', role: 'Admin', groupIds: [app.t.boardId] });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'ALREADY_INVITED', message: 'The user is already invited' });
    const { token: first } = await invitationLink('per@klient.no');
    app.clock += 7 * DAY + 1000;
    app.owner = (await app.t.login()).jwtToken;
    const expired = await signUp('per@klient.no', first);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ code: 'INVITATION_EXPIRED', message: 'The user invitation is expired' });
    const [listed] = await (await send('GET', '/api/team/invitations', app.owner)).json();
    expect(listed.state).toBe('expired');
    // Resend: a new link, the old one no longer works.
    const resent = await send('POST', `/api/team/invitations/${listed._id}/resend`, app.owner);
    expect((await resent.json()).state).toBe('sent');
    const { token: second } = await invitationLink('per@klient.no');
    expect(second).not.toBe(first);
    expect((await signUp('per@klient.no', first)).status).toBe(404);
    expect((await signUp('per@klient.no', second)).status).toBe(201);
  });

  it('are revoked before they are used, and only by those who manage their boards', async () => {
    await invite({ email: 'lise@klient.no', role: 'Viewer', groupIds: [app.t.boardId] });
    const { token } = await invitationLink('lise@klient.no');
    const [listed] = await (await send('GET', '/api/team/invitations', app.owner)).json();
    expect((await signUp('stranger@x.no')).status).toBe(201);
    await app.t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'stranger@x.no'));
    const stranger = await loginAs('stranger@x.no');
    expect((await send('DELETE', `/api/team/invitations/${listed._id}`, stranger)).status).toBe(404);
    expect(await (await send('GET', '/api/team/invitations', stranger)).json()).toEqual([]);
    expect((await send('DELETE', `/api/team/invitations/${listed._id}`, app.owner)).status).toBe(200);
    expect((await signUp('lise@klient.no', token)).status).toBe(404);
  });
});

describe('members', () => {
  async function member(email: string, role: 'Admin' | 'Editor' | 'Viewer'): Promise<{ id: string; token: string }> {
    await invite({ email, role, groupIds: [app.t.boardId] });
    await signUp(email, (await invitationLink(email)).token);
    const token = await loginAs(email);
    const me = await (await send('GET', '/api/profile/me', token)).json();
    return { id: me._id, token };
  }

  it('are listed with their role per board, changed, and removed; at least one board stays', async () => {
    const kari = await member('kari@klient.no', 'Viewer');
    const list = await (await send('GET', '/api/team/members', app.owner)).json();
    expect(list).toEqual([
      {
        userId: kari.id,
        firstName: 'Kari',
        lastName: 'Klient',
        email: 'kari@klient.no',
        boards: [{ _id: app.t.boardId, name: 'Nordlys Energiteknikk AS', role: 'Viewer' }],
      },
    ]);
    const noBoards = await send('PATCH', `/api/team/members/${kari.id}`, app.owner, { role: 'Viewer', groupIds: [] });
    expect(noBoards.status).toBe(409);
    expect((await noBoards.json()).message).toBe('The user must have at least 1 assigned group');
    const promoted = await send('PATCH', `/api/team/members/${kari.id}`, app.owner, {
      role: 'Admin',
      groupIds: [app.t.boardId],
    });
    expect((await promoted.json()).boards[0].role).toBe('Admin');
    // An Admin may now invite to the board and see its members.
    const byAdmin = await invite({ email: 'ny@klient.no', role: 'Viewer', groupIds: [app.t.boardId] }, kari.token);
    expect(byAdmin.status).toBe(201);
    expect((await send('DELETE', `/api/team/members/${kari.id}`, app.owner)).status).toBe(200);
    expect(await (await send('GET', '/api/group-account', kari.token)).json()).toEqual([]);
    expect((await send('GET', `/api/group-account/${app.t.boardId}`, kari.token)).status).toBe(404);
  });

  /** A new board of the user with `token`. */
  async function newBoard(token: string, name: string): Promise<string> {
    const res = await send('POST', '/api/group-account', token, { name, apis: [] });
    expect(res.status).toBe(201);
    return (await res.json())._id;
  }

  const boardsOf = async (token: string) =>
    ((await (await send('GET', '/api/group-account', token)).json()) as Array<{ name: string }>).map((b) => b.name);

  it('need the share right on every board an invitation or a change names, and on one board of a member removed', async () => {
    const second = await newBoard(app.owner, 'Fjord Regnskap AS');
    const admin = await member('admin@firma.no', 'Admin');
    // The Admin of the first board is only a Viewer of the second.
    await send('PATCH', `/api/team/members/${admin.id}`, app.owner, { role: 'Admin', groupIds: [app.t.boardId] });
    await invite({ email: 'admin@firma.no', role: 'Viewer', groupIds: [second] });
    await send('POST', '/api/team/invitations/accept', admin.token, {
      token: (await invitationLink('admin@firma.no')).token,
    });
    const roles = await (await send('GET', '/api/group-account', admin.token)).json();
    expect(roles.map((b: { role: string }) => b.role).sort()).toEqual(['Admin', 'Viewer']);

    const both = await invite(
      { email: 'ny@klient.no', role: 'Viewer', groupIds: [app.t.boardId, second] },
      admin.token,
    );
    expect(both.status).toBe(403);
    expect((await both.json()).code).toBe('BOARD_SHARE_NOT_ALLOWED');
    const unknown = await invite(
      { email: 'ny@klient.no', role: 'Viewer', groupIds: [app.t.boardId, 'no-such-board'] },
      admin.token,
    );
    expect((await unknown.json()).code).toBe('BOARD_NOT_FOUND');

    // A Viewer of both boards: the Admin may remove them (from the first board, the one they manage) ...
    const kari = await member('kari@klient.no', 'Viewer');
    await send('PATCH', `/api/team/members/${kari.id}`, app.owner, {
      role: 'Viewer',
      groupIds: [app.t.boardId, second],
    });
    expect(await boardsOf(kari.token)).toEqual(['Nordlys Energiteknikk AS', 'Fjord Regnskap AS']);
    const moved = await send('PATCH', `/api/team/members/${kari.id}`, admin.token, {
      role: 'Editor',
      groupIds: [second],
    });
    expect((await moved.json()).code).toBe('BOARD_SHARE_NOT_ALLOWED');
    expect((await send('DELETE', `/api/team/members/${kari.id}`, admin.token)).status).toBe(200);
    // ... and the board the Admin only views stays theirs.
    expect(await boardsOf(kari.token)).toEqual(['Fjord Regnskap AS']);
    // A Viewer of a member's boards may not remove them.
    const viewer = await member('leser@klient.no', 'Viewer');
    await send('PATCH', `/api/team/members/${viewer.id}`, app.owner, { role: 'Viewer', groupIds: [second] });
    const refused = await send('DELETE', `/api/team/members/${kari.id}`, viewer.token);
    expect(await refused.json()).toEqual({
      code: 'BOARD_SHARE_NOT_ALLOWED',
      message: "Only the board's owner and Admins can share it or invite others to it",
    });
  });

  it('keep at least one board: a change to none is refused, removal from the team is whole, and deleting a member’s only board needs a second yes', async () => {
    const second = await newBoard(app.owner, 'Fjord Regnskap AS');
    const kari = await member('kari@klient.no', 'Viewer');
    await send('PATCH', `/api/team/members/${kari.id}`, app.owner, {
      role: 'Editor',
      groupIds: [app.t.boardId, second],
    });
    // A change leaves them at least one of the owner's boards.
    const none = await send('PATCH', `/api/team/members/${kari.id}`, app.owner, { role: 'Editor', groupIds: [] });
    expect(await none.json()).toEqual({ code: 'LAST_GROUP', message: 'The user must have at least 1 assigned group' });
    expect(await boardsOf(kari.token)).toEqual(['Nordlys Energiteknikk AS', 'Fjord Regnskap AS']);

    // Deleting a board they also have elsewhere needs no second yes.
    expect((await send('DELETE', `/api/group-account/${second}`, app.owner)).status).toBe(200);
    // Deleting their only board does: the owner is told, and nothing is deleted until they confirm.
    const only = await send('DELETE', `/api/group-account/${app.t.boardId}`, app.owner);
    expect(only.status).toBe(409);
    expect(await only.json()).toEqual({
      code: 'MEMBERS_LAST_GROUP',
      message: 'This board is the only one some of its members have: deleting it leaves them without a board',
    });
    expect(errorMessage('MEMBERS_LAST_GROUP', 'nor')).toBe(
      'Tavlen er den eneste noen av medlemmene har: sletter du den, står de uten tavle',
    );
    expect(await boardsOf(kari.token)).toEqual(['Nordlys Energiteknikk AS']);

    // Removing them from the team is whole: every board of the remover goes, even the last.
    const ola = await member('ola@klient.no', 'Viewer');
    expect((await send('DELETE', `/api/team/members/${ola.id}`, app.owner)).status).toBe(200);
    expect(await boardsOf(ola.token)).toEqual([]);
    // They keep their account, and start a board of their own.
    expect((await send('POST', '/api/group-account', ola.token, { name: 'Mitt AS', apis: [] })).status).toBe(201);

    expect((await send('DELETE', `/api/group-account/${app.t.boardId}?forced=forced`, app.owner)).status).toBe(200);
    expect(await boardsOf(kari.token)).toEqual([]);
  });
});
