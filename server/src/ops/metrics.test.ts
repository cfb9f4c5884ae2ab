import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../seed.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const OUTSIDE = { incoming: { socket: { remoteAddress: '203.0.113.5', remotePort: 50_000, remoteFamily: 'IPv4' } } };

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.request('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one series (0 when absent), e.g. `saldo_mail_total{result="sent"}`. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const post = (t: TestApp, path: string, body: unknown) =>
  t.request(path, { method: 'POST', body: JSON.stringify(body) });

describe('GET /metrics', () => {
  it('counts a sync, a failed login and a sent mail', async () => {
    const t = await createTestApp();
    const before = await scrape(t);

    const { jwtToken } = await t.login();
    expect((await post(t, '/api/auth/login', { email: DEMO_USER.email, password: 'wrong-password' })).status).toBe(401);
    expect((await post(t, '/api/auth/password/request-reset', { email: DEMO_USER.email })).status).toBe(200);
    const sync = await t.request('/api/sync-board', {
      method: 'POST',
      token: jwtToken,
      body: JSON.stringify({ groupId: t.boardId }),
    });
    expect(sync.status).toBe(202);
    await t.deps.sync.drain();

    const after = await scrape(t);
    const grew = (series: string) => value(after, series) - value(before, series);
    const login401 = 'http_requests_total{method="POST",route="/api/auth/login",status="401",ok="false"}';
    expect(grew(login401)).toBe(1);
    expect(grew('saldo_mail_total{result="sent"}')).toBe(1);
    expect(grew('saldo_sync_jobs_total{state="done"}')).toBe(1);
    expect(grew('saldo_sync_duration_seconds_count{state="done"}')).toBe(1);
    // The demo company's postings, as the sync imported them.
    expect(grew('saldo_import_lines_total')).toBeGreaterThan(10_000);
    // What the database holds now: the sync job, done.
    expect(value(after, 'saldo_sync_jobs{state="done"}')).toBe(1);
    expect(value(after, 'saldo_sync_jobs{state="queued"}')).toBe(0);
    // A request's route is its declared path, never the URL it was called with.
    expect(after).toContain('route="/api/sync-board"');
    expect(after).not.toContain(t.boardId);
    // The process's own: the event loop's lag.
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('answers a caller from elsewhere only with SALDO_METRICS_TOKEN', async () => {
    const t = await createTestApp({ metricsToken: 'scrape-me-0123456789' });
    expect((await t.app.request('/metrics', {}, OUTSIDE)).status).toBe(404);
    const wrong = { headers: { authorization: 'Bearer not-the-token' } };
    expect((await t.app.request('/metrics', wrong, OUTSIDE)).status).toBe(404);
    const right = { headers: { authorization: 'Bearer scrape-me-0123456789' } };
    const res = await t.app.request('/metrics', right, OUTSIDE);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_request_duration_seconds_bucket');
    // Without a token set, nobody from elsewhere reads it.
    const open = await createTestApp();
    expect((await open.app.request('/metrics', right, OUTSIDE)).status).toBe(404);
  });
});
