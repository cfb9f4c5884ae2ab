import { randomUUID } from 'node:crypto';
import { sourceError } from '@saldo/contract/source-errors';
import { and, asc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import { type ConnectorEnv, connectorFor } from '../../connectors/factory.ts';
import { ConnectorError, type SyncContext } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { apiAccount, stagingRecord, syncJob } from '../../db/schema/index.ts';
import { ingestLedger } from './ingest.ts';

export type SyncJobRow = typeof syncJob.$inferSelect;

export interface SyncRunnerOptions {
  /** How long a claim holds without a heartbeat; a crashed worker's job is free again after it. */
  leaseMs?: number;
  /** How often an idle worker looks for queued jobs. */
  pollMs?: number;
  /** Attempts before a job that keeps dying (lease running out) is marked failed. */
  maxAttempts?: number;
  /** Minimum time between progress writes of one job. */
  progressEveryMs?: number;
  workerId?: string;
}

export interface SyncRunner {
  readonly workerId: string;
  /** Queues a sync of each account, reusing a queued or running one; returns the accounts' jobs. */
  enqueue(apiAccountIds: readonly string[]): Promise<SyncJobRow[]>;
  /** Claims one job and runs it to the end; false when there was nothing to claim. */
  runNext(): Promise<boolean>;
  /** Runs jobs until none is left (tests, scripts). */
  drain(): Promise<void>;
  /** Starts the polling loop of this process's worker. */
  start(): void;
  stop(): Promise<void>;
}

/** A failure of ours, not the source's: the user is told to try again, the log has the details. */
const USER_FACING_FAILURE = JSON.stringify(sourceError('SYNC_FAILED', {}));

/**
 * Sync jobs stored in the database and claimed with a lease, so several server processes share the
 * work and a job whose worker died is picked up again once its lease runs out. Each attempt stages
 * its rows under its own key, and the swap is refused unless the attempt still holds the lease.
 */
export function createSyncRunner(db: Db, env: ConnectorEnv, options: SyncRunnerOptions = {}): SyncRunner {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const maxAttempts = options.maxAttempts ?? 3;
  const progressEveryMs = options.progressEveryMs ?? 250;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  let loop: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;

  async function claim(): Promise<SyncJobRow | null> {
    const now = Date.now();
    // Jobs that died too often are given up on, so one poisonous source cannot loop for ever.
    await db
      .update(syncJob)
      .set({ status: 'failed', error: USER_FACING_FAILURE, finishedAt: new Date(now), leaseOwner: null })
      .where(
        and(
          eq(syncJob.status, 'running'),
          lt(syncJob.leaseUntil, new Date(now)),
          sql`${syncJob.attempts} >= ${maxAttempts}`,
        ),
      );
    const candidate = db
      .select({ id: syncJob.id })
      .from(syncJob)
      .where(
        or(eq(syncJob.status, 'queued'), and(eq(syncJob.status, 'running'), lt(syncJob.leaseUntil, new Date(now)))),
      )
      .orderBy(asc(syncJob.createdAt))
      .limit(1);
    // One UPDATE … WHERE id = (SELECT …): SQLite runs it as one write, so two workers never claim one job.
    const [job] = await db
      .update(syncJob)
      .set({
        status: 'running',
        leaseOwner: workerId,
        leaseUntil: new Date(now + leaseMs),
        attempts: sql`${syncJob.attempts} + 1`,
        startedAt: sql`coalesce(${syncJob.startedAt}, ${now})`,
      })
      .where(and(eq(syncJob.id, candidate), or(eq(syncJob.status, 'queued'), lt(syncJob.leaseUntil, new Date(now)))))
      .returning();
    return job ?? null;
  }

  async function run(job: SyncJobRow): Promise<void> {
    const owned = and(eq(syncJob.id, job.id), eq(syncJob.leaseOwner, workerId), eq(syncJob.attempts, job.attempts));
    const controller = new AbortController();
    const heartbeat = setInterval(
      async () => {
        try {
          const renewed = await db
            .update(syncJob)
            .set({ leaseUntil: new Date(Date.now() + leaseMs) })
            .where(owned)
            .returning({ id: syncJob.id });
          if (renewed.length === 0) controller.abort(new Error('The sync was taken over by another worker'));
        } catch {
          // A busy database now and then is fine: the lease has room for a few missed beats.
        }
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const parts: Record<string, number> = {};
    let lastWrite = 0;
    const writeProgress = async (force = false) => {
      if (!force && Date.now() - lastWrite < progressEveryMs) return;
      lastWrite = Date.now();
      const values = Object.values(parts);
      const percentage = values.length ? Math.floor((values.reduce((a, b) => a + b, 0) / values.length) * 100) : 0;
      await db
        .update(syncJob)
        .set({ parts: { ...parts }, percentage: Math.min(99, percentage) })
        .where(owned);
    };
    // Rows of earlier attempts of this job, left by a worker that died, go first.
    await db.delete(stagingRecord).where(like(stagingRecord.jobId, `${job.id}:%`));
    try {
      const [account] = await db.select().from(apiAccount).where(eq(apiAccount.id, job.apiAccountId));
      if (!account) throw new Error('The API account is gone');
      const connector = connectorFor(account, env);
      for (const part of connector.parts) parts[part] = 0;
      await writeProgress(true);
      const ctx: SyncContext = {
        signal: controller.signal,
        progress(part, fraction) {
          parts[part] = Math.max(0, Math.min(1, fraction));
          void writeProgress().catch(() => undefined);
        },
        warn: () => undefined,
      };
      await ingestLedger(db, account.id, connector, ctx, {
        stagingKey: `${job.id}:${job.attempts}`,
        async beforeSwap(tx) {
          const [still] = await tx.select({ id: syncJob.id }).from(syncJob).where(owned);
          if (!still) throw new Error('The sync was taken over by another worker');
        },
      });
      await db
        .update(syncJob)
        .set({ status: 'done', percentage: 100, finishedAt: new Date(), leaseOwner: null, error: null })
        .where(owned);
    } catch (err) {
      if (controller.signal.aborted) return; // the job belongs to another worker now
      // The coded error as JSON in the text column (errors stored before the codes are plain text).
      const message = err instanceof ConnectorError ? JSON.stringify(err.error) : USER_FACING_FAILURE;
      if (!(err instanceof ConnectorError))
        console.error(`Sync job ${job.id} failed:`, err instanceof Error ? err.message : err);
      if (err instanceof ConnectorError && err.kind === 'invalid-credentials') {
        await db.update(apiAccount).set({ apiKeyIsInvalid: true }).where(eq(apiAccount.id, job.apiAccountId));
      }
      await db
        .update(syncJob)
        .set({ status: 'failed', error: message, finishedAt: new Date(), leaseOwner: null })
        .where(owned);
    } finally {
      clearInterval(heartbeat);
    }
  }

  const runner: SyncRunner = {
    workerId,
    async enqueue(apiAccountIds) {
      if (apiAccountIds.length === 0) return [];
      const active = await db
        .select()
        .from(syncJob)
        .where(and(inArray(syncJob.apiAccountId, [...apiAccountIds]), inArray(syncJob.status, ['queued', 'running'])));
      const busy = new Set(active.map((j) => j.apiAccountId));
      const fresh = apiAccountIds
        .filter((id) => !busy.has(id))
        .map((apiAccountId) => ({ id: randomUUID(), apiAccountId, status: 'queued' as const, createdAt: new Date() }));
      const created = fresh.length ? await db.insert(syncJob).values(fresh).returning() : [];
      wake?.();
      return [...active, ...created];
    },
    async runNext() {
      const job = await claim();
      if (!job) return false;
      await run(job);
      return true;
    },
    async drain() {
      while (await runner.runNext()) {
        // keep going
      }
    },
    start() {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          const worked = await runner.runNext().catch((err) => {
            console.error('Sync worker:', err instanceof Error ? err.message : err);
            return false;
          });
          if (!worked && !stopping) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, pollMs);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        }
      })();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      loop = null;
    },
  };
  return runner;
}
