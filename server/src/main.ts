import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig, redactDatabaseUrl } from './config.ts';
import { createDeps, promoteSuperAdmins } from './deps.ts';
import { hashLegacyLinks } from './features/sharing/links.ts';
import { DEMO_USER, seedDemo } from './seed.ts';

const config = loadConfig();
const deps = await createDeps(config);
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
const server = serve({ fetch: createApp(deps).fetch, port: config.port }, (info) => {
  console.log(
    `Saldo is running at http://localhost:${info.port} (demo login: ${DEMO_USER.email} / ${DEMO_USER.password})`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void deps.sync.stop().finally(() => server.close(() => process.exit(0)));
  });
}
