import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../access/rate-limit.ts';
import { createApp } from '../app.ts';
import { DEMO_USER } from '../seed.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { checkResponses } from '../test/response-check.ts';

/**
 * Issue 25, finding 8: PATCH /api/profile/password took any number of wrong current passwords, so a
 * stolen 15-minute access token was a way to guess the password. Failures count now, as failed logins
 * do (lockout.test.ts), per account and per client address; at a smaller scale here.
 */
const limits = {
  ...defaultLimits,
  passwordChangeFailuresPerAccount: { max: 3, windowMs: 15 * 60_000 },
  passwordChangeFailuresPerIp: { max: 5, windowMs: 15 * 60_000 },
};

function changeFrom(
  t: TestApp,
  address: string,
  token: string,
  currentPassword: string,
  newPassword = 'Nytt-Pass2026',
) {
  return checkResponses(createApp(t.deps)).request(
    '/api/profile/password',
    {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword, newPassword }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
}

/** A second verified account, with its own access token. */
async function otherUser(t: TestApp) {
  const email = 'andre@example.no';
  const password = 'Andre-Pass2026';
  const send = (method: string, path: string, body: unknown) => t.request(path, { method, body: JSON.stringify(body) });
  await send('POST', '/api/auth/signup', { email, password, firstName: 'A', lastName: 'B', termsAccepted: true });
  const mail = (await t.deps.mailer.outbox!.list()).find((m) => m.to === email)!;
  const token = new URL(mail.links[0]!).searchParams.get('token');
  expect((await send('PATCH', '/api/auth/account/verify', { token, password })).status).toBe(200);
  return (await (await send('POST', '/api/auth/login', { email, password })).json()).jwtToken as string;
}

describe('changing the password is limited like login (issue 25, finding 8)', () => {
  it('refuses with 429 and Retry-After after the account’s failures, from any address, even the right password', async () => {
    const t = await createTestApp({ limits });
    const { jwtToken } = await t.login();
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await changeFrom(t, address, jwtToken, 'Gjett1234')).status).toBe(400);
    const locked = await changeFrom(t, '203.0.113.4', jwtToken, DEMO_USER.password);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts, please wait a few minutes and try again',
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Logging in is a different budget: the owner is not locked out of their account.
    expect((await t.login()).jwtToken).toBeTruthy();
  });

  it('does not count a right current password', async () => {
    const t = await createTestApp({ limits });
    let { jwtToken } = await t.login();
    let password: string = DEMO_USER.password;
    const home = '198.51.100.10';
    for (let i = 0; i < 2; i++) expect((await changeFrom(t, home, jwtToken, 'Gjett1234')).status).toBe(400);
    for (const next of ['Nytt-Pass2026', 'Andre-Pass2027', 'Tredje-Pass2028']) {
      const changed = await changeFrom(t, home, jwtToken, password, next);
      expect(changed.status).toBe(200);
      jwtToken = ((await changed.json()) as { jwtToken: string }).jwtToken;
      password = next;
    }
    expect((await changeFrom(t, home, jwtToken, 'Gjett1234')).status).toBe(400);
    expect((await changeFrom(t, home, jwtToken, 'Gjett1234')).status).toBe(429);
  });

  it('limits failures per client address across accounts', async () => {
    const t = await createTestApp({ limits });
    const demo = (await t.login()).jwtToken;
    const other = await otherUser(t);
    const guesser = '203.0.113.99';
    for (let i = 0; i < 3; i++) expect((await changeFrom(t, guesser, demo, 'Gjett1234')).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await changeFrom(t, guesser, other, 'Gjett1234')).status).toBe(400);
    expect((await changeFrom(t, guesser, other, 'Gjett1234')).status).toBe(429);
  });

  it('counts parallel guesses before answering any of them', async () => {
    const t = await createTestApp({ limits });
    const { jwtToken } = await t.login();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => changeFrom(t, '203.0.113.5', jwtToken, 'Gjett1234')),
    );
    expect(answers.filter((r) => r.status === 400)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
  });
});
