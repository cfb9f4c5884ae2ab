import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoRecords } from '../../connectors/demo/demo-connector.ts';
import { openDatabase } from '../../db/client.ts';
import { apiAccount, posting, stagingRecord, syncJob } from '../../db/schema/index.ts';
import { buildDeps } from '../../deps.ts';
import { createMailer } from '../../mail/mailer.ts';
import { demoPeriod, seedDemo } from '../../seed.ts';

const LEASE_MS = 800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fileDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-fault-'));
  const url = `file:${join(dir, 'saldo.db')}`;
  const { db } = await openDatabase(url);
  const deps = buildDeps({
    db,
    secret: 'fault-test-secret-0123456789abcdef',
    baseUrl: 'http://localhost:3000',
    mailer: createMailer({ outboxDir: join(dir, 'outbox'), from: 'test@saldo.no' }),
    dataDir: dir,
    databaseUrl: url,
    syncOptions: { leaseMs: LEASE_MS, progressEveryMs: 50 },
  });
  const seeded = await seedDemo(db, deps.auth);
  return { dir, url, db, deps, apiAccountId: seeded!.apiAccountId };
}

describe('sync jobs under failure', () => {
  it('survives a worker killed half-way: the old ledger stays, and a re-run completes without duplicates', async () => {
    const { dir, url, db, deps, apiAccountId } = await fileDatabase();
    const postingsOf = async () =>
      (await db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, apiAccountId)))[0]!.n;
    const before = await postingsOf();
    expect(before).toBeGreaterThan(10_000);

    // The next sync brings a company ten times the size: long enough to be killed in the middle.
    const scale = 10;
    await db
      .update(apiAccount)
      .set({ settings: { seed: 4102, scale } })
      .where(eq(apiAccount.id, apiAccountId));
    let expected = 0;
    for (const r of demoRecords({ seed: 4102, scale, ...demoPeriod(new Date()) }))
      if (r.kind === 'posting') expected += 1;
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
    const [staged] = await db.select({ n: count() }).from(stagingRecord);
    child.kill('SIGKILL');
    await exited;
    expect(staged!.n).toBeGreaterThan(1000);

    const [dead] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(dead).toMatchObject({ status: 'running', attempts: 1 });
    expect(await postingsOf()).toBe(before);

    // Another worker takes the job over once the dead worker's lease has run out.
    await sleep(LEASE_MS + 100);
    await deps.sync.drain();
    const [done] = await db.select().from(syncJob).where(eq(syncJob.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2, percentage: 100 });
    expect(await postingsOf()).toBe(expected);
    expect((await db.select({ n: count() }).from(stagingRecord))[0]!.n).toBe(0);
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
});
