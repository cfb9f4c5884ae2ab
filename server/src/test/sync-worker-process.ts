/**
 * A sync worker in a process of its own, for the fault-injection test: it claims one job of the
 * database given and runs it, so the test can kill it with SIGKILL half-way.
 * Usage: node --import tsx sync-worker-process.ts <database url> <data dir> <lease ms>
 */
import { openDatabase } from '../db/client.ts';
import { buildDeps } from '../deps.ts';
import { createMailer } from '../mail/mailer.ts';

const [url, dataDir, leaseMs] = process.argv.slice(2);
if (!url || !dataDir || !leaseMs) throw new Error('usage: <database url> <data dir> <lease ms>');
const { db } = await openDatabase(url);
const deps = buildDeps({
  db,
  secret: 'fault-test-secret-0123456789abcdef',
  baseUrl: 'http://localhost:3000',
  mailer: createMailer({ outboxDir: `${dataDir}/outbox`, from: 'test@saldo.no' }),
  dataDir,
  databaseUrl: url,
  // The default worker id starts with this process's id, as a server's does (see releaseLeasesOf).
  syncOptions: { leaseMs: Number(leaseMs), progressEveryMs: 50 },
});
process.send?.('started');
await deps.sync.runNext();
process.send?.('finished');
