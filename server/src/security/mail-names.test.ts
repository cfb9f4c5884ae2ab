import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { user } from '../db/schema/index.ts';
import { MAIL_NAME_MAX, mailName } from '../mail/templates.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/**
 * Issue 25, finding 10 (mail): the inviter's name and the board's name went raw into the subject and
 * the text of invitation and share mails, so anyone could make Saldo mail their phishing text. Names
 * in mails are on one line, carry nothing that reads as a link, and are cut at MAIL_NAME_MAX.
 */
const PHISHING_BOARD =
  'Nordlys AS: kontoen stenges, logg inn på https://evil.example eller www.evil.no før fredag kl 12';
const PHISHING_INVITER = 'Kundeservice evil.example/verify Saldo';
const ADDRESS = /:\/\/|www\.|evil|\.no\b|\.example/i;

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  const rename = await t.request(`/api/group-account/${t.boardId}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ name: PHISHING_BOARD }),
  });
  expect(rename.status).toBe(200);
  await t.deps.db.update(user).set({ name: PHISHING_INVITER }).where(eq(user.id, t.userId));
});

/** A mail's subject and its plain text without the one link Saldo put there itself. */
const ownText = (m: { subject: string; text: string; links: string[] }) => ({
  subject: m.subject,
  text: m.links.reduce((text, link) => text.replace(link, ''), m.text),
});

describe('names in mails (issue 25, finding 10)', () => {
  it('an invitation’s subject and text carry no address from the inviter’s or the board’s name, cut to 60', async () => {
    const res = await t.request('/api/team/invitations', {
      method: 'POST',
      token,
      body: JSON.stringify({ email: 'kari@klient.no', role: 'Viewer', groupIds: [t.boardId] }),
    });
    expect(res.status).toBe(201);
    const [mail] = await t.deps.mailer.outbox!.list();
    const { subject, text } = ownText(mail!);
    expect(subject).not.toMatch(ADDRESS);
    expect(text).not.toMatch(ADDRESS);
    expect(subject).toMatch(
      /^Kundeservice Saldo har invitert deg til Nordlys AS: kontoen stenges, logg inn på eller før .*… i Saldo$/,
    );
    const boardInSubject = subject.slice('Kundeservice Saldo har invitert deg til '.length, -' i Saldo'.length);
    expect(Array.from(boardInSubject)).toHaveLength(MAIL_NAME_MAX);
    expect(mail!.links).toHaveLength(1);
  });

  it('a share mail’s subject and text carry no address from the board’s name', async () => {
    const share = await t.request(`/api/group-account/${t.boardId}/public/share-board`, {
      method: 'POST',
      token,
      body: JSON.stringify({ group: t.boardId, pages: [{ name: 'profitloss' }], lang: 'en' }),
    });
    const link = `http://localhost:3000/public/board/${(await share.json()).boardId}`;
    const res = await t.request(`/api/public-share/url/send-email?groupId=${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ recipients: ['anne@example.no'], link }),
    });
    expect(res.status).toBe(200);
    const [mail] = await t.deps.mailer.outbox!.list();
    const { subject, text } = ownText(mail!);
    expect(subject).not.toMatch(ADDRESS);
    expect(text).not.toMatch(ADDRESS);
    expect(subject.startsWith('Nordlys AS: kontoen stenges, logg inn på eller før')).toBe(true);
    expect(mail!.links).toEqual([link]);
  });

  it('a name is put on one line, without invisible turnarounds, and falls back when nothing is left', () => {
    expect(mailName('Nordlys\r\nBcc: x@evil.example\u2028AS')).toBe('Nordlys Bcc: AS');
    expect(mailName('Nord\u202Elys\tAS')).toBe('Nord lys AS');
    expect(mailName('http://a.b www.c evil.no/x')).toBe('');
    expect(mailName('Kari & Co. AS')).toBe('Kari & Co. AS');
    expect(mailName('Blåbær Regnskap AS')).toBe('Blåbær Regnskap AS');
    const long = 'Ø'.repeat(100);
    expect(mailName(long)).toBe(`${'Ø'.repeat(MAIL_NAME_MAX - 1)}…`);
  });
});
