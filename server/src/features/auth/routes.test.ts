import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { DEMO_USER } from '../../seed.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { REFRESH_REUSE_GRACE_MS } from './tokens.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});

const login = (email: string, password: string) =>
  t.request('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });

describe('POST /api/auth/login', () => {
  it('answers the spec login response for the demo user', async () => {
    const res = await login(DEMO_USER.email, DEMO_USER.password);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      firstName: 'Demo',
      lastName: 'Bruker',
      email: DEMO_USER.email,
      isVerified: true,
      role: { name: 'User' },
      id: t.userId,
    });
    expect(typeof body.jwtToken).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
    expect(body.menu.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Dashboard', 'Cashflow', 'ProfitLoss', 'ApiAccount', 'BalanceSheet', 'Profile']),
    );
    expect(typeof body.isFirstLoggedIn).toBe('boolean');
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login('Demo@Saldo.NO', DEMO_USER.password)).status).toBe(200);
  });

  it('answers INCORRECT_CREDENTIALS for a wrong password and for an unknown user alike', async () => {
    for (const res of [await login(DEMO_USER.email, 'Wrong1234'), await login('nobody@saldo.no', 'Wrong1234')]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 'INCORRECT_CREDENTIALS', message: 'Incorrect Credentials' });
    }
  });

  it('answers EMAIL_IS_NOT_VERIFIED for a right password on an unverified account', async () => {
    await t.deps.auth.api.signUpEmail({
      body: { email: 'new@saldo.no', password: 'Secret123', name: 'Ny Bruker', firstName: 'Ny', lastName: 'Bruker' },
    });
    const res = await login('new@saldo.no', 'Secret123');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'EMAIL_IS_NOT_VERIFIED',
      message: 'Email is not verified, Please verify your email and try again',
    });
    await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'new@saldo.no'));
    expect((await login('new@saldo.no', 'Secret123')).status).toBe(200);
  });

  it('rejects a malformed body with VALIDATION_FAILED', async () => {
    const res = await login('not-an-email', '');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('tokens', () => {
  it('accepts the access token as Bearer and as the access-token header, and nothing else', async () => {
    const { jwtToken } = await t.login();
    expect((await t.request('/api/profile/me', { token: jwtToken })).status).toBe(200);
    expect((await t.request('/api/profile/me', { headers: { 'access-token': jwtToken } })).status).toBe(200);
    const none = await t.request('/api/profile/me');
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('UNAUTHORIZED');
    const forged = await t.request('/api/profile/me', { token: `${jwtToken.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
  });

  it('expires access tokens after their lifetime', async () => {
    const { jwtToken } = await t.login();
    clock += (15 * 60 + 1) * 1000;
    try {
      const res = await t.request('/api/group-account', { token: jwtToken });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    } finally {
      clock = Date.now();
    }
  });

  it('rotates refresh tokens: each works once', async () => {
    const first = await t.login();
    const res = await t.request('/api/auth/refresh-token', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: first.refreshToken }),
    });
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await t.request('/api/profile/me', { token: second.jwtToken })).status).toBe(200);
    // Past the grace for a lost answer (REFRESH_REUSE_GRACE_MS), a replay is refused.
    clock += REFRESH_REUSE_GRACE_MS + 1;
    const replay = await t.request('/api/auth/refresh-token', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: first.refreshToken }),
    });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('logs out: the refresh token stops working', async () => {
    const { refreshToken } = await t.login();
    const res = await t.request('/api/auth/logout', { method: 'POST', body: JSON.stringify({ refreshToken }) });
    expect(await res.json()).toEqual({ isLoggedOut: true });
    const after = await t.request('/api/auth/refresh-token', {
      method: 'POST',
      body: JSON.stringify({ refreshToken }),
    });
    expect(after.status).toBe(401);
  });
});
