/**
 * The benchmarks' big board: the demo user owns "Bench <total>", a board of 5 API accounts holding
 * `total` postings over the last 24 whole months, generated once into a folder under the OS temp dir
 * and reused by later runs (the reports bench and the dashboard bench share it).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultLimits, type Limits } from '../src/access/rate-limit.ts';
import { demoConnector } from '../src/connectors/demo/demo-connector.ts';
import { openDatabase } from '../src/db/client.ts';
import { board, boardApiAccount } from '../src/db/schema/index.ts';
import { buildDeps } from '../src/deps.ts';
import { ingestLedger } from '../src/features/sync/ingest.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { seedDemo } from '../src/seed.ts';

export const SOURCES = 5;

const ym = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The last whole month and the month 23 months before it (UTC). */
export function benchMonths(now = new Date()): { first: Date; last: Date } {
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { first: new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - 23, 1)), last };
}

export async function millionBoard(total = 1_000_000) {
  const dir = join(tmpdir(), `saldo-reports-bench-${total}`);
  const url = `file:${join(dir, 'saldo.db')}`;
  const fresh = !existsSync(join(dir, 'saldo.db'));
  mkdirSync(dir, { recursive: true });

  const { db, client } = await openDatabase(url);
  const makeDeps = (reportCacheEntries: number) => ({
    ...buildDeps({
      db,
      secret: 'bench-secret-0123456789abcdef0123',
      baseUrl: 'http://localhost',
      mailer: createMailer({ outboxDir: join(dir, 'outbox'), from: 'bench@saldo.no' }),
      dataDir: dir,
      databaseUrl: url,
      // No limits in a benchmark: every one of the install's limits raised out of reach.
      limits: Object.fromEntries(Object.keys(defaultLimits).map((name) => [name, { max: 1e9, windowMs: 1 }])) as Limits,
    }),
    reportCacheEntries,
  });

  const boardName = `Bench ${total}`;
  const { first, last } = benchMonths();
  if (fresh) {
    const seeded = await seedDemo(db, makeDeps(0).auth);
    const now = new Date();
    const boardId = randomUUID();
    await db
      .insert(board)
      .values({ id: boardId, ownerId: seeded!.userId, name: boardName, createdAt: now, updatedAt: now });
    // The demo company makes about 280 postings a month per unit of scale (measured); round up so
    // the board holds at least `total` postings.
    const scale = Math.max(1, Math.ceil(total / SOURCES / 24 / 280));
    let postings = 0;
    const t0 = performance.now();
    for (let i = 0; i < SOURCES; i++) {
      const id = randomUUID();
      await client.execute({
        sql: "insert into api_account (id, owner_id, name, type, settings, created_at) values (?, ?, ?, 'demo', '{}', ?)",
        args: [id, seeded!.userId, `Selskap ${i + 1}`, now.getTime()],
      });
      const r = await ingestLedger(
        db,
        id,
        demoConnector({ seed: 1000 + i, scale, fromMonth: ym(first), toMonth: ym(last) }),
      );
      postings += r.postings;
      await db.insert(boardApiAccount).values({ boardId, apiAccountId: id });
    }
    console.log(
      `generated ${postings.toLocaleString('en')} postings over 24 months in ${SOURCES} API accounts (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }

  const [{ id: boardId } = { id: '' }] = (
    await client.execute({ sql: 'select id from board where name = ?', args: [boardName] })
  ).rows as unknown as { id: string }[];
  const sources = (
    await client.execute({ sql: 'select api_account_id from board_api_account where board_id = ?', args: [boardId] })
  ).rows.map((r) => String(r.api_account_id));
  const [{ n: postingCount } = { n: 0 }] = (
    await client.execute({
      sql: `select count(*) as n from posting where api_account_id in (${sources.map(() => '?').join(',')})`,
      args: sources,
    })
  ).rows as unknown as { n: number }[];

  return { dir, url, db, client, makeDeps, boardId, sources, postingCount: Number(postingCount), last };
}
