import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { loadPlans } from '../features/billing/plans.ts';
import { createMailer } from '../mail/mailer.ts';
import { logTo } from '../ops/log.ts';
import { createTestApp } from '../test/create-test-app.ts';
import { checkResponses } from '../test/response-check.ts';

/** A request as if it came over the network from `address` (what @hono/node-server hands the app). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe('the local mail outbox (issue 11, item 1)', () => {
  it('does not exist on an install that did not turn it on, as `npm start` leaves it', async () => {
    const t = await createTestApp({ devOutbox: false });
    // Mail that would let anyone take over the account is in the outbox folder ...
    await t.request('/api/auth/password/request-reset', {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@saldo.no' }),
    });
    expect(await t.deps.mailer.outbox!.list()).toHaveLength(1);
    // ... and nobody reads it over HTTP, from anywhere.
    const anonymous = await t.request('/api/dev/outbox');
    expect(anonymous.status).toBe(404);
    expect(await anonymous.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const token = (await t.login()).jwtToken;
    expect((await t.request('/api/dev/outbox', { token })).status).toBe(404);
    expect(JSON.stringify(await (await t.request('/api/openapi.json')).json())).not.toContain('/dev/outbox');
  });

  it('is off with `npm start`’s defaults, whose log tells the links instead', async () => {
    // The environment `npm start` has when nobody set anything, but for the data folder, so the test
    // leaves a real install's database alone; the deps are main.ts's own (createDeps).
    const dataDir = mkdtempSync(join(tmpdir(), 'saldo-npm-start-'));
    const logged: string[] = [];
    const stopLogging = logTo({ write: (line) => logged.push(line) }, 'info');
    try {
      const config = loadConfig({ SALDO_DATA_DIR: dataDir });
      expect(config.devOutbox).toBe(false);
      expect(config.smtpUrl).toBeUndefined();
      const app = checkResponses(createApp(await createDeps(config, loadPlans(config.billingPlansFile))));
      // Not even a caller on this machine finds it.
      const outbox = await app.request('/api/dev/outbox', {}, from('127.0.0.1'));
      expect(outbox.status).toBe(404);
      const signup = await app.request(
        '/api/auth/signup',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'ny@example.no',
            password: 'Sommer2026',
            firstName: 'Ny',
            lastName: 'Bruker',
            termsAccepted: true,
          }),
        },
        from('127.0.0.1'),
      );
      expect(signup.status).toBe(201);
      const lines = logged
        .map((line) => JSON.parse(line) as { msg: string; to?: string; subject: string; links: string[] })
        .filter((line) => line.to === 'ny@example.no');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toBe('Mail (no SMTP configured)');
      expect(lines[0]!.subject).not.toBe('');
      expect(lines[0]!.links).toHaveLength(1);
      expect(lines[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-account\?token=\S+$/);
    } finally {
      stopLogging();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers only callers on this machine when development turns it on', async () => {
    const t = await createTestApp({ devOutbox: true });
    await t.request('/api/auth/password/request-reset', {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@saldo.no' }),
    });
    const app = checkResponses(createApp(t.deps));
    for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.20', '2001:db8::1']) {
      const res = await app.request('/api/dev/outbox', {}, from(address));
      expect(res.status, address).toBe(404);
      expect(await res.text(), address).not.toContain('reset');
    }
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.request('/api/dev/outbox', {}, from(address));
      expect(res.status, address).toBe(200);
      const [mail] = (await res.json()) as { links: string[] }[];
      expect(mail!.links[0]).toContain('/password/reset?token=');
    }
  });

  it('tells the person running the server the links instead, through the mailer', async () => {
    const logged: string[] = [];
    const mailer = createMailer({
      outboxDir: join(mkdtempSync(join(tmpdir(), 'saldo-outbox-')), 'outbox'),
      from: 'test@saldo.no',
      onOutbox: (m) => logged.push(`${m.to} ${m.links.join(' ')}`),
    });
    const t = await createTestApp({ mailer, devOutbox: false });
    await t.request('/api/auth/password/request-reset', {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@saldo.no' }),
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^demo@saldo\.no http:\/\/localhost:3000\/password\/reset\?token=\S+$/);
  });

  it('gives a configured SuperAdmin address its role only at a login after the address is verified', async () => {
    const t = await createTestApp({ superAdminEmails: ['boss@example.no'] });
    const signup = await t.request('/api/auth/signup', {
      method: 'POST',
      body: JSON.stringify({
        email: 'boss@example.no',
        password: 'Sjefen123',
        firstName: 'Not',
        lastName: 'Boss',
        termsAccepted: true,
      }),
    });
    expect(signup.status).toBe(201);
    const role = async () =>
      (await t.deps.db.query.user.findFirst({ where: (u, { eq }) => eq(u.email, 'boss@example.no') }))?.role;
    expect(await role()).toBe('User');
    const [mail] = await t.deps.mailer.outbox!.list();
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    const verify = await t.request('/api/auth/account/verify', {
      method: 'PATCH',
      body: JSON.stringify({ token, password: 'Sjefen123' }),
    });
    expect(verify.status).toBe(200);
    // Promoted in a session made after verification, never before (issue 25, finding 5; pre-verification.test.ts).
    expect(await role()).toBe('User');
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'boss@example.no', password: 'Sjefen123' }),
    });
    expect((await login.json()).role).toEqual({ name: 'SuperAdmin' });
    expect(await role()).toBe('SuperAdmin');
  });
});
