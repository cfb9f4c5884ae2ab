import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { and, asc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import { type ConnectorEnv, connectorFor, saftFileOf } from '../../connectors/factory.ts';
import { type MonthRange, SaftFileError } from '../../connectors/saft/saft-file-set.ts';
import { ConnectorError, type SyncContext } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { apiAccount, syncJob } from '../../db/schema/index.ts';
import { queuePackRecheck } from '../../jobs/pack-schedules.ts';
import { log, withJobLog } from '../../ops/log.ts';
import { metrics } from '../../ops/metrics.ts';
import { evaluateAfterSync } from '../alerts/after-sync.ts';
import { filesOfSource, removeSaftFile, setFilePeriods } from '../api-accounts/saft-files.ts';
import { overlapOnBoards } from '../api-accounts/saft-overlap.ts';
import { ingestLedger } from './ingest.ts';
import { purgeVersions } from './ledger-versions.ts';

export type SyncJobRow = typeof syncJob.$inferSelect;

export interface SyncRunnerOptions {
  /**
   * How long a claim holds without a heartbeat; a crashed worker's job is free again after it. Short,
   * so a dead worker's job is taken over in seconds: the heartbeat renews it several times a lease,
   * and a sync gives the event loop a turn between its short transactions, so beats are not held up.
   */
  leaseMs?: number;
  /** How often an idle worker looks for queued jobs. */
  pollMs?: number;
  /** How long a replaced ledger version stays readable for requests that began on it (see ledger/snapshot.ts). */
  keepRetiredMs?: number;
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

/** A worker's id starts with its process id, so the process that started it can free its jobs when it dies. */
export const workerIdPrefix = (pid: number) => `worker-${pid}-`;

const DEFAULT_LEASE_MS = 3_000;
/** How often an idle worker deletes replaced ledger versions, and how much at a time. */
const PURGE_EVERY_MS = 2_000;
const PURGE_BATCHES = 50;
/** A failure of ours, not the source's: the user is told to try again, the log has the details. */
const USER_FACING_FAILURE = JSON.stringify(sourceError('SYNC_FAILED', {}));

/**
 * Sync jobs stored in the database and claimed with a lease, so several server processes share the
 * work and a job whose worker died is picked up again once its lease runs out (or at once, when the
 * process that started the worker saw it die: releaseLeasesOf). Each attempt writes a ledger version
 * of its own, and the switch to it is refused unless the attempt still holds the lease.
 */
export function createSyncRunner(db: Db, env: ConnectorEnv, options: SyncRunnerOptions = {}): SyncRunner {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 250;
  const keepRetiredMs = options.keepRetiredMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const progressEveryMs = options.progressEveryMs ?? 250;
  const workerId = options.workerId ?? `${workerIdPrefix(process.pid)}${randomUUID()}`;
  let lastPurge = 0;
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
    const started = Date.now();
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
      Math.max(50, Math.floor(leaseMs / 6)),
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
    /** The SAF-T files this run reads, and the one it removed as refused: a source whose files changed meanwhile is synced again. */
    let readFiles: string[] | null = null;
    let dropped: string | undefined;
    try {
      // What earlier attempts of this job wrote, left by a worker that died, goes first.
      await purgeVersions(db, { keepRetiredMs, apiAccountId: job.apiAccountId });
      const [account] = await db.select().from(apiAccount).where(eq(apiAccount.id, job.apiAccountId));
      if (!account) throw new Error('The API account is gone');
      // A SAF-T source is rebuilt from all its files; the months each covers are kept with it once read.
      const periods = new Map<string, MonthRange | null>();
      const files = account.provider === 'saft' ? await filesOfSource(db, account.id) : [];
      if (account.provider === 'saft') readFiles = files.map((f) => f.id);
      const connector = connectorFor(account, env, {
        files,
        onFileRead: (id, range) => periods.set(id, range),
      });
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
      const ingested = await ingestLedger(db, account.id, connector, ctx, {
        jobKey: `${job.id}:${job.attempts}`,
        // The switch to the new ledger happens only while this attempt still holds the job.
        switchGuard: sql`exists (select 1 from ${syncJob} where ${owned} and ${syncJob.status} = 'running')`,
        keepRetiredMs,
        // One company, one ledger on a board: the newest file may not reach into months another source
        // of the company covers on a board that holds this one (it is refused like a file that fails).
        beforeSwitch: async () => {
          const newest = files[files.length - 1];
          const conflict = newest ? await overlapOnBoards(db, account.id, periods) : null;
          if (newest && conflict) throw new SaftFileError('invalid-file', conflict, newest.id);
        },
      });
      await setFilePeriods(db, periods);
      await db
        .update(syncJob)
        .set({ status: 'done', percentage: 100, finishedAt: new Date(), leaseOwner: null, error: null })
        .where(owned);
      metrics.syncEnded('done', Date.now() - started, ingested.postings);
      log.info({ postings: ingested.postings, ms: Date.now() - started }, 'Sync job done');
    } catch (err) {
      if (controller.signal.aborted) return; // the job belongs to another worker now
      // The coded error as JSON in the text column (errors stored before the codes are plain text).
      const message = err instanceof ConnectorError ? JSON.stringify(err.error) : USER_FACING_FAILURE;
      // A connector's error is the user's to read (the job's row); anything else is ours.
      if (err instanceof ConnectorError) log.warn({ kind: err.kind }, 'Sync job failed');
      else log.error({ err }, 'Sync job failed');
      if (err instanceof ConnectorError && err.kind === 'invalid-credentials') {
        await db.update(apiAccount).set({ apiKeyIsInvalid: true }).where(eq(apiAccount.id, job.apiAccountId));
      }
      // A SAF-T file the import refused is not kept: it would only take disk (and quota) and fail again.
      // Of a source with several files only that file goes (the others' months stay); a source's only
      // file stays listed, so its next sync says the file is gone.
      if (err instanceof ConnectorError && (err.kind === 'invalid-file' || err.kind === 'unbalanced')) {
        const fileId = err instanceof SaftFileError ? err.fileId : job.apiAccountId;
        const files = await filesOfSource(db, job.apiAccountId).catch(() => []);
        if (files.length > 1 && files.some((f) => f.id === fileId)) {
          await removeSaftFile(db, env.saftDir, fileId);
          dropped = fileId;
        } else await unlink(saftFileOf(env.saftDir, fileId)).catch(() => undefined);
      }
      await db
        .update(syncJob)
        .set({ status: 'failed', error: message, finishedAt: new Date(), leaseOwner: null })
        .where(owned);
      metrics.syncEnded('failed', Date.now() - started, 0);
    } finally {
      clearInterval(heartbeat);
    }
    if (controller.signal.aborted) return;
    // The alert rules of the boards holding the source, judged from its new summaries and sync state.
    await evaluateAfterSync(db, job.apiAccountId).catch((err) =>
      log.error({ err }, 'Alerts: evaluating after a sync failed'),
    );
    // The packs sent from its boards, compared with the new ledger by a job of their own (report-packs/changed.ts).
    await queueRecheckOf(db, job.apiAccountId).catch((err) =>
      log.error({ err }, 'Report packs: queueing the check of sent packs after a sync failed'),
    );
    if (readFiles) await againIfFilesChanged(job.apiAccountId, readFiles, dropped);
  }

  /**
   * A file uploaded on (or removed from) a SAF-T source while its job ran was not read by it, and the
   * job kept the source from queueing another: the source is synced again, from the files it has now.
   */
  async function againIfFilesChanged(apiAccountId: string, read: readonly string[], dropped?: string) {
    const now = new Set((await filesOfSource(db, apiAccountId)).map((f) => f.id));
    const before = new Set(read.filter((id) => id !== dropped));
    if (now.size !== before.size || [...now].some((id) => !before.has(id))) await runner.enqueue([apiAccountId]);
  }

  const runner: SyncRunner = {
    workerId,
    async enqueue(apiAccountIds) {
      if (apiAccountIds.length === 0) return [];
      // An account with a queued or running job keeps it (a unique index: also when processes race).
      await db
        .insert(syncJob)
        .values(
          [...new Set(apiAccountIds)].map((apiAccountId) => ({
            id: randomUUID(),
            apiAccountId,
            status: 'queued' as const,
            createdAt: new Date(),
          })),
        )
        .onConflictDoNothing();
      wake?.();
      return db
        .select()
        .from(syncJob)
        .where(and(inArray(syncJob.apiAccountId, [...apiAccountIds]), inArray(syncJob.status, ['queued', 'running'])));
    },
    async runNext() {
      const job = await claim();
      if (!job) return false;
      // Every line the job logs, down to the connector's, names it and its source (ops/log.ts).
      await withJobLog('sync', job.id, () => run(job), job.apiAccountId);
      return true;
    },
    async drain() {
      while (await runner.runNext()) {
        // keep going
      }
      await purgeVersions(db, { keepRetiredMs });
    },
    start() {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          const worked = await runner.runNext().catch((err) => {
            log.error({ err }, 'Sync worker: a job could not be run');
            return false;
          });
          if (!worked && !stopping && Date.now() - lastPurge >= PURGE_EVERY_MS) {
            lastPurge = Date.now();
            const more = await purgeVersions(db, { keepRetiredMs, maxBatches: PURGE_BATCHES }).catch((err) => {
              log.error({ err }, 'Sync worker: purging old ledger versions failed');
              return false;
            });
            if (more) lastPurge = 0;
          }
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

/**
 * Frees the jobs of workers in a process known to be dead (the cluster's primary saw it exit), so
 * another worker takes them at its next poll instead of waiting for the lease to run out.
 */
export async function releaseLeasesOf(db: Db, pid: number): Promise<number> {
  const freed = await db
    .update(syncJob)
    .set({ leaseUntil: new Date(0) })
    .where(and(eq(syncJob.status, 'running'), like(syncJob.leaseOwner, `${workerIdPrefix(pid)}%`)))
    .returning({ id: syncJob.id });
  return freed.length;
}

/** Queues the check of the packs sent from the source's boards, for its data version now. */
async function queueRecheckOf(db: Db, apiAccountId: string): Promise<void> {
  const [source] = await db
    .select({ dataVersion: apiAccount.dataVersion })
    .from(apiAccount)
    .where(eq(apiAccount.id, apiAccountId));
  if (source) await queuePackRecheck(db, apiAccountId, source.dataVersion);
}
