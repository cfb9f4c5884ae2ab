import cluster, { type Worker } from 'node:cluster';
import { getPriority, setPriority } from 'node:os';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { loadConfig, redactDatabaseUrl } from './config.ts';
import { createDeps, promoteSuperAdmins } from './deps.ts';
import { alertDigester } from './features/alerts/digest.ts';
import { hashLegacyResetTokens } from './features/auth/reset-tokens.ts';
import { type LocalStripe, startLocalStripe } from './features/billing/local-stripe.ts';
import { loadPlans, type PlanCatalog } from './features/billing/plans.ts';
import type { StripeSettings } from './features/billing/stripe.ts';
import { packScheduler } from './features/report-packs/schedule-run.ts';
import { hashLegacyLinks } from './features/sharing/links.ts';
import { releaseLeasesOf } from './features/sync/jobs.ts';
import { scheduledJobs } from './jobs/scheduled.ts';
import { log } from './ops/log.ts';
import { aggregateForWorkers } from './ops/metrics.ts';
import { DEMO_USER, seedDemo } from './seed.ts';

/**
 * One process (SALDO_PROCESSES=1) serves HTTP and runs the sync worker. More: this process is a
 * primary that sets up the database once, then forks that many HTTP processes sharing the port
 * (node:cluster) and SALDO_SYNC_PROCESSES sync processes, so syncs never run on a request's thread. Nothing a user
 * sees lives in one process: sessions, rate limits, jobs and their progress are in the database,
 * and each process's report cache is keyed by the data version read from it.
 */
type Role = 'http' | 'sync';

/**
 * How much lower a sync process runs than the HTTP processes (a nice value). On a busy host the
 * requests go first and a sync takes longer, instead of every read waiting behind it. Not lower: a
 * sync must still beat its lease (jobs.ts) while the HTTP processes take every core.
 */
const SYNC_PROCESS_NICENESS = 5;

const config = loadConfig();
const role = process.env.SALDO_ROLE as Role | undefined;

if (cluster.isPrimary && config.processes > 1) await primary();
else if (role === 'sync') await syncProcess();
else await httpProcess(role === 'http' ? { setUp: false, sync: false } : { setUp: true, sync: config.syncWorker });

/** The stand-in for Stripe when no keys are set (local installs), and the settings the processes use. */
async function billing(
  plans: PlanCatalog,
): Promise<{ stripe: StripeSettings | undefined; localStripe: LocalStripe | null }> {
  // No Stripe keys on a local install: payments go to the Stripe stand-in, a process this one starts and stops.
  const localStripe =
    config.stripeStandinPort === undefined
      ? null
      : await startLocalStripe({
          port: config.stripeStandinPort,
          serverPort: config.port,
          dataDir: config.dataDir,
          plans,
        });
  if (localStripe)
    log.info(
      { url: localStripe.url },
      'Billing: no Stripe keys set, payments go to the local Stripe stand-in (test cards only)',
    );
  else if (!config.stripe) log.info('Billing: no Stripe keys set, payments are off');
  return { stripe: config.stripe ?? localStripe?.settings, localStripe };
}

/** What runs once per start, before anything serves: migrations (openDatabase), the demo, roles, old links. */
async function setUp(deps: AppDeps): Promise<void> {
  log.info({ database: redactDatabaseUrl(config.databaseUrl) }, 'Database');
  if (config.seedDemo) {
    const started = Date.now();
    const seeded = await seedDemo(deps.db, deps.auth);
    if (seeded?.ingested) {
      log.info(
        { postings: seeded.ingested.postings, months: seeded.ingested.months, ms: Date.now() - started },
        'Seeded the demo company',
      );
    }
  }
  await promoteSuperAdmins(deps.db, config.superAdminEmails);
  const hashed = await hashLegacyLinks(deps.db);
  if (hashed) log.info({ links: hashed }, 'Public links stored by their secret now stored by its hash');
  const resetTokens = await hashLegacyResetTokens(deps.db, deps.auth);
  if (resetTokens)
    log.info({ tokens: resetTokens }, 'Password reset tokens stored in plain text now stored by their hash');
}

// The demo login is the seeded demo's, public in the README; it is said only where the demo is seeded.
const ready = (port: number) =>
  log.info(
    { url: `http://localhost:${port}`, ...(config.seedDemo ? { demoLogin: DEMO_USER.email } : {}) },
    config.seedDemo ? `Saldo is running (demo login: ${DEMO_USER.email} / ${DEMO_USER.password})` : 'Saldo is running',
  );

/** An HTTP process's exit code when the port is taken: the primary stops instead of starting another. */
const PORT_IN_USE_EXIT = 98;
const portInUse = `Port ${config.port} is in use: stop what runs there, or start Saldo on another port (PORT=3001 npm start).`;

/**
 * What the scheduled jobs of a process are given: the alert digest, and the report packs' schedules (which
 * read the API as their owners). A function declaration, not a const: the process functions above run from
 * the module's top-level await, before a const this far down is set.
 */
function jobDeps(deps: Awaited<ReturnType<typeof createDeps>>, app: ReturnType<typeof createApp>) {
  return {
    ...deps,
    alertDigest: alertDigester(deps.db, deps.mailer, config.baseUrl),
    packs: packScheduler({ ...deps, fetchApi: async (request: Request) => app.fetch(request) }),
  };
}

async function httpProcess(o: { setUp: boolean; sync: boolean }) {
  const plans = loadPlans(config.billingPlansFile);
  const { stripe, localStripe } = o.setUp ? await billing(plans) : { stripe: config.stripe, localStripe: null };
  const deps = await createDeps(config, plans, stripe);
  if (o.setUp) await setUp(deps);
  if (o.sync) deps.sync.start();
  const app = createApp(deps);
  const jobs = o.sync ? scheduledJobs(config, jobDeps(deps, app)) : null;
  jobs?.start();
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    if (!cluster.isWorker) ready(info.port);
  });
  // A taken port is the user's to resolve: say so once and stop, rather than crash (and, under the
  // primary, be restarted) over and over.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    if (!cluster.isWorker) log.fatal(portInUse);
    process.exit(PORT_IN_USE_EXIT);
  });
  onStop(async () => {
    await deps.sync.stop();
    await jobs?.stop();
    await deps.boardQuantity?.settled();
    await localStripe?.close();
    // Progress streams stay open for minutes: they are cut after a moment rather than waited for.
    await new Promise<void>((done) => {
      server.close(() => done());
      setTimeout(done, 3000).unref();
    });
  });
}

async function syncProcess() {
  setPriority(Math.min(19, getPriority() + SYNC_PROCESS_NICENESS));
  const deps = await createDeps(config, loadPlans(config.billingPlansFile), config.stripe);
  deps.sync.start();
  const jobs = scheduledJobs(config, jobDeps(deps, createApp(deps)));
  jobs?.start();
  onStop(async () => {
    await deps.sync.stop();
    await jobs?.stop();
    await deps.boardQuantity?.settled();
  });
}

async function primary() {
  // A scrape reaches one HTTP process; it asks this one for every process's figures, summed.
  aggregateForWorkers();
  const plans = loadPlans(config.billingPlansFile);
  const { stripe, localStripe } = await billing(plans);
  const deps = await createDeps(config, plans, stripe);
  await setUp(deps);
  // The processes reach the stand-in with the keys it made at this start, as they would reach Stripe.
  const env: Record<string, string> = stripe
    ? {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        ...(stripe.apiUrl ? { STRIPE_API_URL: stripe.apiUrl } : {}),
      }
    : {};
  const roles = new Map<Worker, Role>();
  let stopping = false;
  const fork = (r: Role) => roles.set(cluster.fork({ ...env, SALDO_ROLE: r }), r);
  for (let i = 0; i < config.processes; i++) fork('http');
  for (let i = 0; i < config.syncProcesses; i++) fork('sync');
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening !== config.processes) return;
    log.info({ http: config.processes, sync: config.syncProcesses }, 'Processes started');
    ready(address.port);
  });
  cluster.on('exit', (worker, code, signal) => {
    const r = roles.get(worker);
    roles.delete(worker);
    if (stopping || !r) return;
    if (code === PORT_IN_USE_EXIT) {
      stopping = true;
      log.fatal(portInUse);
      for (const other of roles.keys()) other.process.kill('SIGTERM');
      void Promise.resolve(localStripe?.close()).finally(() => process.exit(1));
      return;
    }
    log.error({ role: r, pid: worker.process.pid, code, signal }, 'A process stopped; starting another');
    // Its jobs are free at once: the process is gone, so no lease needs to run out first.
    const pid = worker.process.pid;
    if (pid !== undefined)
      void releaseLeasesOf(deps.db, pid).catch((err) => log.error({ err }, 'Sync: freeing jobs failed'));
    setTimeout(() => fork(r), 500);
  });
  onStop(async () => {
    stopping = true;
    await Promise.all(
      [...roles.keys()].map(
        (worker) =>
          new Promise<void>((done) => {
            if (worker.isDead()) return done();
            worker.once('exit', () => done());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await localStripe?.close();
  });
}

function onStop(stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop()
        .catch((err) => log.error({ err }, 'Stopping failed'))
        .finally(() => process.exit(0));
    });
  }
}
