/**
 * A process running the report packs' scheduled jobs (plan and send) on a test's database, mailing
 * through a test's SMTP server, for the test that kills one of two such processes mid-run
 * (features/report-packs/schedule-run.test.ts). Its worker id names its pid.
 * Usage: node --import tsx pack-runner-process.ts <database url> <data dir> <lease ms> <smtp url>
 */
import { createApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { buildDeps } from '../deps.ts';
import { packScheduler } from '../features/report-packs/schedule-run.ts';
import { scheduledJobs } from '../jobs/scheduled.ts';
import { createMailer } from '../mail/mailer.ts';
import { TEST_SECRET } from './create-test-app.ts';

const [url, dataDir, leaseMs, smtpUrl] = process.argv.slice(2);
if (!url || !dataDir || !leaseMs || !smtpUrl) throw new Error('usage: <database url> <data dir> <lease ms> <smtp url>');
const { db } = await openDatabase(url);
const baseUrl = 'http://localhost:3000';
const deps = buildDeps({
  db,
  secret: TEST_SECRET,
  baseUrl,
  mailer: createMailer({ smtpUrl, outboxDir: `${dataDir}/outbox`, from: 'Saldo <no-reply@saldo.no>' }),
  dataDir,
  databaseUrl: url,
});
const app = createApp(deps);
const jobs = scheduledJobs(
  { backup: undefined, databaseUrl: url, dataDir, baseUrl },
  { db, mailer: deps.mailer, packs: packScheduler({ ...deps, fetchApi: async (request) => app.fetch(request) }) },
  { leaseMs: Number(leaseMs), pollMs: 100, retryMs: 100, workerId: `pack-runner-${process.pid}` },
);
jobs!.start();
process.send?.('ready');
