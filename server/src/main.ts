import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig, redactDatabaseUrl } from './config.ts';
import { createDeps, promoteSuperAdmins } from './deps.ts';
import { startLocalStripe } from './features/billing/local-stripe.ts';
import { loadPlans } from './features/billing/plans.ts';
import { hashLegacyLinks } from './features/sharing/links.ts';
import { DEMO_USER, seedDemo } from './seed.ts';

const config = loadConfig();
const plans = loadPlans(config.billingPlansFile);
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
const deps = await createDeps(config, plans, config.stripe ?? localStripe?.settings);
if (localStripe)
  console.log(
    `Billing: no Stripe keys set, payments go to the local Stripe stand-in at ${localStripe.url} (test cards only)`,
  );
else if (!config.stripe) console.log('Billing: no Stripe keys set, payments are off');
console.log(`Database: ${redactDatabaseUrl(config.databaseUrl)}`);
if (config.seedDemo) {
  const started = Date.now();
  const seeded = await seedDemo(deps.db, deps.auth);
  if (seeded?.ingested) {
    console.log(
      `Seeded the demo company: ${seeded.ingested.postings} postings over ${seeded.ingested.months} months in ${Date.now() - started} ms`,
    );
  }
}
await promoteSuperAdmins(deps.db, config.superAdminEmails);
const hashed = await hashLegacyLinks(deps.db);
if (hashed) console.log(`Public links: ${hashed} stored by their secret now stored by its hash`);
if (config.syncWorker) deps.sync.start();
// Per-board subscriptions whose quantity did not reach Stripe when boards changed (it was down): now, then hourly.
const reconcile = () =>
  void deps.boardQuantity?.reconcile().catch((err) => console.error('Billing: reconcile failed', err));
reconcile();
const reconciling = setInterval(reconcile, 60 * 60 * 1000);
reconciling.unref();
const server = serve({ fetch: createApp(deps).fetch, port: config.port }, (info) => {
  console.log(
    `Saldo is running at http://localhost:${info.port} (demo login: ${DEMO_USER.email} / ${DEMO_USER.password})`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearInterval(reconciling);
    void deps.sync
      .stop()
      .then(() => deps.boardQuantity?.settled())
      .then(() => localStripe?.close())
      .finally(() => server.close(() => process.exit(0)));
  });
}
