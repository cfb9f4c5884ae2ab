import { fork } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client.ts';
import { scheduledJob } from '../db/schema/index.ts';
import { createJobRunner, type JobRunnerOptions, type ScheduledJobRow, slotOf } from './runner.ts';

const HOUR = 3_600_000;

async function fileDb(): Promise<{ db: Db; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-jobs-'));
  const url = `file:${join(dir, 'saldo.db')}`;
  return { db: (await openDatabase(url)).db, url };
}

function clock(start: string) {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

const rows = (db: Db) => db.select().from(scheduledJob).orderBy(scheduledJob.slot);

describe('scheduled jobs', () => {
  it('plans each slot once however many processes plan it, and two runners run it once', async () => {
    const { db } = await fileDb();
    const t = clock('2026-11-28T10:20:00Z');
    let runs = 0;
    const options = (workerId: string): JobRunnerOptions => ({
      db,
      workerId,
      now: t.now,
      schedules: [{ kind: 'tick', everyMs: HOUR }],
      handlers: {
        tick: {
          run: async (job) => {
            runs += 1;
            await new Promise((r) => setTimeout(r, 50));
            return `ran ${job.slot}`;
          },
        },
      },
      onFailure: async () => undefined,
    });
    const a = createJobRunner(options('a'));
    const b = createJobRunner(options('b'));
    await Promise.all([a.plan(), b.plan(), a.plan()]);
    expect((await rows(db)).map((r) => [r.slot, r.status])).toEqual([['2026-11-28T10:00:00.000Z', 'queued']]);
    const claimed = await Promise.all([a.runNext(), b.runNext()]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await a.runNext()).toBe(false);
    // The next hour is a new slot.
    t.advance(HOUR);
    await b.plan();
    expect(await a.runNext()).toBe(true);
    expect((await rows(db)).map((r) => [r.slot, r.status, r.result, r.attempts])).toEqual([
      ['2026-11-28T10:00:00.000Z', 'done', 'ran 2026-11-28T10:00:00.000Z', 1],
      ['2026-11-28T11:00:00.000Z', 'done', 'ran 2026-11-28T11:00:00.000Z', 1],
    ]);
    expect(runs).toBe(2);
  });

  it('retries a failure with a growing wait, then tells a person once', async () => {
    const { db } = await fileDb();
    const t = clock('2026-11-28T00:00:00Z');
    const told: Array<[ScheduledJobRow, string]> = [];
    let attempt = 0;
    const runner = createJobRunner({
      db,
      now: t.now,
      maxAttempts: 3,
      retryMs: 60_000,
      schedules: [{ kind: 'flaky', everyMs: 24 * HOUR }],
      handlers: {
        flaky: {
          run: async () => {
            attempt += 1;
            throw new Error(`disk full (${attempt})`);
          },
        },
      },
      onFailure: async (job, reason) => {
        told.push([job, reason]);
      },
    });
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    let [job] = await rows(db);
    expect([job!.status, job!.error, job!.runAt.getTime() - t.now().getTime()]).toEqual([
      'queued',
      'disk full (1)',
      60_000,
    ]);
    expect(await runner.runNext()).toBe(false); // not before its wait
    t.advance(60_000);
    expect(await runner.runNext()).toBe(true);
    [job] = await rows(db);
    expect(job!.runAt.getTime() - t.now().getTime()).toBe(120_000);
    t.advance(120_000);
    expect(await runner.runNext()).toBe(true);
    [job] = await rows(db);
    expect([job!.status, job!.attempts, job!.error]).toEqual(['failed', 3, 'disk full (3)']);
    expect(told.map(([j, reason]) => [j.kind, j.attempts, reason])).toEqual([['flaky', 3, 'disk full (3)']]);
    t.advance(HOUR);
    await runner.plan();
    expect(await runner.runNext()).toBe(false); // the failed slot stays failed; the next day's is a new one
    expect(attempt).toBe(3);
  });

  it('survives kill -9: another process takes the run over when its lease runs out, and it ends once', async () => {
    const { db, url } = await fileDb();
    const now = new Date();
    await db.insert(scheduledJob).values({
      id: 'job-1',
      kind: 'slow',
      slot: slotOf({ kind: 'slow', everyMs: HOUR }, now).toISOString(),
      status: 'queued',
      runAt: now,
      createdAt: now,
    });
    const marker = join(mkdtempSync(join(tmpdir(), 'saldo-jobs-marker-')), 'started');
    const child = fork(resolve(import.meta.dirname, '../test/job-runner-process.ts'), [url, '600', marker], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    for (let i = 0; i < 400 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(marker)).toBe(true);
    const [held] = await db.select().from(scheduledJob).where(eq(scheduledJob.id, 'job-1'));
    expect(held!.status).toBe('running');
    child.kill('SIGKILL');

    let ran = 0;
    const survivor = createJobRunner({
      db,
      leaseMs: 600,
      handlers: { slow: { run: async () => `run ${++ran}` } },
      onFailure: async () => undefined,
    });
    // While the dead process's lease holds, nobody takes the run.
    expect(await survivor.runNext()).toBe(false);
    await new Promise((r) => setTimeout(r, 900));
    expect(await survivor.runNext()).toBe(true);
    expect(await survivor.runNext()).toBe(false);
    const [ended] = await db.select().from(scheduledJob);
    expect([ended!.status, ended!.attempts, ended!.result, ran]).toEqual(['done', 2, 'run 1', 1]);
  }, 30_000);
});
