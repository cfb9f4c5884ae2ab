/**
 * What a test's own process (server-process.ts, sync-worker-process.ts) starts from: its arguments
 * `<database url> <data dir> <lease ms>`, and the deps main.ts would build on them, with `secret` and the
 * sync worker's options for the lease.
 */
import { openDatabase } from '../db/client.ts';
import { buildDeps } from '../deps.ts';
import type { SyncRunnerOptions } from '../features/sync/jobs.ts';
import { createMailer } from '../mail/mailer.ts';

export async function processDeps(secret: string, syncOptions: (leaseMs: number) => SyncRunnerOptions) {
  const [url, dataDir, leaseMs] = process.argv.slice(2);
  if (!url || !dataDir || !leaseMs) throw new Error('usage: <database url> <data dir> <lease ms>');
  const { db } = await openDatabase(url);
  return buildDeps({
    db,
    secret,
    baseUrl: 'http://localhost:3000',
    mailer: createMailer({ outboxDir: `${dataDir}/outbox`, from: 'test@saldo.no' }),
    dataDir,
    databaseUrl: url,
    syncOptions: syncOptions(Number(leaseMs)),
  });
}
