import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { ledgerVersion, posting, syncJob } from '../../db/schema/index.ts';
import { growDemo, livePostings, seededFileDatabase, versionStates } from '../../test/sync-harness.ts';
import { createSyncRunner, releaseLeasesOf } from './jobs.ts';

const LEASE_MS = 800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fileDatabase(leaseMs = LEASE_MS) {
  const syncOptions = { leaseMs, progressEveryMs: 50, keepRetiredMs: 0 };
  const { seeded, ...opened } = await seededFileDatabase(
    'saldo-fault-',
    'fault-test-secret-0123456789abcdef',
    syncOptions,
  );
  return { ...opened, apiAccountId: seeded.apiAccountId };
}

/** A sync worker in a process of its own that claims one job and runs it (test/sync-worker-process.ts). */
function workerProcess(url: string, dir: string, leaseMs: number) {
  const child = fork(resolve(import.meta.dirname, '../../test/sync-worker-process.ts'), [url, dir, String(leaseMs)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  return { child, exited };
}

async function untilProgress(db: Db, jobId: string, percentage: number) {
  for (let i = 0; i < 2000; i++) {
    const [row] = await db.select().from(syncJob).where(eq(syncJob.id, jobId));
    if ((row?.percentage ?? 0) >= percentage) return;
    await sleep(25);
  }
  throw new Error(`job ${jobId} never reached ${percentage} %`);
}

describe('sync jobs under failure', () => {
  it('survives a worker killed half-way: the old ledger stays, and a re-run completes without duplicates', async () => {
    const { dir, url, db, deps, apiAccountId } = await fileDatabase();
    // The live ledger's postings, and the rows of versions being built (what a sync has written so far).
    const postingsOf = async (state: 'live' | 'building' = 'live') =>
      (
        await db
          .select({ n: count() })
          .from(posting)
          .innerJoin(ledgerVersion, eq(ledgerVersion.id, posting.version))
          .where(and(eq(posting.apiAccountId, apiAccountId), eq(ledgerVersion.state, state)))
      )[0]!.n;
    const before = await postingsOf();
    expect(before).toBeGreaterThan(10_000);

    // The next sync brings a company ten times the size: long enough to be killed in the middle.
    const scale = 10;
    const expected = await growDemo(db, apiAccountId, scale);
    const [job] = await deps.sync.enqueue([apiAccountId]);

    const child = fork(
      resolve(import.meta.dirname, '../../test/sync-worker-process.ts'),
      [url, dir, String(LEASE_MS)],
      {
        execArgv: ['--import', 'tsx'],
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    // Kill it once it has staged a good part of the new ledger but before it can swap.
    for (let i = 0; i < 400; i++) {
      const [row] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
      if ((row?.percentage ?? 0) >= 30) break;
      await sleep(25);
    }
    const staged = await postingsOf('building');
    child.kill('SIGKILL');
    await exited;
    expect(staged).toBeGreaterThan(1000);

    const [dead] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(dead).toMatchObject({ status: 'running', attempts: 1 });
    expect(await postingsOf()).toBe(before);

    // Another worker takes the job over once the dead worker's lease has run out.
    await sleep(LEASE_MS + 100);
    await deps.sync.drain();
    const [done] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2, percentage: 100 });
    expect(await postingsOf()).toBe(expected);
    // Nothing is left of the dead attempt's version or of the replaced one: only the live ledger.
    expect(await versionStates(db, apiAccountId)).toEqual([{ state: 'live' }]);
    expect((await db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, apiAccountId)))[0]!.n).toBe(
      expected,
    );
    const [sums] = await db.all<{ p: number; m: number }>(sql`
      select (select sum(amount) from posting where api_account_id = ${apiAccountId} and account_number >= 3000) as p,
             (select sum(amount) from monthly_balance where api_account_id = ${apiAccountId} and account_number >= 3000) as m`);
    expect(sums!.m).toBe(sums!.p);
  }, 60_000);

  it('gives up on a job whose workers keep dying, and leaves an in-flight swap to the lease holder only', async () => {
    const { db, deps, apiAccountId } = await fileDatabase();
    const [job] = await deps.sync.enqueue([apiAccountId]);
    await db
      .update(syncJob)
      .set({ status: 'running', attempts: 3, leaseOwner: 'dead', leaseUntil: new Date(Date.now() - 1) })
      .where(eq(syncJob.id, job!.id));
    expect(await deps.sync.runNext()).toBe(false);
    const [row] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(JSON.parse(row!.error!)).toEqual({ code: 'SYNC_FAILED', params: {} });
  });

  it('takes a dead process’s job over at once when it is known dead, however long its lease', async () => {
    const longLease = 10 * 60_000;
    const { dir, url, db, deps, apiAccountId } = await fileDatabase(longLease);
    const expected = await growDemo(db, apiAccountId);
    const [job] = await deps.sync.enqueue([apiAccountId]);
    const { child, exited } = workerProcess(url, dir, longLease);
    await untilProgress(db, job!.id, 20);
    child.kill('SIGKILL');
    await exited;
    // Its lease has minutes to run: nobody may take the job yet.
    expect(await deps.sync.runNext()).toBe(false);
    // The process that started the worker saw it exit and frees its jobs.
    expect(await releaseLeasesOf(db, child.pid!)).toBe(1);
    expect(await deps.sync.runNext()).toBe(true);
    const [done] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect((await db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, apiAccountId)))[0]!.n).toBe(
      expected,
    );
  }, 120_000);

  it('runs a job once although its lease is short: the heartbeat keeps it through a long sync', async () => {
    const lease = 2000;
    const { dir, url, db, deps, apiAccountId } = await fileDatabase(lease);
    // Twenty times the demo: a sync long enough for several renewals on a fast, quiet machine too.
    const expected = await growDemo(db, apiAccountId, 20);
    const [job] = await deps.sync.enqueue([apiAccountId]);
    const { exited } = workerProcess(url, dir, lease);
    await untilProgress(db, job!.id, 1);
    // Another worker keeps trying to claim it for as long as the sync runs. What shows the heartbeat
    // kept the job is the lease being renewed while it tried (each renewal moves leaseUntil), not how
    // long the sync took, which is this machine's speed.
    const renewals = new Set<number>();
    for (;;) {
      const [row] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
      if (row!.status !== 'running') break;
      if (row!.leaseUntil) renewals.add(row!.leaseUntil.getTime());
      expect(await deps.sync.runNext()).toBe(false);
      await sleep(100);
    }
    await exited;
    expect(renewals.size).toBeGreaterThanOrEqual(3);
    const [done] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    // The live ledger (the replaced one is kept a while for readers: the worker's grace).
    expect(await livePostings(db, apiAccountId)).toBe(expected);
  }, 180_000);

  it('stops a worker that lost its job, and never lets it switch to what it wrote', async () => {
    const { db, deps, apiAccountId } = await fileDatabase(60_000);
    const before = (await db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, apiAccountId)))[0]!.n;
    await growDemo(db, apiAccountId);
    const [job] = await deps.sync.enqueue([apiAccountId]);
    const loser = createSyncRunner(
      db,
      { openSecret: (s) => s, tripletexBaseUrl: '', saftDir: '' },
      {
        leaseMs: 600,
        progressEveryMs: 50,
        keepRetiredMs: 0,
      },
    );
    const running = loser.runNext();
    await untilProgress(db, job!.id, 30);
    // Another worker takes the job (as after a lease that ran out while this one stalled).
    await db
      .update(syncJob)
      .set({
        leaseOwner: 'the-other-worker',
        attempts: sql`${syncJob.attempts} + 1`,
        leaseUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(syncJob.id, job!.id));
    expect(await running).toBe(true);
    const [row] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(row).toMatchObject({ status: 'running', leaseOwner: 'the-other-worker', attempts: 2 });
    expect((await db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, apiAccountId)))[0]!.n).toBe(
      before,
    );
    expect(await versionStates(db, apiAccountId)).toEqual([{ state: 'live' }]);
  }, 120_000);
});
