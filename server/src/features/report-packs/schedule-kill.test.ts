import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { packDelivery, packSchedule, packSnapshot, scheduledJob, session } from '../../db/schema/index.ts';
import { PACK_SEND_JOB } from '../../jobs/pack-schedules.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// Issue 30's done-item: a schedule run across two server processes with a real SMTP server. The peer
// holds the second recipient's message unanswered, so the process running the send is killed (kill -9)
// after the first mail's 250 and before the second's; the other process takes the run over when the
// lease runs out and sends the rest. The SMTP server accepts exactly one message per recipient.

/** Long enough that a busy machine's render does not starve the holder's lease renewal (then the run would be taken over from a live process). */
const LEASE_MS = 5_000;
const RECIPIENTS = ['styret@nordlys.no', 'leder@nordlys.no', 'revisor@nordlys.no'];

let smtp: SmtpPeer;
let t: TestApp;
let token: string;
const children: ChildProcess[] = [];

/** Waits for `check` to hold, polling (the processes work on their own clocks; on a busy machine a process takes a while to start). */
async function until<T>(what: string, check: () => Promise<T | undefined | false>, tries = 4_000): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const got = await check();
    if (got) return got;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function runnerProcess(): ChildProcess {
  const url = t.deps.databaseUrl;
  const child = fork(
    resolve(import.meta.dirname, '../../test/pack-runner-process.ts'),
    [url, t.dataDir, String(LEASE_MS), smtp.url],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  children.push(child);
  return child;
}

const sendJob = async () =>
  (await t.deps.db.select().from(scheduledJob).where(eq(scheduledJob.kind, PACK_SEND_JOB)))[0];

const sessionCount = async () => (await t.deps.db.select().from(session).where(eq(session.userId, t.userId))).length;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    database: 'file',
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Saldo <no-reply@saldo.no>' }),
  });
  token = (await t.login()).jwtToken;
}, 60_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await smtp.close();
});

describe('a scheduled pack across two processes, one killed mid-run', () => {
  it('mails each recipient exactly once', async () => {
    const made = await t.request(`/api/report-packs/${t.boardId}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Månedsrapport', sections: [{ kind: 'profitLoss', compare: 'none' }] }),
    });
    expect(made.status).toBe(201);
    const packId = (await made.json())._id as string;
    const saved = await t.request(`/api/report-packs/${t.boardId}/${packId}/schedule`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ rule: 'monthly', day: 5, recipients: RECIPIENTS, message: 'Månedens tall.' }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Saved long ago: the latest month's send day has come, whatever today is.
    await t.deps.db.update(packSchedule).set({ since: '2000-01-01' }).where(eq(packSchedule.packId, packId));

    const sessionsBefore = await sessionCount();
    const held = smtp.holdNext(1, 1);
    const a = runnerProcess();
    const b = runnerProcess();
    await held;
    expect(smtp.received.map((m) => m.to)).toEqual([[RECIPIENTS[0]]]);
    const job = (await sendJob())!;
    expect(job.status).toBe('running');
    const holder = [a, b].find((c) => job.leaseOwner === `pack-runner-${c.pid}`)!;
    const other = holder === a ? b : a;
    const [sending] = await t.deps.db.select().from(packDelivery).where(eq(packDelivery.recipient, RECIPIENTS[1]!));
    expect(sending!.status).toBe('sending');
    holder.kill('SIGKILL');

    const done = await until('the other process to end the run', async () => {
      const row = await sendJob();
      return row?.status === 'done' && row;
    });
    expect(done.leaseOwner).toBeNull();
    expect(done.attempts).toBe(2);
    expect(smtp.held).toBe(1);
    // Exactly one accepted message per recipient, the second one's sent again with the same Message-ID.
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...RECIPIENTS].sort());
    const ids = smtp.received.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
    const deliveries = await t.deps.db.select().from(packDelivery);
    expect(deliveries.map((d) => [d.recipient, d.status, d.attempts]).sort()).toEqual(
      [
        [RECIPIENTS[0], 'sent', 1],
        [RECIPIENTS[1], 'sent', 2],
        [RECIPIENTS[2], 'sent', 1],
      ].sort(),
    );
    for (const d of deliveries) {
      expect(d.response).toMatch(/^250 /);
      expect(ids).toContain(`<${d.id}@pack.saldo>`);
    }
    // One snapshot for the run, whose link every mail names alike.
    const snapshots = await t.deps.db.select().from(packSnapshot).where(eq(packSnapshot.packId, packId));
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.runSlot).toBe(done.slot);
    const links = smtp.received.map((m) => /pack-snapshots\/([\w-]+)/.exec(m.raw.replace(/=\r?\n/g, ''))?.[1]);
    expect(new Set(links).size).toBe(1);
    // The survivor keeps planning: the period is not made again.
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.deps.db.select().from(scheduledJob).where(eq(scheduledJob.kind, PACK_SEND_JOB))).toHaveLength(1);
    expect(other.exitCode).toBeNull();
    // The run read the board as the schedule's owner, through a session it ended.
    expect(snapshots[0]!.sentBy).toBe(t.userId);
    expect(await sessionCount()).toBe(sessionsBefore);
  }, 300_000);
});
