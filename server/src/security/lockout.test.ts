import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../access/rate-limit.ts';
import { createApp } from '../app.ts';
import { DEMO_USER } from '../seed.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { checkResponses } from '../test/response-check.ts';

/** The rules at a smaller scale than defaultLimits, so the test does few (slow, scrypt) logins. */
const limits = {
  ...defaultLimits,
  loginFailuresPerAccountClient: { max: 3, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { max: 6, windowMs: 15 * 60_000 },
};
const lockoutApp = () => createTestApp({ limits });

/** A login as if sent over the network from `address`. */
function loginFrom(t: TestApp, address: string, password: string, email: string = DEMO_USER.email) {
  return checkResponses(createApp(t.deps)).request(
    '/api/auth/login',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) },
    { incoming: { socket: { remoteAddress: address } } },
  );
}

describe('login limits count failures, never successes (issue 11, item 8)', () => {
  it('lets an office behind one address log in as often as it likes', async () => {
    const t = await lockoutApp();
    const logins = limits.loginFailuresPerIp.max * 2;
    for (let i = 0; i < logins; i++) expect((await loginFrom(t, '198.51.100.10', DEMO_USER.password)).status).toBe(200);
  });

  it('does not let wrong passwords from elsewhere lock the owner out', async () => {
    const t = await lockoutApp();
    const attacker = '203.0.113.66';
    for (let i = 0; i < limits.loginFailuresPerAccountClient.max; i++)
      expect((await loginFrom(t, attacker, 'Wrong12345')).status).toBe(401);
    // The attacker's address is locked for this account ...
    const locked = await loginFrom(t, attacker, DEMO_USER.password);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts, please wait a few minutes and try again',
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // ... and the owner, at home, is not.
    expect((await loginFrom(t, '198.51.100.10', DEMO_USER.password)).status).toBe(200);
  });

  it('locks a pair after its failures, and a right password in between does not add to them', async () => {
    const t = await lockoutApp();
    const home = '198.51.100.10';
    const max = limits.loginFailuresPerAccountClient.max;
    for (let i = 0; i < max - 1; i++) expect((await loginFrom(t, home, 'Wrong12345')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await loginFrom(t, home, DEMO_USER.password)).status).toBe(200);
    expect((await loginFrom(t, home, 'Wrong12345')).status).toBe(401);
    expect((await loginFrom(t, home, DEMO_USER.password)).status).toBe(429);
  });

  it('limits failures per address across accounts, so one address cannot try many', async () => {
    const t = await lockoutApp();
    const guesser = '203.0.113.99';
    const max = limits.loginFailuresPerIp.max;
    for (let i = 0; i < max; i++) expect((await loginFrom(t, guesser, 'Whatever1', `user${i}@x.no`)).status).toBe(401);
    expect((await loginFrom(t, guesser, 'Whatever1', 'one-more@x.no')).status).toBe(429);
    expect((await loginFrom(t, '198.51.100.10', DEMO_USER.password)).status).toBe(200);
  });

  it('counts parallel guesses before answering any of them', async () => {
    const t = await lockoutApp();
    const max = limits.loginFailuresPerAccountClient.max;
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, () => loginFrom(t, '203.0.113.5', 'Wrong12345')),
    );
    expect(answers.filter((r) => r.status === 401)).toHaveLength(max);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
