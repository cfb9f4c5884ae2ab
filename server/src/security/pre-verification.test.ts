import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../access/rate-limit.ts';
import { createApp } from '../app.ts';
import { refreshToken, session, user } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { checkResponses } from '../test/response-check.ts';

/**
 * Issue 25, finding 5: an attacker signs up with someone else's address (here the configured SuperAdmin
 * address) and keeps what signup gave them; the owner later verifies the address from their mailbox.
 * Nothing the attacker holds may work afterwards: no session, no password, no SuperAdmin role.
 */
const BOSS = 'boss@example.no';
const ATTACKER_PASSWORD = 'Attacker123';
const OWNER_PASSWORD = 'Eierens-Passord1';

const send = (t: TestApp, method: string, path: string, body: unknown) =>
  t.request(path, { method, body: JSON.stringify(body) });
const signup = (t: TestApp, email: string, password: string) =>
  send(t, 'POST', '/api/auth/signup', { email, password, firstName: 'Ny', lastName: 'Bruker', termsAccepted: true });
const login = (t: TestApp, email: string, password: string) => send(t, 'POST', '/api/auth/login', { email, password });
const verify = (t: TestApp, body: { token: string; password?: string }) =>
  send(t, 'PATCH', '/api/auth/account/verify', body);

/** The token of the newest link to `to` whose path is `path`. */
async function mailedToken(t: TestApp, to: string, path: string): Promise<string> {
  for (const message of await t.deps.mailer.outbox!.list()) {
    if (message.to !== to) continue;
    const link = message.links.map((l) => new URL(l)).find((l) => l.pathname === path);
    if (link) return link.searchParams.get('token')!;
  }
  throw new Error(`no ${path} mail to ${to}`);
}

const userRow = async (t: TestApp, email: string) =>
  (await t.deps.db.query.user.findFirst({ where: eq(user.email, email) }))!;

describe('no session before the address is verified (issue 25, finding 5)', () => {
  it('signup hands out no token and opens no session; the owner cannot verify with the mail link alone', async () => {
    const t = await createTestApp({ superAdminEmails: [BOSS] });
    const res = await signup(t, BOSS, ATTACKER_PASSWORD);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ firstName: 'Ny', email: BOSS });
    const { id } = await userRow(t, BOSS);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    expect(await t.deps.db.select().from(refreshToken).where(eq(refreshToken.userId, id))).toEqual([]);

    // The owner opens the link. The link alone does not verify (it only says the password is needed) ...
    const token = await mailedToken(t, BOSS, '/verify-account');
    const bare = await verify(t, { token });
    expect(bare.status).toBe(400);
    expect((await bare.json()).code).toBe('VERIFICATION_PASSWORD_REQUIRED');
    // ... and the owner does not know the password the attacker chose.
    const guessed = await verify(t, { token, password: 'Kanskje123' });
    expect(guessed.status).toBe(401);
    expect((await guessed.json()).code).toBe('INCORRECT_CREDENTIALS');
    expect((await userRow(t, BOSS)).emailVerified).toBe(false);
    expect((await userRow(t, BOSS)).role).toBe('User');

    // The owner resets the password from their mailbox: that verifies the address, with their password.
    expect((await send(t, 'POST', '/api/auth/password/request-reset', { email: BOSS })).status).toBe(200);
    const reset = await mailedToken(t, BOSS, '/password/reset');
    expect(
      (await send(t, 'PATCH', '/api/auth/password/reset', { token: reset, password: OWNER_PASSWORD })).status,
    ).toBe(200);
    expect((await userRow(t, BOSS)).emailVerified).toBe(true);

    // The attacker's password is gone; the owner logs in, and only that login makes them SuperAdmin.
    expect((await login(t, BOSS, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await userRow(t, BOSS)).role).toBe('User');
    const owner = await login(t, BOSS, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect((await owner.json()).role).toEqual({ name: 'SuperAdmin' });
    expect((await userRow(t, BOSS)).role).toBe('SuperAdmin');
  });

  it('ends every session made before verification, so a token kept from then is worthless after it', async () => {
    const t = await createTestApp({ superAdminEmails: [BOSS] });
    expect((await signup(t, BOSS, ATTACKER_PASSWORD)).status).toBe(201);
    const { id } = await userRow(t, BOSS);
    // A session from before verification (as signup used to open one, and as any future path might).
    const kept = await t.deps.tokens.issueNewSession(id, 'User');
    // Refused while unverified ...
    expect((await t.request('/api/profile/me', { token: kept.jwtToken })).status).toBe(403);

    // ... and the signer, who knows the password, verifies from the mailbox (the real-user case).
    const token = await mailedToken(t, BOSS, '/verify-account');
    expect((await verify(t, { token, password: ATTACKER_PASSWORD })).status).toBe(200);
    expect((await userRow(t, BOSS)).emailVerified).toBe(true);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    expect((await t.request('/api/profile/me', { token: kept.jwtToken })).status).toBe(401);
    const refreshed = await send(t, 'POST', '/api/auth/refresh-token', { refreshToken: kept.refreshToken });
    expect(refreshed.status).toBe(401);
    // Verifying did not promote: the role comes with the first login after it.
    expect((await userRow(t, BOSS)).role).toBe('User');
    const first = await login(t, BOSS, ATTACKER_PASSWORD);
    expect((await first.json()).role).toEqual({ name: 'SuperAdmin' });
    // The link is used up.
    expect((await verify(t, { token, password: ATTACKER_PASSWORD })).status).toBe(400);
  });

  it('counts wrong passwords on the verify page as failed logins', async () => {
    const limits = { ...defaultLimits, loginFailuresPerAccountClient: { max: 3, windowMs: 15 * 60_000 } };
    const t = await createTestApp({ limits });
    expect((await signup(t, 'ny@example.no', OWNER_PASSWORD)).status).toBe(201);
    const token = await mailedToken(t, 'ny@example.no', '/verify-account');
    const app = checkResponses(createApp(t.deps));
    const from = (address: string, password: string) =>
      app.request(
        '/api/auth/account/verify',
        { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password }) },
        { incoming: { socket: { remoteAddress: address } } },
      );
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', 'Feil12345')).status).toBe(401);
    const locked = await from('203.0.113.7', OWNER_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The token was not used up by the failures: the owner, elsewhere, verifies with it.
    expect((await from('198.51.100.10', OWNER_PASSWORD)).status).toBe(200);
  });
});
