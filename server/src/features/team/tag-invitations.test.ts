import type { Board, Invitation, Portfolio, TagMember } from '@saldo/contract';
import { errorMessage } from '@saldo/contract/errors/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { auditEvent, board, invitation } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestApp, statusAndCode, type TestApp } from '../../test/create-test-app.ts';

/**
 * Invitations to a role on a tag (issue 29): the team's one invitation flow, naming a tag of the
 * owner's instead of boards. Accepted, the new user holds the role on the tag: every board of the
 * owner's with it, those tagged after the acceptance too. Only the tag's owner invites to it, resends
 * or revokes; a tag of no board of theirs (or of another firm's) and a role a tag does not give are
 * refused with nothing written.
 */

let t: TestApp;
let owner: string;

const call = (method: string, path: string, token?: string, body?: object) =>
  t.request(path, { method, ...(token ? { token } : {}), ...(body ? { body: JSON.stringify(body) } : {}) });
const invite = (body: object, token = owner) => call('POST', '/api/team/invitations', token, body);

/** A new board of the owner's (over the demo source) carrying these tags; its id. */
async function taggedBoard(name: string, tags: string[], token = owner): Promise<string> {
  const res = await call('POST', '/api/group-account', token, { name, apis: token === owner ? [t.apiAccountId] : [] });
  const { _id } = (await res.json()) as Board;
  const tagged = await call('PUT', `/api/group-account/${_id}/assignment`, token, { tags });
  expect(tagged.status, name).toBe(200);
  return _id;
}

/** The newest mail to `to` in the outbox: its subject, text and the invitation link's token. */
async function mailTo(to: string) {
  const mail = (await t.deps.mailer.outbox!.list()).find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = new URL(mail!.links.find((l) => l.includes('/confirm-invitation?token='))!);
  return { subject: mail!.subject, text: mail!.text, token: link.searchParams.get('token')! };
}

/** The boards a user's board list and portfolio hold, by id, sorted. */
async function visible(token: string) {
  const boards = (await (await call('GET', '/api/group-account', token)).json()) as Board[];
  const portfolio = await call('GET', '/api/portfolio?startDate=2026-01-01&endDate=2026-12-31', token);
  expect(portfolio.status).toBe(200);
  const rows = ((await portfolio.json()) as Portfolio).rows;
  return { boards: boards.map((b) => b._id).sort(), portfolio: rows.map((r) => r.groupId).sort() };
}

const PERSON = { password: 'Klient1234', firstName: 'Kari', lastName: 'Klient', termsAccepted: true };
/** A sign-up from an invitation's link (its address, its token). */
const signUp = (email: string, invitationToken: string) =>
  call('POST', '/api/auth/signup', undefined, { ...PERSON, email, invitationToken });

async function newUser(email: string, token: string) {
  const res = await signUp(email, token);
  expect(res.status).toBe(201);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

const invitationsOf = async (token = owner) =>
  (await (await call('GET', '/api/team/invitations', token)).json()) as Invitation[];

const rowsIn = async (table: typeof invitation | typeof auditEvent) =>
  (await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

describe('an invitation to a tag', () => {
  beforeEach(async () => {
    t = await createTestApp();
    owner = (await t.login()).jwtToken;
  });

  it('mails the tag; a new user who accepts sees every board of the owner’s with it, those tagged later too', async () => {
    const a1 = await taggedBoard('Bygg A1', ['bygg']);
    const a2 = await taggedBoard('Bygg A2', ['bygg', 'vest']);
    await taggedBoard('Handel B1', ['handel']);
    const res = await invite({ email: 'Ny@Klient.no', role: 'Viewer', tag: ' bygg ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ email: 'ny@klient.no', role: 'Viewer', tag: 'bygg', boards: [] });
    const [listed] = await invitationsOf();
    expect(listed).toMatchObject({ email: 'ny@klient.no', tag: 'bygg', state: 'sent' });

    const mail = await mailTo('ny@klient.no');
    expect(mail.subject).toBe('Demo Bruker har invitert deg til stikkordet «bygg» i Saldo');
    expect(mail.text).toContain('Demo Bruker har invitert deg til stikkordet «bygg» i Saldo som leser.');
    expect(mail.text).toContain('også dem som får det senere. Nå: ');
    expect(mail.text).toContain('Bygg A1');
    expect(mail.text).toContain('Bygg A2');
    expect(mail.text).not.toContain('Handel B1');

    const preview = await (await call('GET', `/api/team/invitations/preview?token=${mail.token}`)).json();
    expect(preview).toMatchObject({ tag: 'bygg', boards: [], role: 'Viewer', userExists: false, state: 'sent' });

    const kari = await newUser('ny@klient.no', mail.token);
    const now = [a1, a2].sort();
    expect(await visible(kari)).toEqual({ boards: now, portfolio: now });
    const roles = ((await (await call('GET', '/api/group-account', kari)).json()) as Board[]).map((b) => b.role);
    expect(roles).toEqual(['Viewer', 'Viewer']);
    // It is a role on the tag, listed with the owner's other roles on tags, and the invitation is used.
    const grants = (await (await call('GET', '/api/team/tag-members', owner)).json()) as TagMember[];
    expect(grants).toMatchObject([{ tag: 'bygg', email: 'ny@klient.no', role: 'Viewer', boards: 2 }]);
    expect((await invitationsOf())[0]!.state).toBe('confirmed');
    expect((await call('POST', '/api/team/invitations/accept', kari, { token: mail.token })).status).toBe(404);

    // A board tagged after the acceptance is theirs at once; a Viewer reads it and changes nothing.
    const later = await taggedBoard('Bygg senere', ['bygg']);
    const all = [a1, a2, later].sort();
    expect(await visible(kari)).toEqual({ boards: all, portfolio: all });
    const read = await call('GET', `/api/profit-loss?groupId=${later}&startDate=2026-01-01&endDate=2026-12-31`, kari);
    expect(read.status).toBe(200);
    const rename = await call('PUT', `/api/group-account/${later}`, kari, { name: 'Mitt' });
    expect(await statusAndCode(rename)).toEqual({ status: 403, code: 'BOARD_VIEW_ONLY' });
  });

  it('gives an existing user of another firm the role when they accept it logged in', async () => {
    const a1 = await taggedBoard('Bygg A1', ['bygg']);
    const ola = await t.signUp('ola@annet-firma.no', { name: 'Ola' });
    await taggedBoard('Eget', ['bygg'], ola.token);
    expect((await invite({ email: 'ola@annet-firma.no', role: 'Editor', tag: 'bygg' })).status).toBe(201);
    const { token } = await mailTo('ola@annet-firma.no');
    // The link is the address's: the owner cannot use it.
    expect(await statusAndCode(await call('POST', '/api/team/invitations/accept', owner, { token }))).toEqual({
      status: 403,
      code: 'USER_GROUP_MISMATCH',
    });
    const accepted = await call('POST', '/api/team/invitations/accept', ola.token, { token });
    expect(await accepted.json()).toEqual({ isAccepted: true, groupIds: [a1] });
    const boards = (await (await call('GET', '/api/group-account', ola.token)).json()) as Board[];
    expect(boards.find((b) => b._id === a1)?.role).toBe('Editor');
    expect((await call('PUT', `/api/group-account/${a1}`, ola.token, { name: 'Bygg A1 AS' })).status).toBe(200);
    // Invited again to what they hold: already theirs.
    const again = await invite({ email: 'ola@annet-firma.no', role: 'Viewer', tag: 'bygg' });
    expect(await statusAndCode(again)).toEqual({ status: 409, code: 'ALREADY_INVITED' });
  });

  it('is resent and revoked by the tag’s owner alone; an Admin of the boards neither sees nor touches it', async () => {
    await taggedBoard('Bygg A1', ['bygg']);
    await t.deps.db
      .update(board)
      .set({ tags: ['bygg'] })
      .where(eq(board.id, t.boardId));
    const admin = await t.signUp('admin@firma.no', { member: 'Admin' });
    const { _id } = (await (
      await invite({ email: 'per@klient.no', role: 'Viewer', tag: 'bygg' })
    ).json()) as Invitation;
    const { token: first } = await mailTo('per@klient.no');
    const again = await invite({ email: 'per@klient.no', role: 'Editor', tag: 'bygg' });
    expect(await statusAndCode(again)).toEqual({ status: 409, code: 'ALREADY_INVITED' });

    // The Admin of the owner's first board: the tag's invitation is not theirs to list, resend or revoke.
    expect((await invitationsOf(admin.token)).map((i) => i._id)).not.toContain(_id);
    for (const [method, path] of [
      ['POST', `/api/team/invitations/${_id}/resend`],
      ['DELETE', `/api/team/invitations/${_id}`],
    ] as const)
      expect(await statusAndCode(await call(method, path, admin.token)), path).toEqual({
        status: 404,
        code: 'INVITATION_NOT_FOUND',
      });
    // Nor may they invite to the owner's tag.
    const byAdmin = await invite({ email: 'x@klient.no', role: 'Viewer', tag: 'bygg' }, admin.token);
    expect(await statusAndCode(byAdmin)).toEqual({ status: 404, code: 'INVITATION_TAG_NOT_FOUND' });

    // The owner resends: a new link, the old one stops.
    const resent = await call('POST', `/api/team/invitations/${_id}/resend`, owner);
    expect(await resent.json()).toMatchObject({ _id, tag: 'bygg', state: 'sent' });
    const { token: second } = await mailTo('per@klient.no');
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/team/invitations/preview?token=${first}`)).status).toBe(404);
    // The owner revokes: the link gives nothing, and nobody has the tag.
    expect((await call('DELETE', `/api/team/invitations/${_id}`, owner)).status).toBe(200);
    expect(await invitationsOf()).toEqual([]);
    const late = await signUp('per@klient.no', second);
    expect(await statusAndCode(late)).toEqual({ status: 404, code: 'INVITATION_NOT_FOUND' });
    expect(await (await call('GET', '/api/team/tag-members', owner)).json()).toEqual([]);
  });

  it('refuses a tag of no board of the inviter’s, another firm’s tag, Admin, and boards and a tag at once, writing nothing', async () => {
    await taggedBoard('Bygg A1', ['bygg']);
    const other = await t.signUp('konkurrent@example.no', { name: 'Konkurrent' });
    await taggedBoard('Deres', ['konkurrent'], other.token);
    const before = { invitations: await rowsIn(invitation), audit: await rowsIn(auditEvent) };
    const mails = (await t.deps.mailer.outbox!.list()).length;
    const cases: Array<[object, { status: number; code: string }]> = [
      [{ tag: 'ukjent' }, { status: 404, code: 'INVITATION_TAG_NOT_FOUND' }],
      [{ tag: 'konkurrent' }, { status: 404, code: 'INVITATION_TAG_NOT_FOUND' }],
      [
        { tag: 'bygg', role: 'Admin' },
        { status: 400, code: 'INVITATION_TAG_ROLE' },
      ],
      [
        { tag: 'bygg', groupIds: [t.boardId] },
        { status: 400, code: 'INVITATION_BOARDS_OR_TAG' },
      ],
      [{}, { status: 400, code: 'INVITATION_BOARDS_OR_TAG' }],
      [{ tag: 'x'.repeat(41) }, { status: 400, code: 'VALIDATION_FAILED' }],
      [
        { tag: 'bygg', email: 'demo@saldo.no' },
        { status: 400, code: 'CANNOT_INVITE_SELF' },
      ],
    ];
    for (const [over, want] of cases) {
      const body = { email: 'ny@klient.no', role: 'Viewer', ...over };
      expect(await statusAndCode(await invite(body)), JSON.stringify(over)).toEqual(want);
    }
    // Another firm's owner cannot invite to this firm's tag either.
    const foreign = await invite({ email: 'ny@klient.no', role: 'Viewer', tag: 'bygg' }, other.token);
    expect(await statusAndCode(foreign)).toEqual({ status: 404, code: 'INVITATION_TAG_NOT_FOUND' });
    expect({ invitations: await rowsIn(invitation), audit: await rowsIn(auditEvent) }).toEqual(before);
    expect((await t.deps.mailer.outbox!.list()).length).toBe(mails);
    // Each in both languages.
    expect([errorMessage('INVITATION_TAG_NOT_FOUND', 'nor'), errorMessage('INVITATION_TAG_NOT_FOUND', 'en')]).toEqual([
      'Ingen av dine egne tavler har dette stikkordet (bare eieren av tavlene inviterer til stikkordene deres)',
      'None of your own boards has this tag (only a board’s owner invites to its tags)',
    ]);
    expect(errorMessage('INVITATION_TAG_ROLE', 'nor')).toBe(
      'Et stikkord gir rollen redaktør eller leser, aldri administrator',
    );
    expect(errorMessage('INVITATION_BOARDS_OR_TAG', 'nor')).toBe(
      'Inviter til tavler eller til et stikkord: velg ett av dem',
    );
  });
});

describe('an invitation to a tag through a real SMTP server', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  /** A received mail's subject and text as a mail program shows them: encoded words and quoted-printable undone. */
  function readMail(raw: string) {
    const bytes = (s: string) =>
      Buffer.from(
        s
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
    const subject = (/^Subject: (.*)$/m.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
        kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : bytes(text.replace(/_/g, ' ')),
      );
    return { subject, text: bytes(body.join('\n\n')) };
  }

  it('reaches the invitee in the inviter’s language, naming the tag, and its link gives the tag’s boards', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Saldo <no-reply@saldo.no>' });
    t = await createTestApp({ mailer });
    owner = (await t.login()).jwtToken;
    expect((await call('PATCH', '/api/profile/me', owner, { language: 'en' })).status).toBe(200);
    const a1 = await taggedBoard('Bygg A1', ['bygg']);
    expect((await invite({ email: 'anna@client.com', role: 'Editor', tag: 'bygg' })).status).toBe(201);

    const received = smtp.received.filter((m) => m.to.includes('anna@client.com'));
    expect(received).toHaveLength(1);
    const mail = readMail(received[0]!.raw);
    expect(mail.subject).toBe('Demo Bruker invited you to the tag “bygg” in Saldo');
    expect(mail.text).toContain('Demo Bruker has invited you to the tag “bygg” in Saldo as Editor.');
    expect(mail.text).toContain(
      'The role holds on every board of Demo Bruker’s with the tag, also those that get it later. Now: Bygg A1.',
    );
    const token = /confirm-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const anna = await newUser('anna@client.com', token!);
    expect((await visible(anna)).boards).toEqual([a1]);
  });
});
