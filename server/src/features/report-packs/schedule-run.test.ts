import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { packDelivery, packSchedule, scheduledJob, syncJob } from '../../db/schema/index.ts';
import { PACK_PLAN_JOB, PACK_RECHECK_JOB, PACK_SEND_JOB } from '../../jobs/pack-schedules.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { scheduledJobs } from '../../jobs/scheduled.ts';
import { createMailer } from '../../mail/mailer.ts';
import { DEMO_USER } from '../../seed.ts';
import { type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { packScheduler } from './schedule-run.ts';

// Issue 30: a schedule's run against a real SMTP server (smtp-server on a loopback port) that refuses
// mail for a while. A refused mail fails the run after the others went; the runner retries it with a
// growing wait, sending only what has not gone; when its attempts are used up the schedule's owner is
// mailed. And the planner: a period's run is made once, and 'when-booked' waits for the month's data.

const RECIPIENTS = ['styret@nordlys.no', 'leder@nordlys.no'];
const MAX_ATTEMPTS = 3;

let smtp: SmtpPeer;
let app: SignedIn;
let runner: JobRunner;

const scheduler = (now?: () => number) =>
  packScheduler({ ...app.t.deps, ...(now ? { now } : {}), fetchApi: async (request) => app.t.app.fetch(request) });

async function scheduledPack(name: string, schedule: object): Promise<{ packId: string; scheduleId: string }> {
  const base = `/api/report-packs/${app.t.boardId}`;
  const made = await app.t.request(base, {
    method: 'POST',
    token: app.token,
    body: JSON.stringify({ name, sections: [{ kind: 'profitLoss', compare: 'none' }] }),
  });
  const packId = (await made.json())._id as string;
  const saved = await app.t.request(`${base}/${packId}/schedule`, {
    method: 'PUT',
    token: app.token,
    body: JSON.stringify(schedule),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { packId, scheduleId: (await saved.json())._id };
}

/** Runs the jobs until the pack's run has ended (the retries' waits are milliseconds); its job row. */
async function runToEnd(scheduleId: string) {
  for (let i = 0; i < 400; i++) {
    await runner.runNext();
    const [job] = (await app.t.deps.db.select().from(scheduledJob).where(eq(scheduledJob.kind, PACK_SEND_JOB))).filter(
      (j) => (j.payload as { scheduleId: string }).scheduleId === scheduleId,
    );
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the run did not end');
}

const deliveriesOf = async (packId: string) =>
  (await app.t.deps.db.select().from(packDelivery).where(eq(packDelivery.packId, packId))).map((d) => [
    d.recipient,
    d.status,
    d.attempts,
  ]);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  app = await signedInApp({
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Saldo <no-reply@saldo.no>' }),
  });
  runner = scheduledJobs(
    { backup: undefined, databaseUrl: ':memory:', dataDir: app.t.dataDir, baseUrl: 'http://localhost:3000' },
    { db: app.t.deps.db, mailer: app.t.deps.mailer, packs: scheduler() },
    { retryMs: 5, maxAttempts: MAX_ATTEMPTS },
  )!;
}, 60_000);
afterAll(() => smtp.close());

describe('a scheduled send whose SMTP server refuses mail', () => {
  it('retries with backoff and, when it stays refused, tells the schedule’s owner', async () => {
    const { packId, scheduleId } = await scheduledPack('Månedsrapport', {
      rule: 'monthly',
      recipients: RECIPIENTS,
      message: 'Hei',
    });
    await app.t.deps.db.update(packSchedule).set({ since: '2000-01-01' }).where(eq(packSchedule.id, scheduleId));
    // Every attempt's mails refused (451: try again later), and no more.
    smtp.refuseNext(RECIPIENTS.length * MAX_ATTEMPTS, 451);
    await runner.plan();
    await runner.runNext(); // the planner's run makes the send's job
    const job = await runToEnd(scheduleId);
    expect([job.status, job.attempts]).toEqual(['failed', MAX_ATTEMPTS]);
    expect(job.error).toMatch(/^2 of 2 mails were refused: styret@nordlys\.no: .*451/);
    expect(await deliveriesOf(packId)).toEqual(RECIPIENTS.map((r) => [r, 'failed', MAX_ATTEMPTS]));
    // Nothing reached a recipient; the owner (the accountant who saved it) got one mail saying so, in Norwegian.
    expect(smtp.received.map((m) => m.to)).toEqual([[DEMO_USER.email]]);
    const told = decodedMail(smtp.received[0]!.raw);
    expect(told).toMatch(/Månedsrapport, \w+ 20\d\d\. Saldo prøvde 3 ganger og prøver ikke igjen\./);
    for (const r of RECIPIENTS) expect(told).toContain(`${r}: 451 Mailbox busy`);
    // With a link to the board's report packs, where it can be sent by hand.
    expect(told).toContain(`/group/${app.t.boardId}/report-packs`);
    // The deliveries say so too, through the API.
    const listed = await (
      await app.t.request(`/api/report-packs/${app.t.boardId}/${packId}/deliveries`, { token: app.token })
    ).json();
    expect(listed.map((d: { status: string; response: string }) => [d.status, d.response.slice(0, 3)])).toEqual([
      ['failed', '451'],
      ['failed', '451'],
    ]);
  }, 60_000);

  it('sends each recipient once when the server takes mail again within the retries', async () => {
    const before = smtp.received.length;
    const { packId, scheduleId } = await scheduledPack('Kvartalsrapport', {
      rule: 'quarterly',
      day: 10,
      recipients: RECIPIENTS,
      message: 'Hei',
    });
    await app.t.deps.db.update(packSchedule).set({ since: '2000-01-01' }).where(eq(packSchedule.id, scheduleId));
    smtp.refuseNext(1, 451);
    await scheduler().plan();
    const job = await runToEnd(scheduleId);
    expect([job.status, job.attempts, job.error]).toEqual(['done', 2, null]);
    // The first recipient was refused once and sent on the retry; the second went in the first attempt, once.
    expect(await deliveriesOf(packId)).toEqual([
      ['styret@nordlys.no', 'sent', 2],
      ['leder@nordlys.no', 'sent', 1],
    ]);
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(['leder@nordlys.no', 'styret@nordlys.no']);
  }, 60_000);
});

describe('planning the schedules’ runs', () => {
  it("makes a period's run once however often it is planned, and 'when-booked' waits for the month and its sync", async () => {
    const jobsOf = async (scheduleId: string) =>
      (await app.t.deps.db.select().from(scheduledJob).where(eq(scheduledJob.kind, PACK_SEND_JOB))).filter(
        (j) => (j.payload as { scheduleId: string }).scheduleId === scheduleId,
      );
    const { scheduleId } = await scheduledPack('Når bokført', { rule: 'when-booked', recipients: RECIPIENTS });
    const [row] = await app.t.deps.db.select().from(packSchedule).where(eq(packSchedule.id, scheduleId));
    // Saved when October was the last booked month: nothing owed until a later month is in.
    expect(row!.bookedSince).toBe('2026-10');
    const december = scheduler(() => Date.parse('2026-12-03T08:00:00Z'));
    await december.plan();
    expect(await jobsOf(scheduleId)).toEqual([]);
    // As if saved when September was the last booked: October is owed, but not while a sync runs.
    await app.t.deps.db.update(packSchedule).set({ bookedSince: '2026-09' }).where(eq(packSchedule.id, scheduleId));
    await app.t.deps.db.insert(syncJob).values({
      id: 'sync-1',
      apiAccountId: app.t.apiAccountId,
      status: 'running',
      createdAt: new Date(),
    });
    await december.plan();
    expect(await jobsOf(scheduleId)).toEqual([]);
    await app.t.deps.db.update(syncJob).set({ status: 'done' }).where(eq(syncJob.id, 'sync-1'));
    await Promise.all([december.plan(), december.plan(), scheduler(() => Date.parse('2026-12-04T08:00:00Z')).plan()]);
    const made = await jobsOf(scheduleId);
    expect(made.map((j) => [j.slot, j.status, j.payload])).toEqual([
      [`${scheduleId}:2026-10`, 'queued', { scheduleId, startDate: '2026-10-01', endDate: '2026-10-31' }],
    ]);
  }, 60_000);

  it('keeps the finished plan and check runs a week, and every send run and failure', async () => {
    const { db } = app.t.deps;
    const at = Date.parse('2026-12-20T08:00:00Z');
    const run = (kind: string, status: 'done' | 'failed', daysAgo: number) => ({
      id: `${kind}-${status}-${daysAgo}`,
      kind,
      slot: `prune-${status}-${daysAgo}`,
      status,
      runAt: new Date(at - daysAgo * 86_400_000),
      createdAt: new Date(at - daysAgo * 86_400_000),
      finishedAt: new Date(at - daysAgo * 86_400_000),
    });
    await db
      .insert(scheduledJob)
      .values([
        run(PACK_PLAN_JOB, 'done', 8),
        run(PACK_PLAN_JOB, 'done', 6),
        run(PACK_RECHECK_JOB, 'done', 30),
        run(PACK_RECHECK_JOB, 'failed', 30),
        run(PACK_SEND_JOB, 'done', 200),
      ]);
    await scheduler(() => at).plan();
    const left = await db.select({ id: scheduledJob.id }).from(scheduledJob).where(like(scheduledJob.slot, 'prune-%'));
    expect(left.map((r) => r.id).sort()).toEqual(
      [`${PACK_PLAN_JOB}-done-6`, `${PACK_RECHECK_JOB}-failed-30`, `${PACK_SEND_JOB}-done-200`].sort(),
    );
  });
});
