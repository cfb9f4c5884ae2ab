import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SyncProgressMessage } from '@saldo/contract';
import { count, eq } from 'drizzle-orm';
import { demoPeriod } from '../connectors/demo/demo-company.ts';
import { demoRecords } from '../connectors/demo/demo-connector.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { apiAccount, ledgerVersion, posting } from '../db/schema/index.ts';
import { buildDeps } from '../deps.ts';
import type { SyncRunnerOptions } from '../features/sync/jobs.ts';
import { createMailer } from '../mail/mailer.ts';
import { seedDemo } from '../seed.ts';

// What the sync's tests of real processes and files share: a `file:` database in a folder of its own
// with the demo seeded, a demo company made larger for its next sync, and the progress stream read back.

/** A `file:` database (WAL, other connections) in a new temporary folder, with its deps and the demo seeded. */
export async function seededFileDatabase(prefix: string, secret: string, syncOptions?: SyncRunnerOptions) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = `file:${join(dir, 'saldo.db')}`;
  const { db } = await openDatabase(url);
  const deps = buildDeps({
    db,
    secret,
    baseUrl: 'http://localhost:3000',
    mailer: createMailer({ outboxDir: join(dir, 'outbox'), from: 'test@saldo.no' }),
    dataDir: dir,
    databaseUrl: url,
    ...(syncOptions ? { syncOptions } : {}),
  });
  const seeded = (await seedDemo(db, deps.auth))!;
  return { dir, url, db, deps, seeded };
}

/** The demo account's next sync brings a company `scale` times the size: seconds of work. Returns its posting count. */
export async function growDemo(db: Db, apiAccountId: string, scale = 10): Promise<number> {
  await db
    .update(apiAccount)
    .set({ settings: { seed: 4102, scale } })
    .where(eq(apiAccount.id, apiAccountId));
  let expected = 0;
  for (const r of demoRecords({ seed: 4102, scale, ...demoPeriod(new Date()) }))
    if (r.kind === 'posting') expected += 1;
  return expected;
}

/** The data of each `syncing_board` event of a Server-Sent Events body. */
export const syncEvents = (body: string): SyncProgressMessage[] =>
  body
    .split('\n\n')
    .filter((block) => block.includes('event: syncing_board'))
    .map((block) =>
      JSON.parse(
        block
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6),
      ),
    );

/** The source's postings in its live ledger version (not the replaced one kept a while for readers). */
export async function livePostings(db: Db, apiAccountId: string): Promise<number> {
  const live = await db
    .select({ n: count() })
    .from(posting)
    .innerJoin(apiAccount, eq(apiAccount.ledgerVersion, posting.version))
    .where(eq(posting.apiAccountId, apiAccountId));
  return live[0]!.n;
}

/** The states of the source's ledger versions, as stored. */
export const versionStates = (db: Db, apiAccountId: string) =>
  db.select({ state: ledgerVersion.state }).from(ledgerVersion).where(eq(ledgerVersion.apiAccountId, apiAccountId));
