import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { alertDigest, alertEvent, user } from '../../db/schema/index.ts';
import { scheduledJobs } from '../../jobs/scheduled.ts';
import { createMailer } from '../../mail/mailer.ts';
import { DEMO_USER } from '../../seed.ts';
import { lossBoardAlerted } from '../../test/alerts.ts';
import { type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { evaluateAfterSync } from './after-sync.ts';
import { alertDigester } from './digest.ts';

// The daily digest reaches a real SMTP server (smtp-server on a loopback port) once: one mail per
// recipient with each alert and a link, nothing on the next run, and a refused mail sent again by the
// job's retry.

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());

const BASE = 'https://saldo.example.no';
const DAY = 86_400_000;

async function install(app: SignedIn) {
  const mailer = createMailer({
    smtpUrl: smtp.url,
    outboxDir: '/nonexistent',
    from: 'Saldo <no-reply@saldo.no>',
  });
  let at = Date.parse('2026-11-22T00:00:10Z');
  const config = { databaseUrl: ':memory:', dataDir: app.t.dataDir, baseUrl: BASE, backup: undefined };
  const db = app.t.deps.db;
  const runner = scheduledJobs(
    config,
    { db, mailer, alertDigest: alertDigester(db, mailer, BASE) },
    { now: () => new Date(at), retryMs: 1000 },
  )!;
  return { runner, advance: (ms: number) => (at += ms) };
}

describe('the daily alert digest', () => {
  let app: SignedIn;
  let lossBoard: string;
  let lossSource: string;

  beforeAll(async () => {
    app = await signedInApp();
    ({ boardId: lossBoard, sourceId: lossSource } = await lossBoardAlerted(app));
  });

  it('mails the board owner once, in their language, each alert with a link; the next run sends nothing', async () => {
    const { runner, advance } = await install(app);
    const before = smtp.received.length;
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([DEMO_USER.email]);
    const body = decodedMail(mails[0]!.raw);
    expect(body).toContain('Subject: Saldo: 1 nytt varsel');
    expect(body).toContain('Tapet AS');
    expect(body).toContain('Årsresultat under 0\u00a0kr');
    expect(body).toContain(`${BASE}/alerts?groupId=${lossBoard}`);
    const [event] = await app.t.deps.db.select().from(alertEvent).where(eq(alertEvent.boardId, lossBoard));
    expect(event!.mailedAt).not.toBeNull();
    // The same slot is not run twice, and the next day's run finds nothing new.
    await runner.plan();
    expect(await runner.runNext()).toBe(false);
    advance(DAY);
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    // The alert stays open and is seen again by the next sync: still not mailed again.
    await evaluateAfterSync(app.t.deps.db, lossSource);
    advance(DAY);
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    expect(smtp.received.length - before).toBe(1);
  });

  it('goes to the responsible accountant in English, and a refused mail is sent again by the retry, once', async () => {
    const member = await app.t.signUp('accountant@example.no', { member: 'Admin', name: 'Anna' });
    await app.t.deps.db.update(user).set({ language: 'en' }).where(eq(user.id, member.id));
    // The demo board, its data-age rule met: a new alert for its responsible accountant.
    const assigned = await app.t.request(`/api/group-account/${app.t.boardId}/assignment`, {
      method: 'PUT',
      token: app.token,
      body: JSON.stringify({ responsibleUserId: member.id }),
    });
    expect(assigned.status).toBe(200);
    await app.t.request('/api/alerts', {
      method: 'POST',
      token: app.token,
      body: JSON.stringify({
        name: 'Stale data',
        metric: 'dataAgeDays',
        comparison: 'above',
        threshold: -1,
        scope: { kind: 'board', groupId: app.t.boardId },
      }),
    });
    await evaluateAfterSync(app.t.deps.db, app.t.apiAccountId);
    const { runner, advance } = await install(app);
    advance(5 * DAY);
    const before = smtp.received.length;
    smtp.refuseNext(1, 451);
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    expect(smtp.received.length).toBe(before);
    const [failed] = await app.t.deps.db.select().from(alertDigest).where(eq(alertDigest.recipientId, member.id));
    expect(failed!.status).toBe('failed');
    advance(1000);
    expect(await runner.runNext()).toBe(true);
    const mails = smtp.received.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['accountant@example.no']]);
    const body = decodedMail(mails[0]!.raw);
    expect(body).toContain('Subject: Saldo: 1 new alert');
    expect(body).toContain('Days since the last sync above -1 days');
    expect(body).toContain(`${BASE}/alerts?groupId=${app.t.boardId}`);
    advance(1000);
    expect(await runner.runNext()).toBe(false);
    expect(smtp.received.length - before).toBe(1);
  });
});
