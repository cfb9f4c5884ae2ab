/**
 * The daily alert digest as a scheduled job: each responsible accountant (or the board's owner when
 * none is set) gets one mail a day at most with the alerts opened since the last one. The digest itself
 * is the alerts feature's (features/alerts/digest.ts), passed in so jobs/ imports no feature. A run in
 * which a mail did not go fails, so the runner retries it (the mails that went are not sent again) and,
 * when its attempts are used up, tells the SuperAdmins.
 */
import type { JobHandler, Schedule } from './runner.ts';

export const ALERT_DIGEST_JOB = 'alert-digest';

/** Every day, at UTC midnight. */
export const alertDigestSchedule: Schedule = { kind: ALERT_DIGEST_JOB, everyMs: 24 * 60 * 60 * 1000 };

export interface AlertDigester {
  /** Sends the slot's digests (and those of it that failed before); how many went, and how many failed. */
  send(slot: string): Promise<{ sent: number; failed: number }>;
}

export function alertDigestHandler(digester: AlertDigester): JobHandler {
  return {
    async run(job) {
      const { sent, failed } = await digester.send(job.slot);
      if (failed > 0) throw new Error(`${failed} of ${sent + failed} alert digests could not be mailed`);
      return sent === 0 ? 'no new alerts to mail' : `${sent} alert digests mailed`;
    },
  };
}
