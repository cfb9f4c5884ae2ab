import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshToken } from '../db/schema/index.ts';
import { DEMO_USER } from '../seed.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
beforeEach(async () => {
  // A database file, as a server has: its per-request reads are kept while the file is unchanged.
  t = await createTestApp({ database: 'file' });
});

const me = (token: string) => t.request('/api/profile/me', { token });
const post = (path: string, body: object, token?: string) =>
  t.request(path, { method: 'POST', token, body: JSON.stringify(body) });
const patch = (path: string, body: object, token?: string) =>
  t.request(path, { method: 'PATCH', token, body: JSON.stringify(body) });

async function expectEnded(token: string) {
  const res = await me(token);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ code: 'SESSION_ENDED', message: 'Your session has ended, please log in again' });
}

describe('access tokens stop with their session (issue 11, item 7)', () => {
  it('stop at logout, on this computer only', async () => {
    const here = await t.login();
    const elsewhere = await t.login();
    expect((await me(here.jwtToken)).status).toBe(200);
    expect((await post('/api/auth/logout', { refreshToken: here.refreshToken })).status).toBe(200);
    await expectEnded(here.jwtToken);
    expect((await post('/api/auth/refresh-token', { refreshToken: here.refreshToken })).status).toBe(401);
    // Another session of the same user goes on.
    expect((await me(elsewhere.jwtToken)).status).toBe(200);
  });

  it('stop everywhere after a password reset', async () => {
    const sessions = [await t.login(), await t.login()];
    expect((await post('/api/auth/password/request-reset', { email: DEMO_USER.email })).status).toBe(200);
    const [mail] = await t.deps.mailer.outbox!.list();
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    expect((await patch('/api/auth/password/reset', { token, password: 'NyttPassord9' })).status).toBe(200);
    for (const s of sessions) {
      await expectEnded(s.jwtToken);
      expect((await post('/api/auth/refresh-token', { refreshToken: s.refreshToken })).status).toBe(401);
    }
  });

  it('stop everywhere after a password change, except the new pair the change returns', async () => {
    const other = await t.login();
    const mine = await t.login();
    const res = await patch(
      '/api/profile/password',
      { currentPassword: DEMO_USER.password, newPassword: 'Vinter2026x' },
      mine.jwtToken,
    );
    expect(res.status).toBe(200);
    const renewed = await res.json();
    await expectEnded(other.jwtToken);
    await expectEnded(mine.jwtToken);
    expect((await me(renewed.jwtToken)).status).toBe(200);
    const rotated = await post('/api/auth/refresh-token', { refreshToken: renewed.refreshToken });
    expect(rotated.status).toBe(200);
    expect((await me((await rotated.json()).jwtToken)).status).toBe(200);
  });

  it('stop when a stolen refresh token is used again after its rotation', async () => {
    const first = await t.login();
    const second = await (await post('/api/auth/refresh-token', { refreshToken: first.refreshToken })).json();
    // Outside the reload grace period (tokens.ts), a second use means the token was copied.
    const row = (await t.deps.db.query.refreshToken.findMany()).find((r) => r.usedAt);
    await t.deps.db
      .update(refreshToken)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshToken.id, row!.id));
    expect((await post('/api/auth/refresh-token', { refreshToken: first.refreshToken })).status).toBe(401);
    await expectEnded(second.jwtToken);
  });

  it('end a progress stream that was open when the session ended', async () => {
    const s = await t.login();
    const stream = await t.request(`/api/sync-board/progress?apiIds[]=${t.apiAccountId}`, { token: s.jwtToken });
    expect(stream.status).toBe(200);
    await t.deps.sync.enqueue([t.apiAccountId]);
    await post('/api/auth/logout', { refreshToken: s.refreshToken });
    // The job is never run (no worker here): only the ended session can close the stream.
    const text = await stream.text();
    expect(text).toContain('event: syncing_board');
  });
});
