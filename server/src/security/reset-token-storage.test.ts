import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verification } from '../db/schema/index.ts';
import { RESET_TOKEN_TTL_SECONDS } from '../features/auth/auth.ts';
import { hashLegacyResetTokens } from '../features/auth/reset-tokens.ts';
import { DEMO_USER } from '../seed.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/**
 * Issue 25, finding 9: password reset tokens sat in the verification table in plain text, so whoever
 * could read the database (or a backup) could reset any pending user's password. Only a hash is stored now.
 */
const send = (t: TestApp, method: string, path: string, body: unknown) =>
  t.request(path, { method, body: JSON.stringify(body) });
const reset = (t: TestApp, token: string, password: string) =>
  send(t, 'PATCH', '/api/auth/password/reset', { token, password });

async function requestedToken(t: TestApp): Promise<string> {
  expect((await send(t, 'POST', '/api/auth/password/request-reset', { email: DEMO_USER.email })).status).toBe(200);
  const mail = (await t.deps.mailer.outbox!.list()).find((m) => m.to === DEMO_USER.email)!;
  return new URL(mail.links[0]!).searchParams.get('token')!;
}

const storedIdentifiers = async (t: TestApp) =>
  (await t.deps.db.select({ identifier: verification.identifier }).from(verification)).map((r) => r.identifier);

describe('password reset tokens are stored by their hash (issue 25, finding 9)', () => {
  it('keeps no trace of the mailed token in the database, and the token still works once', async () => {
    const t = await createTestApp();
    const token = await requestedToken(t);
    const stored = await storedIdentifiers(t);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain(token);
    expect(stored[0]).not.toMatch(/^reset-password:/);

    // What the database holds does not reset a password; the mailed token does, once.
    expect((await reset(t, stored[0]!, 'Stjålet-2026')).status).toBe(400);
    expect((await reset(t, stored[0]!.replace(/^.*?:/, ''), 'Stjålet-2026')).status).toBe(400);
    expect((await reset(t, token, 'Ny-Start-2026')).status).toBe(200);
    expect((await reset(t, token, 'Igjen-2026a')).status).toBe(400);
    expect(
      (await send(t, 'POST', '/api/auth/login', { email: DEMO_USER.email, password: 'Ny-Start-2026' })).status,
    ).toBe(200);
  });

  it('hashes a plain token left from before at start-up: it works once, and an expired one is dropped', async () => {
    const t = await createTestApp();
    const now = Date.now();
    const row = (token: string, expiresAt: number) => ({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: t.userId,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    await t.deps.db
      .insert(verification)
      .values([
        row('legacyPendingToken000001', now + RESET_TOKEN_TTL_SECONDS * 1000),
        row('legacyExpiredToken000001', now - 1000),
      ]);

    expect(await hashLegacyResetTokens(t.deps.db, t.deps.auth)).toBe(1);
    const stored = await storedIdentifiers(t);
    expect(stored).toHaveLength(1);
    expect(stored.join()).not.toContain('legacy');
    expect(await hashLegacyResetTokens(t.deps.db, t.deps.auth)).toBe(0);

    expect((await reset(t, 'legacyExpiredToken000001', 'Ny-Start-2026')).status).toBe(400);
    expect((await reset(t, 'legacyPendingToken000001', 'Ny-Start-2026')).status).toBe(200);
    expect((await reset(t, 'legacyPendingToken000001', 'Igjen-2026a')).status).toBe(400);
  });
});
