import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../test-tools/smtp-peer.ts';
import { createTestApp } from '../test/create-test-app.ts';
import { createMailer } from './mailer.ts';

/** A real SMTP server on a loopback port: the mailer talks the protocol to it, as to any peer. */
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());

describe('mailer over SMTP', () => {
  it('sends the verification e-mail of a signup to the SMTP server, with a working link', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: 'Saldo <no-reply@saldo.no>',
    });
    expect(mailer.outbox).toBeUndefined();
    const t = await createTestApp({ mailer });
    const res = await t.request('/api/auth/signup', {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Ola',
        lastName: 'Smtp',
        email: 'ola@example.no',
        password: 'Sommer2026',
        termsAccepted: true,
        language: 'en',
      }),
    });
    expect(res.status).toBe(201);
    const mail = smtp.received.find((m) => m.to.includes('ola@example.no'));
    expect(mail?.from).toBe('no-reply@saldo.no');
    expect(mail?.raw).toContain('Subject: Verify your e-mail address for Saldo');
    const unfolded = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /verify-account\?token=([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
    expect(token).toBeTruthy();
    const verify = await t.request('/api/auth/account/verify', {
      method: 'PATCH',
      body: JSON.stringify({ token, password: 'Sommer2026' }),
    });
    expect(verify.status).toBe(200);
    // With SMTP configured there is no outbox to read.
    expect((await t.request('/api/dev/outbox')).status).toBe(404);
  });

  it('writes to the outbox folder when no SMTP server is configured', async () => {
    const t = await createTestApp();
    await t.request('/api/auth/password/request-reset', {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@saldo.no' }),
    });
    const list = await (await t.request('/api/dev/outbox')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to: 'demo@saldo.no', subject: 'Tilbakestill passordet ditt i Saldo' });
    expect(list[0].links[0]).toMatch(/^http:\/\/localhost:3000\/password\/reset\?token=/);
  });
});
