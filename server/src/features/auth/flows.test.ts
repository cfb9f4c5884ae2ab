import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../access/rate-limit.ts';
import { user, verification } from '../../db/schema/index.ts';
import { DEMO_USER } from '../../seed.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { VERIFICATION_TTL_MS } from './email-verification.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ integrationPartners: ['partner-tripletex'] });
});

const post = (path: string, body: unknown) => t.request(path, { method: 'POST', body: JSON.stringify(body) });
const patch = (path: string, body: unknown) => t.request(path, { method: 'PATCH', body: JSON.stringify(body) });
const newUser = {
  firstName: 'Kari',
  lastName: 'Nordmann',
  email: 'kari@example.no',
  password: 'Sommer2026',
  companyName: 'Kari AS',
  termsAccepted: true,
};

/** The last message the outbox holds for an address, and the token of its link. */
async function lastMail(to: string) {
  const messages = (await t.deps.mailer.outbox!.list()).filter((m) => m.to === to);
  const message = messages[0];
  if (!message) throw new Error(`no mail to ${to}`);
  const link = new URL(message.links[0]!);
  return { message, link, token: link.searchParams.get('token')! };
}

async function expectError(res: Awaited<ReturnType<typeof post>>, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ code, message });
}

describe('signup and e-mail verification', () => {
  it('creates an unverified user, mails a single-use verification link, and lets them in once verified', async () => {
    const res = await post('/api/auth/signup', newUser);
    expect(res.status).toBe(201);
    const body = await res.json();
    // No tokens before the address is verified (issue 25, finding 5; security/pre-verification.test.ts).
    expect(body).toEqual({ firstName: 'Kari', email: 'kari@example.no' });

    // Not verified yet: no login, no data.
    await expectError(
      await post('/api/auth/login', { email: newUser.email, password: newUser.password }),
      403,
      'EMAIL_IS_NOT_VERIFIED',
      'Email is not verified, Please verify your email and try again',
    );

    const { message, link, token } = await lastMail(newUser.email);
    expect(message.subject).toBe('Bekreft e-postadressen din i Saldo');
    expect(link.origin + link.pathname).toBe('http://localhost:3000/verify-account');
    // The link alone only says that the signup's password is needed; with it, the address is verified.
    await expectError(
      await patch('/api/auth/account/verify', { token }),
      400,
      'VERIFICATION_PASSWORD_REQUIRED',
      'Enter the password you chose when you signed up to confirm the address',
    );
    expect((await patch('/api/auth/account/verify', { token, password: newUser.password })).status).toBe(200);
    // Single use: the same link a second time is refused with the spec's message.
    await expectError(
      await patch('/api/auth/account/verify', { token, password: newUser.password }),
      400,
      'INVALID_VERIFICATION_TOKEN',
      'Email verification token expired, Please submit your email again',
    );
    const login = await post('/api/auth/login', { email: newUser.email, password: newUser.password });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ isVerified: true, isFirstLoggedIn: true, companyName: 'Kari AS' });
  });

  it('refuses an expired verification token', async () => {
    await post('/api/auth/signup', newUser);
    const { token } = await lastMail(newUser.email);
    await t.deps.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(VERIFICATION_TTL_MS).toBe(24 * 3600 * 1000);
    await expectError(
      await patch('/api/auth/account/verify', { token }),
      400,
      'INVALID_VERIFICATION_TOKEN',
      'Email verification token expired, Please submit your email again',
    );
  });

  it('answers the spec messages for a taken e-mail, weak passwords, missing terms and an unknown partner', async () => {
    await expectError(
      await post('/api/auth/signup', { ...newUser, email: DEMO_USER.email }),
      409,
      'USER_ALREADY_EXISTS',
      'User already exists',
    );
    await expectError(
      await post('/api/auth/signup', { ...newUser, password: 'Ab1' }),
      400,
      'PASSWORD_TOO_SHORT',
      'password length must be at least 8 characters long',
    );
    const weak = await post('/api/auth/signup', { ...newUser, password: 'alllowercase1' });
    expect((await weak.json()).code).toBe('WEAK_PASSWORD');
    expect((await (await post('/api/auth/signup', { ...newUser, termsAccepted: false })).json()).code).toBe(
      'TERMS_NOT_ACCEPTED',
    );
    await expectError(
      await post('/api/auth/signup', { ...newUser, integrationPartnerId: 'nobody' }),
      404,
      'INTEGRATION_NOT_FOUND',
      'Could not locate resource for the integration',
    );
    const missing = await post('/api/auth/signup', { email: 'x@example.no' });
    expect(missing.status).toBe(400);
    const invalid = await missing.json();
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', message: 'All fields are required' });
    expect(invalid.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'password', 'termsAccepted']),
    );
    expect(await t.deps.db.query.user.findFirst({ where: eq(user.email, newUser.email) })).toBeUndefined();
  });

  it('keeps the integration partner of a partner signup', async () => {
    const res = await post('/api/auth/signup', { ...newUser, integrationPartnerId: 'partner-tripletex' });
    expect(res.status).toBe(201);
    const row = await t.deps.db.query.user.findFirst({ where: eq(user.email, newUser.email) });
    expect(row?.integrationPartnerId).toBe('partner-tripletex');
  });

  it('resends the verification e-mail, and says when there is nothing to resend', async () => {
    await post('/api/auth/signup', { ...newUser, language: 'en' });
    const first = await lastMail(newUser.email);
    const res = await post('/api/auth/account/send/verification-email', { email: newUser.email });
    expect(await res.json()).toEqual({ isSent: true });
    const second = await lastMail(newUser.email);
    expect(second.message.subject).toBe('Verify your e-mail address for Saldo');
    expect(second.token).not.toBe(first.token);
    await expectError(
      await post('/api/auth/account/send/verification-email', { email: DEMO_USER.email }),
      409,
      'EMAIL_ALREADY_VERIFIED',
      'User email account is already verified',
    );
    await expectError(
      await post('/api/auth/account/send/verification-email', { email: 'nobody@example.no' }),
      404,
      'EMAIL_NOT_FOUND',
      'Email Not found',
    );
  });
});

describe('password reset', () => {
  it('mails a reset link that sets a new password once and ends the old sessions', async () => {
    const before = await t.login();
    const res = await post('/api/auth/password/request-reset', { email: DEMO_USER.email });
    expect(await res.json()).toEqual({ isSent: true });
    const { link, token } = await lastMail(DEMO_USER.email);
    expect(link.pathname).toBe('/password/reset');

    await expectError(
      await patch('/api/auth/password/reset', { token, password: 'short' }),
      400,
      'PASSWORD_TOO_SHORT',
      'password length must be at least 8 characters long',
    );
    const reset = await patch('/api/auth/password/reset', { token, password: 'NyttPassord9' });
    expect(await reset.json()).toEqual({ isReset: true });
    await expectError(
      await patch('/api/auth/password/reset', { token, password: 'AnnetPassord9' }),
      400,
      'INVALID_RESET_TOKEN',
      'Password reset token expired, Please submit your email again',
    );
    await expectError(
      await post('/api/auth/login', { email: DEMO_USER.email, password: DEMO_USER.password }),
      401,
      'INCORRECT_CREDENTIALS',
      'Incorrect Credentials',
    );
    expect((await post('/api/auth/login', { email: DEMO_USER.email, password: 'NyttPassord9' })).status).toBe(200);
    const refresh = await post('/api/auth/refresh-token', { refreshToken: before.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('refuses an expired or made-up reset token and an unknown e-mail', async () => {
    await post('/api/auth/password/request-reset', { email: DEMO_USER.email });
    const { token } = await lastMail(DEMO_USER.email);
    await t.deps.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    for (const bad of [token, 'made-up-token']) {
      await expectError(
        await patch('/api/auth/password/reset', { token: bad, password: 'NyttPassord9' }),
        400,
        'INVALID_RESET_TOKEN',
        'Password reset token expired, Please submit your email again',
      );
    }
    await expectError(
      await post('/api/auth/password/request-reset', { email: 'nobody@example.no' }),
      404,
      'USER_NOT_FOUND',
      'User does not exists',
    );
  });
});

describe('rate limits', () => {
  it('limits reset requests per account', async () => {
    for (let i = 0; i < defaultLimits.resetPerAccount.max; i++) {
      expect((await post('/api/auth/password/request-reset', { email: DEMO_USER.email })).status).toBe(200);
    }
    expect((await post('/api/auth/password/request-reset', { email: DEMO_USER.email })).status).toBe(429);
    expect((await t.deps.mailer.outbox!.list()).length).toBe(defaultLimits.resetPerAccount.max);
  });
});
