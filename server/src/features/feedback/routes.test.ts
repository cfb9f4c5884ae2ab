import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FEEDBACK_MAX_CHARS } from '@saldo/contract';
import { errorMessage } from '@saldo/contract/errors/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { defaultLimits } from '../../access/rate-limit.ts';
import { createMailer } from '../../mail/mailer.ts';
import { feedbackMail } from '../../mail/templates.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

const SUPPORT = 'support@saldo.test';
const HOUR = 60 * 60_000;

const send = (t: TestApp, token: string, body: unknown) =>
  t.request('/api/feedback', {
    method: 'POST',
    token,
    headers: { 'user-agent': 'Journey/1.0' },
    body: JSON.stringify(body),
  });

/** A real SMTP server that refuses every recipient: the mail transport fails the way a mail host does. */
let refusing: SmtpPeer;
beforeAll(async () => {
  refusing = await startSmtpPeer({ refuseAll: true });
});
afterAll(() => refusing.close());

describe('POST /api/feedback', () => {
  it('mails a bug report to the configured address through the mail transport, replies going to the user', async () => {
    const t = await createTestApp({ feedbackEmail: SUPPORT });
    const token = (await t.login()).jwtToken;
    expect(await (await t.request('/api/feedback/status', { token })).json()).toEqual({ enabled: true });

    const message = 'The export dialog closes when I press Tab.\nSteps: open it, press Tab nine times.';
    const res = await send(t, token, { kind: 'bug', message, page: '/dashboard?year=2025' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ sent: true });

    const [mail] = await t.deps.mailer.outbox!.list(1);
    expect(mail).toMatchObject({ to: SUPPORT, subject: 'Saldo: bug report from Demo Bruker' });
    expect(mail!.text).toContain(message);
    expect(mail!.text).toContain('From: Demo Bruker <demo@saldo.no>');
    expect(mail!.text).toContain('Page: /dashboard?year=2025');
    expect(mail!.text).toContain('Browser: Journey/1.0');
    const eml = await readFile(join(t.dataDir, 'outbox', `${mail!.id}.eml`), 'utf8');
    expect(eml).toMatch(/^Reply-To: demo@saldo\.no$/m);
    expect(eml).toMatch(/^To: support@saldo\.test$/m);
  });

  it('is refused when no address is configured (nor and en), and the status says so', async () => {
    const t = await createTestApp();
    const token = (await t.login()).jwtToken;
    expect(await (await t.request('/api/feedback/status', { token })).json()).toEqual({ enabled: false });
    const res = await send(t, token, { kind: 'feedback', message: 'Fint produkt!' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'FEEDBACK_NOT_CONFIGURED',
      message: 'Feedback is not set up on this server',
    });
    expect(errorMessage('FEEDBACK_NOT_CONFIGURED', 'nor')).toBe('Tilbakemeldinger er ikke satt opp på denne serveren');
    expect(await t.deps.mailer.outbox!.list()).toEqual([]);
  });

  it('refuses an empty or too long message and a kind it does not know, with nor and en texts', async () => {
    const t = await createTestApp({ feedbackEmail: SUPPORT });
    const token = (await t.login()).jwtToken;
    const atLimit = await send(t, token, { kind: 'feedback', message: 'å'.repeat(FEEDBACK_MAX_CHARS) });
    expect(atLimit.status).toBe(201);

    const tooLong = await send(t, token, { kind: 'feedback', message: 'å'.repeat(FEEDBACK_MAX_CHARS + 1) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      code: 'FEEDBACK_TOO_LONG',
      message: 'The message can have at most 4000 characters',
    });
    expect(errorMessage('FEEDBACK_TOO_LONG', 'nor')).toBe('Meldingen kan ha maks 4000 tegn');

    const empty = await send(t, token, { kind: 'feedback', message: '   \n ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'FEEDBACK_EMPTY', message: 'Write a message first' });
    expect(errorMessage('FEEDBACK_EMPTY', 'nor')).toBe('Skriv en melding først');

    const unknown = await send(t, token, { kind: 'praise', message: 'Hei' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('VALIDATION_FAILED');
    const control = await send(t, token, { kind: 'bug', message: 'Nul\u0000byte' });
    expect((await control.json()).code).toBe('CONTROL_CHARACTERS');
    // Only the one message at the limit went out.
    expect(await t.deps.mailer.outbox!.list()).toHaveLength(1);
  });

  it('limits each user per hour and per day (429 with Retry-After), and other users are not held back', async () => {
    let clock = Date.parse('2026-11-24T09:00:00Z');
    const limits = {
      ...defaultLimits,
      feedbackPerUserHour: { max: 2, windowMs: HOUR },
      feedbackPerUserDay: { max: 3, windowMs: 24 * HOUR },
    };
    const t = await createTestApp({ feedbackEmail: SUPPORT, limits, now: () => clock });
    const token = (await t.login()).jwtToken;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send(t, token, { kind: 'feedback', message: `Nr ${i}` })).status);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await send(t, token, { kind: 'feedback', message: 'Igjen' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'FEEDBACK_RATE_LIMITED',
      message: 'You have sent a lot of feedback in a short time. Please wait a little and try again',
    });
    expect(errorMessage('FEEDBACK_RATE_LIMITED', 'nor')).toBe(
      'Du har sendt mange tilbakemeldinger på kort tid. Vent litt og prøv igjen',
    );

    // Another user has a limit of their own.
    const other = await t.signUp('other@example.no');
    expect((await send(t, other.token, { kind: 'bug', message: 'Meg også' })).status).toBe(201);

    // An hour later one more fits under the day's ceiling of three, then the day is full.
    clock += HOUR + 1000;
    const later = (await t.login()).jwtToken;
    expect((await send(t, later, { kind: 'feedback', message: 'Etter en time' })).status).toBe(201);
    expect((await send(t, later, { kind: 'feedback', message: 'En til' })).status).toBe(429);
    expect(await t.deps.mailer.outbox!.list()).toHaveLength(4);
  });

  it("answers 'Error sending feedback' (nor and en) when the mail host refuses, and does not count it", async () => {
    const mailer = createMailer({
      smtpUrl: refusing.url,
      outboxDir: '/nonexistent',
      from: 'Saldo <no-reply@saldo.no>',
    });
    const limits = { ...defaultLimits, feedbackPerUserHour: { max: 1, windowMs: HOUR } };
    const t = await createTestApp({ feedbackEmail: SUPPORT, mailer, limits });
    const token = (await t.login()).jwtToken;
    for (let i = 0; i < 3; i++) {
      const res = await send(t, token, { kind: 'bug', message: 'Noe er galt' });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ code: 'ERROR_SENDING_FEEDBACK', message: 'Error sending feedback' });
    }
    expect(errorMessage('ERROR_SENDING_FEEDBACK', 'nor')).toBe('Kunne ikke sende tilbakemeldingen');
  });
});

describe('feedbackMail', () => {
  it('escapes what the user wrote in the HTML part and keeps it as written in the text part', () => {
    const mail = feedbackMail(SUPPORT, {
      kind: 'feedback',
      message: '<script>alert(1)</script> & "quotes"',
      page: '/x?a=<b>',
      user: { id: 'u1', name: 'Ola <Nordmann>', email: 'ola@example.no', language: 'nor' },
      userAgent: undefined,
      at: new Date('2026-11-24T09:00:00Z'),
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('Ola &lt;Nordmann&gt;');
    expect(mail.html).toContain('/x?a=&lt;b&gt;');
    expect(mail.text).toContain('<script>alert(1)</script> & "quotes"');
    expect(mail.replyTo).toBe('ola@example.no');
    expect(mail.subject).toBe('Saldo: feedback from Ola <Nordmann>');
  });
});
