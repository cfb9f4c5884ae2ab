/**
 * The runner of scheduled jobs (db/schema/jobs.ts): every process that runs it plans the schedules'
 * due runs (one row per kind and slot, however many processes plan at once), claims due runs with a
 * lease renewed while they work, retries a failure with backoff, and tells a person (`onFailure`) when
 * a run has failed for good. A run whose process was killed is taken over when its lease runs out, so
 * a handler must be safe to run again for the same slot (the backup's is: its folder is the slot's).
 * Written beside sync/jobs.ts rather than on a queue library: the lease-in-the-database rule is the
 * product's own (no Redis here), and the claim is one UPDATE … RETURNING.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJob } from '../db/schema/index.ts';
import { log, withJobLog } from '../ops/log.ts';
import { metrics } from '../ops/metrics.ts';

export type ScheduledJobRow = typeof scheduledJob.$inferSelect;

export interface JobHandler {
  /** Does the run; returns what it did in a line (kept on the row), throws to fail. */
  run(job: ScheduledJobRow, signal: AbortSignal): Promise<string>;
}

/** A kind that runs every `everyMs`, at the multiples of it since the epoch (so at UTC midnight for a day). */
export interface Schedule {
  kind: string;
  everyMs: number;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Readonly<Record<string, JobHandler>>;
  schedules?: readonly Schedule[];
  /** Told once when a run has failed for good (its attempts used up), with the reason. */
  onFailure(job: ScheduledJobRow, reason: string): Promise<void>;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** The first retry's wait; each further one doubles it. */
  retryMs?: number;
  workerId?: string;
  now?: () => Date;
}

export interface JobRunner {
  readonly workerId: string;
  /** Inserts each schedule's run for the slot that has come due, once however many processes do it. */
  plan(): Promise<void>;
  /** Claims one due run and runs it to its end; false when none was due. */
  runNext(): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
}

const DEFAULTS = { leaseMs: 60_000, pollMs: 5_000, maxAttempts: 3, retryMs: 60_000 };

/** The latest slot of a schedule at or before `now`. */
export const slotOf = (schedule: Schedule, now: Date) =>
  new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs);

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const o = { ...DEFAULTS, ...options };
  const { db } = o;
  const now = o.now ?? (() => new Date());
  const workerId = o.workerId ?? `jobs-${process.pid}-${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(o.handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function plan(): Promise<void> {
    const at = now();
    for (const schedule of o.schedules ?? []) {
      const slot = slotOf(schedule, at);
      await db
        .insert(scheduledJob)
        .values({
          id: randomUUID(),
          kind: schedule.kind,
          slot: slot.toISOString(),
          status: 'queued',
          runAt: slot,
          createdAt: at,
        })
        .onConflictDoNothing();
    }
  }

  /** One statement: whichever process's UPDATE reaches the row first holds it. */
  async function claim(): Promise<ScheduledJobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const at = now();
    const [job] = await db
      .update(scheduledJob)
      .set({
        status: 'running',
        leaseOwner: workerId,
        leaseUntil: new Date(at.getTime() + o.leaseMs),
        attempts: sql`${scheduledJob.attempts} + 1`,
        startedAt: sql`coalesce(${scheduledJob.startedAt}, ${at.getTime()})`,
      })
      .where(
        eq(
          scheduledJob.id,
          sql`(select id from ${scheduledJob} where ${scheduledJob.kind} in ${kinds} and ((${scheduledJob.status} = 'queued' and ${scheduledJob.runAt} <= ${at.getTime()}) or (${scheduledJob.status} = 'running' and ${scheduledJob.leaseUntil} < ${at.getTime()})) order by ${scheduledJob.runAt} limit 1)`,
        ),
      )
      .returning();
    return job;
  }

  const mine = (job: ScheduledJobRow) => and(eq(scheduledJob.id, job.id), eq(scheduledJob.leaseOwner, workerId));

  async function fail(job: ScheduledJobRow, reason: string): Promise<void> {
    const at = now();
    if (job.attempts >= o.maxAttempts) {
      const ended = await db
        .update(scheduledJob)
        .set({ status: 'failed', error: reason, leaseOwner: null, leaseUntil: null, finishedAt: at })
        .where(mine(job))
        .returning();
      if (ended.length) {
        metrics.scheduledRun(job.kind, 'failed');
        await o.onFailure({ ...job, status: 'failed', error: reason }, reason);
      }
      return;
    }
    await db
      .update(scheduledJob)
      .set({
        status: 'queued',
        error: reason,
        leaseOwner: null,
        leaseUntil: null,
        runAt: new Date(at.getTime() + o.retryMs * 2 ** (job.attempts - 1)),
      })
      .where(mine(job));
    metrics.scheduledRun(job.kind, 'retried');
  }

  async function runNext(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    // Every line the run logs names the job (ops/log.ts).
    return withJobLog(job.kind, job.id, () => runClaimed(job));
  }

  async function runClaimed(job: ScheduledJobRow): Promise<boolean> {
    const handler = o.handlers[job.kind]!;
    if (job.attempts > o.maxAttempts) {
      // Its process died in every attempt (the lease ran out each time): not tried again.
      await fail(job, `stopped ${job.attempts - 1} times before it finished`);
      return true;
    }
    const lost = new AbortController();
    const beat = setInterval(
      () =>
        void db
          .update(scheduledJob)
          .set({ leaseUntil: new Date(now().getTime() + o.leaseMs) })
          .where(mine(job))
          .returning({ id: scheduledJob.id })
          .then((held) => held.length === 0 && lost.abort())
          .catch(() => undefined),
      Math.max(50, Math.floor(o.leaseMs / 3)),
    );
    try {
      const result = await handler.run(job, lost.signal);
      await db
        .update(scheduledJob)
        .set({ status: 'done', result, error: null, leaseOwner: null, leaseUntil: null, finishedAt: now() })
        .where(mine(job));
      metrics.scheduledRun(job.kind, 'done');
      log.info({ result }, 'Scheduled job done');
    } catch (e) {
      await fail(job, e instanceof Error ? e.message : String(e));
    } finally {
      clearInterval(beat);
    }
    return true;
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    try {
      await plan();
      while (!stopped && (await runNext()));
    } catch (e) {
      log.error({ err: e }, 'Scheduled jobs: the runner could not read its jobs');
    }
    if (!stopped)
      timer = setTimeout(() => {
        running = loop();
      }, o.pollMs);
  }

  return {
    workerId,
    plan,
    runNext,
    start() {
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
