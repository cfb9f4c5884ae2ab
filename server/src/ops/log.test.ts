import { createServer } from 'node:net';
import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env.ts';
import { createMailer } from '../mail/mailer.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { log, logSettings, logTo, withJobLog, withRequestLog } from './log.ts';

/** Every line the logger writes until `stop`, as text and parsed (each must be one JSON object). */
function capture() {
  const written: string[] = [];
  const stop = logTo({ write: (line) => written.push(line) }, 'trace');
  stops.push(stop);
  return {
    text: () => written.join(''),
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A port where nothing listens: a mail host that refuses the connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let t: TestApp;
beforeAll(async () => {
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
    outboxDir: '/nonexistent',
    from: 'Saldo <no-reply@saldo.no>',
  });
  t = await createTestApp({ feedbackEmail: 'support@saldo.test', mailer });
});

const feedback = (token: string, headers: Record<string, string> = {}) =>
  t.request('/api/feedback', {
    method: 'POST',
    token,
    headers,
    body: JSON.stringify({ kind: 'bug', message: 'Noe er galt' }),
  });

describe('the request id', () => {
  it("takes the caller's X-Request-Id, echoes it, and puts it on every line of that request", async () => {
    const token = (await t.login()).jwtToken;
    const logged = capture();
    const res = await feedback(token, { 'x-request-id': 'client-42.a_b' });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-request-id')).toBe('client-42.a_b');
    const lines = logged.lines();
    // The handler's own line (the mail host refused) and the access line.
    expect(lines.map((l) => l.msg)).toEqual(['Feedback could not be mailed', 'request']);
    for (const line of lines) {
      expect(line.reqId).toBe('client-42.a_b');
      // Signed in on a route that needs a user: the line names them.
      expect(line.userId).toBe(t.userId);
    }
    expect(lines[1]).toMatchObject({ method: 'POST', route: '/api/feedback', status: 502, level: 30 });
    expect(typeof lines[1]!.ms).toBe('number');
    expect(lines[0]!.level).toBe(50);
    expect((lines[0]!.err as { message: string }).message).toMatch(/ECONNREFUSED|connect/);
  });

  it('replaces an id that is too long or holds other characters, and makes one when none comes', async () => {
    const logged = capture();
    const unfit = ['a'.repeat(129), 'has space', 'semi;colon', 'a,b', 'x=y', ''];
    const answered: string[] = [];
    for (const asked of unfit) {
      const res = await t.request('/api/health', asked === '' ? {} : { headers: { 'x-request-id': asked } });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id, JSON.stringify(asked)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      answered.push(id);
    }
    expect(new Set(answered).size).toBe(unfit.length);
    // Each access line names its request's own id; 128 fit characters are taken as they are.
    expect(logged.lines().map((l) => l.reqId)).toEqual(answered);
    const longest = 'Z'.repeat(128);
    expect((await t.request('/api/health', { headers: { 'x-request-id': longest } })).headers.get('x-request-id')).toBe(
      longest,
    );
  });

  it('names the board a request reads, and is echoed on responses a handler built itself', async () => {
    const token = (await t.login()).jwtToken;
    const logged = capture();
    const board = await t.request(`/api/group-account/${t.boardId}`, {
      token,
      headers: { 'x-request-id': 'board-read' },
    });
    expect(board.status).toBe(200);
    expect(logged.lines().at(-1)).toMatchObject({ reqId: 'board-read', userId: t.userId, boardId: t.boardId });
    // better-auth answers the login with a Response of its own.
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'x-request-id': 'login-1' },
      body: JSON.stringify({ email: 'nobody@example.no', password: 'Wrong-password-1' }),
    });
    expect(login.headers.get('x-request-id')).toBe('login-1');
  });
});

describe('secrets', () => {
  const SECRETS = {
    bearer: 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWJlYXJlcg.sig-7c1f',
    cookie: 'session-cookie-9d2e4b',
    query: 'link-token-5a8c31',
    password: 'Pa55word-never-logged',
  };

  it('never writes an Authorization header, a cookie, a ?token= or a password, whatever is logged', async () => {
    const logged = capture();
    const init = {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRETS.bearer}`,
        cookie: `saldo.session=${SECRETS.cookie}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: 'demo@saldo.no', password: SECRETS.password }),
    };
    const url = `http://localhost/api/auth/login?token=${SECRETS.query}`;
    // The whole app's lines for such a request, at the most talkative level ...
    const res = await t.app.request(url, init);
    expect(res.status).toBeGreaterThanOrEqual(200);
    // ... and the request itself logged, as someone debugging might: as a Request, and as plain fields.
    const request = new Request(url, init);
    log.info({ req: request }, 'a request');
    log.warn(
      {
        req: {
          headers: Object.fromEntries(request.headers),
          query: { token: SECRETS.query },
          body: { password: SECRETS.password },
        },
        headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: SECRETS.cookie },
        body: { password: SECRETS.password },
        password: SECRETS.password,
        token: SECRETS.query,
      },
      'request fields',
    );
    const text = logged.text();
    for (const [what, secret] of Object.entries(SECRETS)) expect(text, what).not.toContain(secret);
    // What was logged is there, with the secrets' places marked.
    const lines = logged.lines();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const [asRequest, asFields] = lines.slice(-2);
    expect(asRequest).toMatchObject({
      msg: 'a request',
      req: { method: 'POST', path: '/api/auth/login', query: { token: '[redacted]' } },
    });
    expect((asRequest!.req as { headers: Record<string, string> }).headers).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'content-type': 'application/json',
    });
    expect(asFields).toMatchObject({ password: '[redacted]', token: '[redacted]', body: '[redacted]' });
  });
});

describe('lines', () => {
  it('are JSON objects, one a line, with level, time and message', () => {
    const logged = capture();
    log.info({ n: 1 }, 'first');
    log.error({ err: new Error('broke') }, 'second');
    const raw = logged.text();
    expect(raw.endsWith('\n')).toBe(true);
    const lines = raw
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'first', n: 1 });
    expect(Math.abs(lines[0].time - Date.now())).toBeLessThan(60_000);
    expect(lines[1]).toMatchObject({ level: 50, msg: 'second', err: { type: 'Error', message: 'broke' } });
    // Outside a request or a job a line has no request or job fields.
    expect(lines[0]).not.toHaveProperty('reqId');
    expect(lines[0]).not.toHaveProperty('jobId');
  });

  it("carry a job's ids through its awaits, and a request's through code that knows nothing of it", async () => {
    const logged = capture();
    await withJobLog('sync', 'job-7', async () => {
      await new Promise((done) => setTimeout(done, 1));
      log.info('deep in a job');
    });
    const app: Hono<AppEnv> = new Hono<AppEnv>()
      .use(withRequestLog)
      .get('/x/:id', async (c) => {
        await Promise.resolve();
        log.debug('deep in a request');
        return c.text('ok');
      })
      // A request the app makes to itself (as exports read their widgets through the API) is part of the first.
      .get(
        '/outer',
        async (c): Promise<Response> => c.text(await (await app.fetch(new Request('http://localhost/x/2'))).text()),
      );
    await app.request('/x/1', { headers: { 'x-request-id': 'r-1' } });
    await app.request('/outer', { headers: { 'x-request-id': 'r-2' } });
    await withJobLog('delivery', 'job-8', () => app.request('/x/3'));
    const lines = logged.lines();
    expect(lines[0]).toMatchObject({ msg: 'deep in a job', job: 'sync', jobId: 'job-7' });
    expect(lines[1]).toMatchObject({ msg: 'deep in a request', reqId: 'r-1' });
    expect(lines[2]).toMatchObject({ msg: 'request', reqId: 'r-1', route: '/x/:id', status: 200 });
    expect(lines.slice(3, 6).map((l) => [l.msg, l.reqId, l.route])).toEqual([
      ['deep in a request', 'r-2', undefined],
      ['request', 'r-2', '/x/:id'],
      ['request', 'r-2', '/outer'],
    ]);
    // A request a job makes: its lines name the job as well as the request.
    expect(lines[6]).toMatchObject({ msg: 'deep in a request', job: 'delivery', jobId: 'job-8' });
    expect(typeof lines[6]!.reqId).toBe('string');
  });

  it('are silent under the tests, JSON in production, readable on a terminal, as the variables say', () => {
    expect(logSettings({ VITEST: 'true' }, true)).toEqual({ level: 'silent', format: 'pretty' });
    expect(logSettings({ NODE_ENV: 'production' }, true)).toEqual({ level: 'info', format: 'json' });
    expect(logSettings({}, false)).toEqual({ level: 'info', format: 'json' });
    expect(logSettings({ SALDO_LOG_LEVEL: 'DEBUG', SALDO_LOG_FORMAT: 'json' }, true)).toEqual({
      level: 'debug',
      format: 'json',
    });
    expect(logSettings({ SALDO_LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false).format).toBe('pretty');
    expect(() => logSettings({ SALDO_LOG_LEVEL: 'loud' })).toThrow(/SALDO_LOG_LEVEL/);
    expect(() => logSettings({ SALDO_LOG_FORMAT: 'xml' })).toThrow(/SALDO_LOG_FORMAT/);
  });
});
