import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { apiAccount, syncJob } from '../db/schema/index.ts';
import { DEMO_USER } from '../seed.ts';
import { type ServerProcess, seededDataDir, startServer } from '../test/server-process-client.ts';
import { BackupError, backup, restore, verifiedManifest } from './backup.ts';

const run = promisify(execFile);
const REPORT = (boardId: string) => `/api/profit-loss?groupId=${boardId}&startDate=2025-01-01&endDate=2025-12-31`;
const UPLOAD = 'uploads/saft/kept-file.xml';

let db: Db;
let dir: string;
let url: string;
let boardId: string;
let sourceId: string;
const servers: ServerProcess[] = [];

async function token(server: ServerProcess): Promise<string> {
  const login = await server.request('/api/auth/login', {
    method: 'POST',
    body: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  expect(login.status).toBe(200);
  return (JSON.parse(login.body) as { jwtToken: string }).jwtToken;
}

const jobStatus = async (file: string) => {
  const client = createClient({ url: `file:${file}` });
  try {
    return (await client.execute('select status from sync_job')).rows.map((r) => String(r.status));
  } finally {
    client.close();
  }
};

beforeAll(async () => {
  ({ dir, url, db, boardId, sourceId } = await seededDataDir('saldo-backup-'));
  // The next sync brings a company five times the size: seconds of writing to take a backup in the middle of.
  await db
    .update(apiAccount)
    .set({ settings: { seed: 4102, scale: 5 } })
    .where(eq(apiAccount.id, sourceId));
  mkdirSync(join(dir, 'uploads/saft'), { recursive: true });
  writeFileSync(join(dir, UPLOAD), '<AuditFile>kept</AuditFile>');
}, 60_000);

afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
});

describe('a backup of the running product', () => {
  it('taken during a sync, restored into a new data folder, serves the statements of before or after the sync', async () => {
    const live = await startServer(url, dir);
    servers.push(live);
    const bearer = await token(live);
    const before = await live.request(REPORT(boardId), { token: bearer });
    expect(before.status).toBe(200);

    const started = await live.request('/api/sync-board', {
      method: 'POST',
      token: bearer,
      body: { groupId: boardId },
    });
    expect(started.status).toBe(202);
    // Wait until the sync is writing, then copy.
    for (let i = 0; i < 400; i++) {
      const [job] = await db.select({ status: syncJob.status, percentage: syncJob.percentage }).from(syncJob);
      if (job?.status === 'running' && job.percentage > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const copy = join(dir, 'backups', 'during-sync');
    const manifest = await backup({ databaseUrl: url, dataDir: dir }, copy);
    // The copy was taken with the sync under way, and holds the data folder's file but not itself or the database.
    expect(await jobStatus(join(copy, 'saldo.db'))).toEqual(['running']);
    expect(manifest.files.map((f) => f.path)).toContain(UPLOAD);
    expect(manifest.files.every((f) => !f.path.startsWith('backups/') && !f.path.startsWith('saldo.db'))).toBe(true);
    expect(statSync(join(copy, 'saldo.db')).mode & 0o077).toBe(0);

    // The live sync finishes as if nothing happened.
    const progress = await live.request(`/api/sync-board/progress?apiIds[]=${sourceId}`, { token: bearer });
    expect(progress.body).toContain('"isSyncDone":true');
    const after = await live.request(REPORT(boardId), { token: bearer });
    expect(after.body).not.toBe(before.body);

    // Restored into a new place, a server on it shows one of the two consistent states.
    const other = mkdtempSync(join(tmpdir(), 'saldo-restored-'));
    const otherUrl = `file:${join(other, 'saldo.db')}`;
    await restore(copy, { databaseUrl: otherUrl, dataDir: other });
    expect(readFileSync(join(other, UPLOAD), 'utf8')).toBe('<AuditFile>kept</AuditFile>');
    const restored = await startServer(otherUrl, other);
    servers.push(restored);
    const read = await restored.request(REPORT(boardId), { token: await token(restored) });
    expect(read.status).toBe(200);
    expect([before.body, after.body]).toContain(read.body);

    // A database with data is not overwritten unless told to.
    await expect(restore(copy, { databaseUrl: otherUrl, dataDir: other })).rejects.toThrow(/holds data already/);
  }, 180_000);

  it('refuses a damaged backup before writing anything, and a folder that exists', async () => {
    const copy = join(dir, 'backups', 'to-damage');
    await backup({ databaseUrl: url, dataDir: dir }, copy);
    await expect(backup({ databaseUrl: url, dataDir: dir }, copy)).rejects.toThrow(BackupError);
    writeFileSync(join(copy, 'files', UPLOAD), '<AuditFile>changed</AuditFile>');
    await expect(verifiedManifest(copy)).rejects.toThrow(/kept-file\.xml is missing or differs/);
    const empty = mkdtempSync(join(tmpdir(), 'saldo-untouched-'));
    await expect(restore(copy, { databaseUrl: `file:${join(empty, 'saldo.db')}`, dataDir: empty })).rejects.toThrow(
      BackupError,
    );
    expect(() => statSync(join(empty, 'saldo.db'))).toThrow();
    await expect(backup({ databaseUrl: 'libsql://db.example.com', dataDir: dir }, join(dir, 'x'))).rejects.toThrow(
      /not a local file/,
    );
  }, 60_000);

  it('is two commands that read the environment as the server does', async () => {
    const cli = resolve(import.meta.dirname, 'backup-cli.ts');
    const env = { ...process.env, DATABASE_URL: url, SALDO_DATA_DIR: dir, INIT_CWD: dir };
    const made = await run(process.execPath, ['--import', 'tsx', cli, 'backup', 'backups/by-command'], { env });
    expect(made.stdout).toMatch(/^Backup written to .*by-command/);
    const target = mkdtempSync(join(tmpdir(), 'saldo-cli-restore-'));
    const into = { ...env, DATABASE_URL: `file:${join(target, 'saldo.db')}`, SALDO_DATA_DIR: target };
    const back = await run(process.execPath, ['--import', 'tsx', cli, 'restore', join(dir, 'backups/by-command')], {
      env: into,
    });
    expect(back.stdout).toMatch(/^Restored the backup of /);
    const again = run(process.execPath, ['--import', 'tsx', cli, 'restore', join(dir, 'backups/by-command')], {
      env: into,
    });
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/holds data already/) });
    const forced = await run(
      process.execPath,
      ['--import', 'tsx', cli, 'restore', join(dir, 'backups/by-command'), '--force'],
      { env: into },
    );
    expect(forced.stdout).toMatch(/^Restored/);
  }, 60_000);
});
