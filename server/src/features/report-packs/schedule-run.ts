// A report pack's schedule run as jobs (issue 30; jobs/pack-schedules.ts runs them). The planner names
// each schedule's due run (contract report-packs/schedule.ts: dueRun) as a 'pack-send' job whose slot is
// the schedule and period (runSlot), so a period is made once however many processes plan it. The run:
//
// 1. The snapshot of its slot, rendered once: the pack read as the schedule's owner through a session of
//    its own (ended after), written with one queued delivery per recipient and its 'pack.sent' record in
//    one transaction. The slot is unique on pack_snapshots, so a run taken over finds the one made.
// 2. Each delivery not yet sent is mailed (deliveries.ts: deliver), taken only while the run's job is
//    still this process's. A delivery found 'sending' was being handed to the SMTP server when its process
//    died: it is sent again, with the same Message-ID (at least once; the window is one SMTP exchange).
// 3. A refused mail fails the run after the others went; the runner retries it with a growing wait and,
//    when its attempts are used up, `failed` tells the schedule's owner in their language.
//
// The link mailed with a scheduled snapshot is derived from the install's secret and the snapshot's id
// (only its hash is stored, as for a manual send), so a mail sent again after a takeover has the same link.

import { randomUUID } from 'node:crypto';
import { dueRun, runSlot, type ScheduleTiming } from '@saldo/contract/report-packs/schedule';
import { and, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { board, packDelivery, packSchedule, packSnapshot, scheduledJob, syncJob } from '../../db/schema/index.ts';
import type { FetchApi } from '../../http/internal-api.ts';
import { PACK_PLAN_JOB, PACK_RECHECK_JOB, PACK_SEND_JOB } from '../../jobs/pack-schedules.ts';
import { lastBookedMonth } from '../../ledger/booked.ts';
import { log } from '../../ops/log.ts';
import { audited } from '../audit/record.ts';
import { boardSources, boardSourcesOf } from '../boards/queries.ts';
import { osloDate } from '../exports/file-names.ts';
import { mailAsFirm } from '../firm/mail.ts';
import { userById } from '../profile/queries.ts';
import { recheckSentPacks } from './changed.ts';
import { deliver, queueDeliveries, snapshotMail, unsentDeliveries } from './deliveries.ts';
import { packRunFailedMail } from './pack-mail.ts';
import { packOf, type SnapshotRow } from './queries.ts';
import { readingAs } from './read-as.ts';
import { renderSnapshot, sentRecord } from './send.ts';

export type ScheduleRow = typeof packSchedule.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'mailer' | 'baseUrl' | 'tokens' | 'secrets' | 'now'> & { fetchApi: FetchApi };

/** A scheduled run's job, as the runner hands it over (jobs/runner.ts). */
export interface PackRunJob {
  id: string;
  slot: string;
  payload: Record<string, unknown>;
  leaseOwner: string | null;
  attempts: number;
}

export interface PackScheduler {
  /** Makes the due runs' jobs (each once); how many schedules owed one. */
  plan(): Promise<number>;
  /** Runs one run's job: the snapshot and each delivery not yet sent; throws when a mail was refused. */
  run(job: PackRunJob, signal: AbortSignal): Promise<string>;
  /** A run that failed for good: the schedule's owner is told. */
  failed(job: PackRunJob, reason: string): Promise<void>;
  /** After a sync of the source: its boards' sent packs compared with the ledger (changed.ts). */
  recheck(sourceId: string): Promise<number>;
}

/** What the planner put in a run's job (planOne): its schedule and period. */
const payloadOf = (job: Pick<PackRunJob, 'payload'>) =>
  job.payload as { scheduleId: string; startDate: string; endDate: string };

/** The secret of a scheduled snapshot's link: the same in every process and every attempt, never stored. */
export const scheduledLinkSecret = (deps: Pick<AppDeps, 'secrets'>, snapshotId: string) =>
  deps.secrets.fingerprint(`pack-snapshot-link:${snapshotId}`);

/** The timing dueRun reads off a schedule's row. */
export const timingOf = (row: ScheduleRow): ScheduleTiming => ({
  rule: row.rule,
  day: row.day,
  since: row.since,
  bookedSince: row.bookedSince,
});

/** Whether a sync of any of the sources is queued or running: a month is not in until it ends. */
async function syncing(db: Db, sources: readonly string[]): Promise<boolean> {
  if (sources.length === 0) return false;
  const [busy] = await db
    .select({ id: syncJob.id })
    .from(syncJob)
    .where(and(inArray(syncJob.apiAccountId, [...sources]), inArray(syncJob.status, ['queued', 'running'])))
    .limit(1);
  return Boolean(busy);
}

/** The job of a schedule's due run, inserted once per slot. */
async function planOne(db: Db, row: ScheduleRow, today: string, at: Date): Promise<boolean> {
  const sources = await boardSourcesOf(db, row.boardId);
  const calendar = row.rule !== 'when-booked';
  const run = dueRun(
    timingOf(row),
    today,
    calendar ? null : await lastBookedMonth(db, sources),
    calendar ? false : await syncing(db, sources),
  );
  if (!run) return false;
  await db
    .insert(scheduledJob)
    .values({
      id: randomUUID(),
      kind: PACK_SEND_JOB,
      slot: runSlot(row.id, run),
      payload: { scheduleId: row.id, startDate: run.startDate, endDate: run.endDate },
      status: 'queued',
      runAt: at,
      createdAt: at,
    })
    .onConflictDoNothing();
  return true;
}

/** How long the planner's and the sent packs' checks' finished runs are kept (96 plans a day, a check per sync). */
export const KEEP_DONE_CHECKS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Drops the finished plan and check runs older than a week. A send's run is kept: its slot is what says a
 * period was sent, and a failed run of any kind stays for a person to read.
 */
async function pruneDoneChecks(db: Db, at: Date): Promise<void> {
  await db
    .delete(scheduledJob)
    .where(
      and(
        inArray(scheduledJob.kind, [PACK_PLAN_JOB, PACK_RECHECK_JOB]),
        eq(scheduledJob.status, 'done'),
        lt(scheduledJob.finishedAt, new Date(at.getTime() - KEEP_DONE_CHECKS_MS)),
      ),
    );
}

export function packScheduler(deps: Deps): PackScheduler {
  const { db } = deps;
  const now = () => deps.now?.() ?? Date.now();

  /** The slot's snapshot: the one a previous attempt made, else rendered now as the owner. */
  async function snapshotOfRun(job: PackRunJob, schedule: ScheduleRow, period: { startDate: string; endDate: string }) {
    const [made] = await db.select().from(packSnapshot).where(eq(packSnapshot.runSlot, job.slot));
    if (made) return made;
    const pack = await packOf(db, schedule.boardId, schedule.packId);
    const owner = await userById(db, schedule.ownerId);
    if (!pack || !owner) return undefined;
    return readingAs(deps, owner, async (read) => {
      const at = now();
      const id = randomUUID();
      const { values } = await renderSnapshot(
        {
          db,
          now: at,
          boardId: schedule.boardId,
          pack,
          sources: await boardSources(db, owner.id, schedule.boardId),
          period,
          observations: [],
          recipients: schedule.recipients,
          read,
          sentBy: owner.id,
        },
        id,
        scheduledLinkSecret(deps, id),
        job.slot,
      );
      const who = { actorId: owner.id, actorEmail: owner.email, ip: null, at: new Date(at) };
      const written = await audited(
        db,
        who,
        async (tx) => {
          const [row] = await tx.insert(packSnapshot).values(values).onConflictDoNothing().returning();
          if (row) await queueDeliveries(tx, row, schedule.id);
          return row;
        },
        (row) => (row ? sentRecord(row) : []),
      );
      if (written) return written;
      const [other] = await db.select().from(packSnapshot).where(eq(packSnapshot.runSlot, job.slot));
      return other;
    });
  }

  /** Mails each delivery of the snapshot not yet sent, while the job is this process's; the refusals. */
  async function mailOut(job: PackRunJob, schedule: ScheduleRow, snapshot: SnapshotRow, signal: AbortSignal) {
    const owner = await userById(db, schedule.ownerId);
    const from = await mailAsFirm(db, [schedule.boardId], owner?.email ?? null);
    const [named] = await db.select({ name: board.name }).from(board).where(eq(board.id, schedule.boardId));
    const secret = scheduledLinkSecret(deps, snapshot.id);
    const held: SQL = sql`exists (select 1 from ${scheduledJob} where ${scheduledJob.id} = ${job.id} and ${scheduledJob.leaseOwner} = ${job.leaseOwner} and ${scheduledJob.status} = 'running')`;
    const refused: string[] = [];
    let sent = 0;
    for (const delivery of await unsentDeliveries(db, snapshot)) {
      if (signal.aborted) throw new Error('the run was taken over by another process');
      const mail = snapshotMail(snapshot, {
        to: delivery.recipient,
        boardName: named?.name ?? '',
        message: schedule.message,
        secret,
        baseUrl: deps.baseUrl,
      });
      try {
        if (await deliver(db, deps.mailer, delivery, { ...mail, ...from }, held)) sent++;
      } catch (err) {
        log.warn({ err, deliveryId: delivery.id }, 'Report pack schedule: a mail was refused');
        refused.push(`${delivery.recipient}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return { sent, refused };
  }

  return {
    recheck: (sourceId) => recheckSentPacks(deps, sourceId),

    async plan() {
      const at = new Date(now());
      const today = osloDate(at);
      await pruneDoneChecks(db, at);
      let owed = 0;
      for (const row of await db.select().from(packSchedule)) {
        try {
          if (await planOne(db, row, today, at)) owed++;
        } catch (err) {
          log.error({ err, scheduleId: row.id }, 'Report pack schedule: its due run could not be planned');
        }
      }
      return owed;
    },

    async run(job, signal) {
      const { scheduleId, startDate, endDate } = payloadOf(job);
      const [schedule] = await db.select().from(packSchedule).where(eq(packSchedule.id, scheduleId));
      if (!schedule) return 'the schedule was removed before its run: nothing sent';
      const snapshot = await snapshotOfRun(job, schedule, { startDate, endDate });
      if (!snapshot) return 'the pack or the schedule’s owner is gone: nothing sent';
      const { sent, refused } = await mailOut(job, schedule, snapshot, signal);
      if (refused.length > 0)
        throw new Error(`${refused.length} of ${snapshot.recipients.length} mails were refused: ${refused.join('; ')}`);
      return `snapshot ${snapshot.id}: ${sent} mailed in this attempt, all ${snapshot.recipients.length} sent`;
    },

    async failed(job, reason) {
      const { scheduleId, startDate, endDate } = payloadOf(job);
      const [schedule] = await db.select().from(packSchedule).where(eq(packSchedule.id, scheduleId));
      const owner = schedule && (await userById(db, schedule.ownerId));
      if (!schedule || !owner || owner.status !== 'active') {
        log.warn({ scheduleId }, 'Report pack schedule: nobody to tell of a failed run');
        return;
      }
      const pack = await packOf(db, schedule.boardId, schedule.packId);
      const unsent = await db
        .select({ recipient: packDelivery.recipient, response: packDelivery.response })
        .from(packDelivery)
        .innerJoin(packSnapshot, eq(packSnapshot.id, packDelivery.snapshotId))
        .where(and(eq(packSnapshot.runSlot, job.slot), ne(packDelivery.status, 'sent')))
        .orderBy(packDelivery.recipient);
      await deps.mailer.send(
        packRunFailedMail({
          to: owner.email,
          lang: owner.language === 'en' ? 'en' : 'nor',
          packName: pack?.name ?? '',
          startDate,
          endDate,
          attempts: job.attempts,
          unsent,
          reason,
          // The board's report packs, where the pack can be sent by hand and its deliveries read.
          url: `${deps.baseUrl}/group/${schedule.boardId}/report-packs`,
        }),
      );
    },
  };
}
