import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { auditEvent, scheduledJob } from '../db/schema/index.ts';
import { recordAudit } from '../features/audit/record.ts';
import { createMailer } from '../mail/mailer.ts';
import { scheduledJobs } from './scheduled.ts';

const DAY = 86_400_000;

describe('the audit trail’s retention (issue 31)', () => {
  it('keeps every record younger than the kept days (400 by default), and the daily job removes only older ones', async () => {
    const { db } = await openDatabase(':memory:');
    const dataDir = mkdtempSync(join(process.env.SALDO_TEST_TMP ?? tmpdir(), 'saldo-audit-'));
    const now = new Date('2026-11-28T10:00:00Z');
    const slot = new Date('2026-11-28T00:00:00Z');
    for (const days of [0, 366, 399, 400, 401, 800])
      await recordAudit(
        db,
        { actorId: null, actorEmail: null, ip: null, at: new Date(slot.getTime() - days * DAY) },
        { action: 'share.created', groupId: 'b1', target: { days } },
      );
    const config = loadConfig({ SALDO_DATA_DIR: dataDir });
    expect(config.auditKeepDays).toBe(400);
    const runner = scheduledJobs(
      config,
      { db, mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), from: 'Saldo <test@saldo.no>' }) },
      { now: () => now },
    )!;
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    const left = await db.select({ target: auditEvent.target }).from(auditEvent);
    expect(left.map((r) => r.target.days)).toEqual([0, 366, 399, 400]);
    const [job] = await db.select().from(scheduledJob);
    expect(job).toMatchObject({
      kind: 'audit-prune',
      status: 'done',
      result: 'removed 2 audit records older than 400 days',
    });
  });

  it('refuses to be set to keep less than a year', () => {
    expect(() => loadConfig({ SALDO_AUDIT_KEEP_DAYS: '365' })).toThrow(/at least 366/);
    expect(loadConfig({ SALDO_AUDIT_KEEP_DAYS: '730' }).auditKeepDays).toBe(730);
  });
});
