/**
 * The scheduled jobs of this install, started by each process that runs syncs (main.ts): the backups
 * (when SALDO_BACKUP_DIR is set), the hourly billing reconcile (when payments are on), the audit trail's
 * daily clean-up (SALDO_AUDIT_KEEP_DAYS), the daily alert digest and the report packs' schedules (when the
 * process is given them). A run that fails for good is mailed to the SuperAdmins in their language, and
 * logged; a kind whose handler names someone of its own (a schedule's owner) tells them too.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { jobFailedMail } from '../mail/templates.ts';
import { log } from '../ops/log.ts';
import { ALERT_DIGEST_JOB, type AlertDigester, alertDigestHandler, alertDigestSchedule } from './alert-digest.ts';
import { AUDIT_PRUNE_JOB, auditPruneHandler, auditPruneSchedule } from './audit-retention.ts';
import { BACKUP_JOB, backupHandler, backupSchedule } from './backups.ts';
import {
  BILLING_RECONCILE_JOB,
  billingReconcileHandler,
  billingReconcileSchedule,
  type Reconciler,
} from './billing.ts';
import {
  type OwnedHandler,
  PACK_PLAN_JOB,
  PACK_SEND_JOB,
  type PackRunner,
  packPlanSchedule,
  packScheduleHandlers,
} from './pack-schedules.ts';
import {
  createJobRunner,
  type JobRunner,
  type JobRunnerOptions,
  type Schedule,
  type ScheduledJobRow,
} from './runner.ts';

const WHAT: Record<string, { nor: string; en: string }> = {
  [BACKUP_JOB]: { nor: 'sikkerhetskopien', en: 'the backup' },
  [ALERT_DIGEST_JOB]: { nor: 'den daglige varslingsposten', en: 'the daily alert digest' },
  [BILLING_RECONCILE_JOB]: {
    nor: 'avstemmingen av antall tavler mot Stripe',
    en: 'the board count reconcile with Stripe',
  },
  [AUDIT_PRUNE_JOB]: { nor: 'ryddingen i loggen over endringer', en: 'the audit trail’s clean-up' },
  [PACK_PLAN_JOB]: { nor: 'planleggingen av rapportpakkenes utsendelser', en: 'the planning of report pack sends' },
  [PACK_SEND_JOB]: { nor: 'en planlagt utsendelse av en rapportpakke', en: 'a scheduled send of a report pack' },
};

/** Mails a job's final failure to every active SuperAdmin; logs it whether or not anyone is there to tell. */
export function reportToSuperAdmins(db: Db, mailer: Mailer, baseUrl: string) {
  return async (job: ScheduledJobRow, reason: string) => {
    log.error({ kind: job.kind, slot: job.slot, attempts: job.attempts, reason }, 'Scheduled job failed for good');
    const admins = await db
      .select({ email: user.email, language: user.language, status: user.status })
      .from(user)
      .where(eq(user.role, 'SuperAdmin'));
    const what = WHAT[job.kind] ?? { nor: `jobben ${job.kind}`, en: `the job ${job.kind}` };
    for (const admin of admins.filter((a) => a.status === 'active'))
      await mailer
        .send(
          jobFailedMail(
            admin.email,
            { what, slot: job.slot, attempts: job.attempts, reason },
            `${baseUrl}/admin`,
            admin.language,
          ),
        )
        .catch((err) => log.error({ err, kind: job.kind }, 'Scheduled jobs: the failure mail could not be sent'));
  };
}

export function scheduledJobs(
  config: Pick<Config, 'backup' | 'databaseUrl' | 'dataDir' | 'baseUrl'> & Partial<Pick<Config, 'auditKeepDays'>>,
  deps: {
    db: Db;
    mailer: Mailer;
    boardQuantity?: Reconciler | null;
    alertDigest?: AlertDigester | null;
    packs?: PackRunner | null;
  },
  tuning: Pick<JobRunnerOptions, 'now' | 'retryMs' | 'maxAttempts' | 'leaseMs' | 'pollMs' | 'workerId'> = {},
): JobRunner | null {
  const handlers: Record<string, OwnedHandler> = {};
  const schedules: Schedule[] = [];
  if (config.backup) {
    handlers[BACKUP_JOB] = backupHandler({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, config.backup);
    schedules.push(backupSchedule(config.backup));
  }
  if (deps.boardQuantity) {
    handlers[BILLING_RECONCILE_JOB] = billingReconcileHandler(deps.boardQuantity);
    schedules.push(billingReconcileSchedule);
  }
  if (config.auditKeepDays) {
    handlers[AUDIT_PRUNE_JOB] = auditPruneHandler(deps.db, config.auditKeepDays);
    schedules.push(auditPruneSchedule);
  }
  if (deps.alertDigest) {
    handlers[ALERT_DIGEST_JOB] = alertDigestHandler(deps.alertDigest);
    schedules.push(alertDigestSchedule);
  }
  if (deps.packs) {
    Object.assign(handlers, packScheduleHandlers(deps.packs));
    schedules.push(packPlanSchedule);
  }
  if (schedules.length === 0) return null;
  const superAdmins = reportToSuperAdmins(deps.db, deps.mailer, config.baseUrl);
  return createJobRunner({
    db: deps.db,
    handlers,
    schedules,
    async onFailure(job, reason) {
      await superAdmins(job, reason);
      await handlers[job.kind]
        ?.failed?.(job, reason)
        .catch((err) => log.error({ err, kind: job.kind }, 'Scheduled jobs: the owner could not be told of a failure'));
    },
    ...tuning,
  });
}
