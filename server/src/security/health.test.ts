import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import { logTo } from '../ops/log.ts';
import { createTestApp } from '../test/create-test-app.ts';

const committedMigrations = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries
  .length;

describe('the health check (issue 11, item 10)', () => {
  it('answers the public ok or not ok, and never where the database is', async () => {
    // Without the development outbox, which a test app runs and the health check names where it answers.
    const t = await createTestApp({ devOutbox: false });
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const user_ = await t.login();
    // A signed-in User is the public too.
    expect(await (await t.request('/api/health', { token: user_.jwtToken })).json()).toEqual({ status: 'ok' });
  });

  it('gives a SuperAdmin the details', async () => {
    const t = await createTestApp({ devOutbox: false });
    await t.deps.db.update(user).set({ role: 'SuperAdmin' }).where(eq(user.id, t.userId));
    const res = await t.request('/api/health', { token: (await t.login()).jwtToken });
    expect(await res.json()).toEqual({
      status: 'ok',
      database: { ok: true, url: ':memory:', migrations: committedMigrations },
    });
  });

  it('answers 503 without the reason when the database fails, and logs the reason', async () => {
    const t = await createTestApp({ devOutbox: false });
    const logged: string[] = [];
    const stop = logTo({ write: (line) => logged.push(line) }, 'error');
    try {
      t.deps.db.$client.close();
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'degraded' });
    } finally {
      stop();
    }
    expect(logged.join('')).toContain('Health check: the database did not answer');
  });
});
