import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { DEMO_USER } from '../../seed.ts';
import { lossBoardAlerted } from '../../test/alerts.ts';
import { putFirm } from '../../test/firm.ts';
import { type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { alertDigester } from '../alerts/digest.ts';

// Issue 30: mail for a firm's boards goes out under the firm's name, at the install's own address,
// with replies to the firm or to the accountant who sent it. A real SMTP server (smtp-server on a
// loopback port) receives each mail, and the test reads its headers as a mail client would.

const FROM_ADDRESS = 'no-reply@saldo.no';
let smtp: SmtpPeer;
let app: SignedIn;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());

/** The demo firm's profile (test/firm.ts), with `changes`. */
async function profile(changes: object = {}) {
  expect((await putFirm(app.t, app.token, changes)).status).toBe(200);
}

beforeEach(async () => {
  mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: `Saldo <${FROM_ADDRESS}>` });
  app = await signedInApp({ mailer });
});

/**
 * RFC 2047's encoded words (B and Q, as a header carries a name beyond ASCII) decoded, adjacent ones
 * joined: written here apart from the mailer, so the test reads the header as any client does.
 */
const decodeWords = (value: string) =>
  value.replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** The headers of a received message, unfolded and decoded, by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new Map(
    head.split(/\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim())];
    }),
  );
}

/** A From header's display name (quotes and escapes undone) and address. */
function sender(from: string | undefined): { name: string; address: string } {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(from ?? '');
  const name = (match?.[1] ?? '').replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1');
  return { name, address: match?.[2] ?? from ?? '' };
}

/** Mails a public link of the demo board to `to` through the API; the one message the peer got. */
async function shareMail(to: string) {
  const made = await app.t.request(`/api/group-account/${app.t.boardId}/public/share-board`, {
    method: 'POST',
    token: app.token,
    body: JSON.stringify({ pages: [{ name: 'profitloss' }] }),
  });
  const link = `http://localhost:3000/public/profitloss/${(await made.json()).boardId}`;
  const before = smtp.received.length;
  const res = await app.t.request(`/api/public-share/url/send-email?groupId=${app.t.boardId}`, {
    method: 'POST',
    token: app.token,
    body: JSON.stringify({ recipients: [to], link }),
  });
  expect(res.status).toBe(200);
  const got = smtp.received.slice(before);
  expect(got).toHaveLength(1);
  return { envelope: got[0]!.from, headers: headersOf(got[0]!.raw) };
}

describe('mail under the firm’s name', () => {
  it('sends a shared link as the firm’s sender name at the configured address, with replies to the firm', async () => {
    await profile();
    const { envelope, headers } = await shareMail('styret@kunde.no');
    expect(sender(headers.get('from'))).toEqual({ name: 'Accountflow Regnskap', address: FROM_ADDRESS });
    // The envelope's sender stays the install's own address: its SPF and DKIM still hold.
    expect(envelope).toBe(FROM_ADDRESS);
    expect(headers.get('reply-to')).toBe('post@accountflow.no');
  });

  it('uses the firm’s name, in full beyond ASCII, when it has no sender name, and replies go to the accountant who sent it', async () => {
    await profile({ name: 'Økonomi & Revisjon «Nord» AS', senderName: null, replyTo: null });
    const { headers } = await shareMail('styret@kunde.no');
    expect(sender(headers.get('from'))).toEqual({ name: 'Økonomi & Revisjon «Nord» AS', address: FROM_ADDRESS });
    expect(headers.get('reply-to')).toBe(DEMO_USER.email);
  });

  it('keeps Saldo’s name for a firm without a profile, and never lets a name carry an address', async () => {
    const plain = await shareMail('styret@kunde.no');
    expect(sender(plain.headers.get('from'))).toEqual({ name: 'Saldo', address: FROM_ADDRESS });
    expect(plain.headers.get('reply-to')).toBe(DEMO_USER.email);
    await profile({ name: 'Kundeservice https://evil.example AS', senderName: null });
    const { headers } = await shareMail('styret@kunde.no');
    expect(sender(headers.get('from'))).toEqual({ name: 'Kundeservice AS', address: FROM_ADDRESS });
  });

  it('sends an invitation to the firm’s boards under its name, with replies to the firm', async () => {
    await profile({ replyTo: 'team@accountflow.no' });
    const before = smtp.received.length;
    const res = await app.t.request('/api/team/invitations', {
      method: 'POST',
      token: app.token,
      body: JSON.stringify({ email: 'ny@kunde.no', role: 'Viewer', groupIds: [app.t.boardId] }),
    });
    expect(res.status).toBe(201);
    const [mail] = smtp.received.slice(before);
    expect(mail?.to).toEqual(['ny@kunde.no']);
    const headers = headersOf(mail!.raw);
    expect(sender(headers.get('from'))).toEqual({ name: 'Accountflow Regnskap', address: FROM_ADDRESS });
    expect(headers.get('reply-to')).toBe('team@accountflow.no');
  });

  it('sends the alert digest of the firm’s boards under its name, with replies to the firm', async () => {
    await profile();
    await lossBoardAlerted(app);
    const before = smtp.received.length;
    expect(await alertDigester(app.t.deps.db, mailer, 'https://saldo.example.no').send('2026-11-22')).toEqual({
      sent: 1,
      failed: 0,
    });
    const [mail] = smtp.received.slice(before);
    expect(mail?.to).toEqual([DEMO_USER.email]);
    const headers = headersOf(mail!.raw);
    expect(sender(headers.get('from'))).toEqual({ name: 'Accountflow Regnskap', address: FROM_ADDRESS });
    expect(headers.get('reply-to')).toBe('post@accountflow.no');
  });
});
