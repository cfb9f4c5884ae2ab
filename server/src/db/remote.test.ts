import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BudgetYear, TopRow } from '@saldo/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HranaServer, startHranaServer } from '../../test-tools/hrana-server.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { loadPlans } from '../features/billing/plans.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { migrationsFolder, openDatabase } from './client.ts';
import { apiAccount, boardApiAccount, posting } from './schema/index.ts';

/**
 * Saldo on a remote database (DATABASE_URL http://…, DATABASE_AUTH_TOKEN): the real client path over
 * Hrana, against the local Hrana server on a port, which keeps a libSQL file behind it.
 */
const TOKEN = 'saldo-remote-token';
const folder = () => mkdtempSync(join(process.env.SALDO_TEST_TMP ?? tmpdir(), 'saldo-remote-'));
const RANGE = 'startDate=2025-01-01&endDate=2025-12-31';

let server: HranaServer;
let remote: TestApp;
let remoteToken: string;

beforeAll(async () => {
  server = await startHranaServer({ file: join(folder(), 'remote.db'), authToken: TOKEN });
  // Migrations from empty, then the demo company's full sync (ingestLedger and the ledger writer's
  // batches), all through the network.
  remote = await createTestApp({
    database: { url: server.url, authToken: TOKEN },
    syncOptions: { pollMs: 20, progressEveryMs: 0 },
  });
  remoteToken = (await remote.login()).jwtToken;
});

afterAll(async () => {
  await remote?.deps.sync.stop();
  await server?.close();
});

describe('openDatabase on a remote URL', () => {
  it('runs every migration on an empty database, and none on a second start', async () => {
    const migrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    const { db, client } = await openDatabase(server.url, TOKEN);
    const applied = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM __drizzle_migrations`);
    expect(applied[0]!.n).toBe(migrations.length);
    client.close();
  });

  it('refuses a foreign-key violation on a stream of its own, and cascades a delete', async () => {
    const { db, client } = await openDatabase(server.url, TOKEN);
    const orphan = db.insert(boardApiAccount).values({ boardId: 'no-such-board', apiAccountId: 'no-such-account' });
    const refused = await orphan.then(
      () => null,
      (err: Error) => err,
    );
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(
      /SQLite error: FOREIGN KEY constraint failed/,
    );
    // The schema's ON DELETE CASCADE holds only where foreign keys are on: deleting an account takes its ledger.
    const id = await remote.addApiAccount('demo', 'Slettes');
    await db.insert(posting).values({
      apiAccountId: id,
      version: 1,
      date: '2025-01-01',
      period: '2025-01',
      voucher: 'V1',
      accountNumber: 3000,
      accountId: '3000',
      amount: 100_00,
    });
    await db.delete(apiAccount).where(eq(apiAccount.id, id));
    const left = await db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, id));
    expect(left[0]!.n).toBe(0);
    client.close();
  });

  it('refuses a server that leaves foreign keys off for a new connection', async () => {
    const plain = await startHranaServer({ file: join(folder(), 'plain.db'), foreignKeys: false });
    try {
      await expect(openDatabase(plain.url)).rejects.toThrow(/leaves foreign keys off for a new connection/);
    } finally {
      await plain.close();
    }
  });

  it("starts main.ts's own deps from DATABASE_URL and DATABASE_AUTH_TOKEN, and its health check answers", async () => {
    const config = loadConfig({ SALDO_DATA_DIR: folder(), DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: TOKEN });
    const pipelines = server.stats.pipelines;
    const deps = await createDeps(config, loadPlans(config.billingPlansFile));
    const health = await createApp(deps).request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(server.stats.pipelines).toBeGreaterThan(pipelines);
  });

  it('sends DATABASE_AUTH_TOKEN: without it, or with another, the server turns it away', async () => {
    const before = server.stats.unauthorized;
    await expect(openDatabase(server.url)).rejects.toThrow(/401/);
    await expect(openDatabase(server.url, 'not-the-token')).rejects.toThrow(/401/);
    expect(server.stats.unauthorized).toBe(before + 2);
  });
});

describe('Saldo served from a remote database', () => {
  it("answers the demo company's widgets as it does from :memory:", async () => {
    const local = await createTestApp();
    const localToken = (await local.login()).jwtToken;
    const ask = async (t: TestApp, token: string, path: string) => {
      const res = await t.request(`${path}?${RANGE}`, { token, headers: { 'x-board-id': t.boardId } });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json();
    };
    for (const path of ['/api/widgets/top-ten/customers', '/api/widgets/top-five/expenses', '/api/profit-loss']) {
      const there = await ask(remote, remoteToken, path);
      expect(there, path).toEqual(await ask(local, localToken, path));
    }
    const customers = (await ask(remote, remoteToken, '/api/widgets/top-ten/customers')) as TopRow[];
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.every((row) => Number.isInteger(row.amount))).toBe(true);
  });

  it('saves a budget year in one interactive transaction, replacing the one before', async () => {
    const path = `/api/budgets/${remote.boardId}`;
    const put = (months: number[]) =>
      remote.request(path, {
        method: 'PUT',
        token: remoteToken,
        body: JSON.stringify({ year: 2028, rows: [{ target: '3100', months }] }),
      });
    expect((await put(Array.from({ length: 12 }, () => 50_00))).status).toBe(200);
    expect((await put(Array.from({ length: 12 }, (_, i) => (i + 1) * 100_00))).status).toBe(200);
    const res = await remote.request(`${path}?year=2028`, { token: remoteToken });
    const year = (await res.json()) as BudgetYear;
    expect(year.rows).toHaveLength(1);
    expect(year.rows[0]!.months).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 100_00));
    // The transaction's stream was closed by its commit, not left holding a connection.
    expect(server.openStreams()).toBe(0);
  });

  it('syncs a board again through the job queue, its lease and the ledger writer, over the network', async () => {
    const live = async () => {
      const [row] = await remote.deps.db.all<{ version: number; n: number }>(sql`
        SELECT a.ledger_version AS version, count(p.id) AS n FROM api_account a
        LEFT JOIN posting p ON p.api_account_id = a.id AND p.version = a.ledger_version
        WHERE a.id = ${remote.apiAccountId} GROUP BY a.id`);
      return row!;
    };
    const before = await live();
    expect(before.n).toBeGreaterThan(0);
    const pipelines = server.stats.pipelines;
    const start = await remote.request('/api/sync-board', {
      method: 'POST',
      token: remoteToken,
      body: JSON.stringify({ groupId: remote.boardId }),
    });
    expect(start.status).toBe(202);
    const stream = await remote.request(`/api/sync-board/progress?apiIds[]=${remote.apiAccountId}`, {
      token: remoteToken,
    });
    remote.deps.sync.start();
    const text = await stream.text();
    expect(text).toContain('"isSyncDone":true');
    expect(text).toContain('"status":"done"');
    // A new version replaced the old one whole: the same postings, once.
    const after = await live();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.n).toBe(before.n);
    expect(server.stats.pipelines).toBeGreaterThan(pipelines);
  });
});
