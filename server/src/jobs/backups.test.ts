import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { scheduledJob, user } from '../db/schema/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { MANIFEST } from '../ops/backup.ts';
import { scheduledJobs } from './scheduled.ts';

const HOUR = 3_600_000;

async function install(backupDir: (dataDir: string) => string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'saldo-backup-job-'));
  const databaseUrl = `file:${join(dataDir, 'saldo.db')}`;
  const { db } = await openDatabase(databaseUrl);
  const now = new Date('2026-11-28T01:00:00Z');
  await db.insert(user).values({
    id: 'admin-1',
    name: 'Operator',
    email: 'ops@firm.no',
    role: 'SuperAdmin',
    language: 'en',
    createdAt: now,
    updatedAt: now,
  });
  const mailer = createMailer({ outboxDir: join(dataDir, 'outbox'), from: 'Saldo <no-reply@saldo.no>' });
  let at = now.getTime();
  const config = {
    databaseUrl,
    dataDir,
    baseUrl: 'https://saldo.example.no',
    backup: { dir: backupDir(dataDir), everyMs: HOUR, keep: 2 },
  };
  const runner = scheduledJobs(config, { db, mailer }, { now: () => new Date(at), retryMs: 1000 })!;
  return { db, runner, config, advance: (ms: number) => (at += ms), outbox: () => mailer.outbox!.list() };
}

describe('backups on a schedule', () => {
  it('writes one backup a slot into a folder named after it, and keeps the newest SALDO_BACKUP_KEEP', async () => {
    const { runner, config, advance, db } = await install((dataDir) => join(dataDir, 'backups'));
    for (let hour = 0; hour < 3; hour++) {
      await runner.plan();
      await runner.plan();
      expect(await runner.runNext()).toBe(true);
      expect(await runner.runNext()).toBe(false);
      advance(HOUR);
    }
    const kept = readdirSync(config.backup.dir).sort();
    expect(kept).toEqual(['saldo-2026-11-28T02-00-00Z', 'saldo-2026-11-28T03-00-00Z']);
    for (const name of kept) expect(readdirSync(join(config.backup.dir, name))).toContain(MANIFEST);
    const jobs = await db.select().from(scheduledJob).orderBy(scheduledJob.slot);
    expect(jobs.map((j) => [j.kind, j.status])).toEqual([
      ['backup', 'done'],
      ['backup', 'done'],
      ['backup', 'done'],
    ]);
    expect(jobs[2]!.result).toBe(`${join(config.backup.dir, kept[1]!)} (removed 1 older)`);
  });

  it('tells the SuperAdmins in their language when a backup has failed for good', async () => {
    // The backup folder's parent is a file: every attempt fails.
    const { runner, advance, outbox, db } = await install((dataDir) => {
      writeFileSync(join(dataDir, 'not-a-folder'), '');
      return join(dataDir, 'not-a-folder', 'backups');
    });
    await runner.plan();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await runner.runNext()).toBe(true);
      advance(10_000);
    }
    const [job] = await db.select().from(scheduledJob);
    expect([job!.status, job!.attempts]).toEqual(['failed', 3]);
    const mails = await outbox();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['ops@firm.no', 'Saldo: the backup failed']]);
    expect(mails[0]!.text).toContain('The backup scheduled for 2026-11-28T01:00:00.000Z failed 3 times');
    expect(mails[0]!.text).toMatch(/Reason: .*(ENOTDIR|not a directory)/);
  });
});
