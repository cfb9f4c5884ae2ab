/**
 * The scheduled jobs of this install, started by each process that runs syncs (main.ts): the
 * backups (when SALDO_BACKUP_DIR is set) and the audit trail's daily clean-up (SALDO_AUDIT_KEEP_DAYS). A run that fails for good is mailed to the SuperAdmins in
 * their language, and logged.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { jobFailedMail } from '../mail/templates.ts';
import { AUDIT_PRUNE_JOB, auditPruneHandler, auditPruneSchedule } from './audit-retention.ts';
import { BACKUP_JOB, backupHandler, backupSchedule } from './backups.ts';
import {
  createJobRunner,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  type Schedule,
  type ScheduledJobRow,
} from './runner.ts';

const WHAT: Record<string, { nor: string; en: string }> = {
  [BACKUP_JOB]: { nor: 'sikkerhetskopien', en: 'the backup' },
  [AUDIT_PRUNE_JOB]: { nor: 'ryddingen i loggen over endringer', en: 'the audit trail’s clean-up' },
};

/** Mails a job's final failure to every active SuperAdmin; logs it whether or not anyone is there to tell. */
export function reportToSuperAdmins(db: Db, mailer: Mailer, baseUrl: string) {
  return async (job: ScheduledJobRow, reason: string) => {
    console.error(`Scheduled job ${job.kind} of ${job.slot} failed for good after ${job.attempts} attempts: ${reason}`);
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
        .catch((e) => console.error('Scheduled jobs: the failure mail could not be sent', e));
  };
}

export function scheduledJobs(
  config: Pick<Config, 'backup' | 'databaseUrl' | 'dataDir' | 'baseUrl'> & Partial<Pick<Config, 'auditKeepDays'>>,
  deps: { db: Db; mailer: Mailer },
  tuning: Pick<JobRunnerOptions, 'now' | 'retryMs' | 'maxAttempts'> = {},
): JobRunner | null {
  const handlers: Record<string, JobHandler> = {};
  const schedules: Schedule[] = [];
  if (config.backup) {
    handlers[BACKUP_JOB] = backupHandler({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, config.backup);
    schedules.push(backupSchedule(config.backup));
  }
  if (config.auditKeepDays) {
    handlers[AUDIT_PRUNE_JOB] = auditPruneHandler(deps.db, config.auditKeepDays);
    schedules.push(auditPruneSchedule);
  }
  if (schedules.length === 0) return null;
  return createJobRunner({
    db: deps.db,
    handlers,
    schedules,
    onFailure: reportToSuperAdmins(deps.db, deps.mailer, config.baseUrl),
    ...tuning,
  });
}
