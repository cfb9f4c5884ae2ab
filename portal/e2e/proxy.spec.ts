import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { generateSaft } from '../../server/bench/generate-saft.ts';
import {
  type Answer,
  freePort,
  repoRoot,
  selfSignedCertificate,
  siteConfig,
  startNginx,
  viaProxy,
  waitFor,
} from './proxy';

// Issue 31: the built server behind Debian's nginx with the repository's configuration, as deployed.
const children: ChildProcess[] = [];
test.afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

const json = (a: Answer) =>
  JSON.parse((a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8'));

test('the built server behind nginx: TLS, HTTP/2, login, metrics, a report, a SAF-T upload and its progress stream', async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'saldo-proxy-'));
  const [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  const tls = selfSignedCertificate(dir);

  const { DATABASE_URL: _ignored, ...outer } = process.env;
  const server = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'server/dist/main.js')], {
    env: {
      ...outer,
      PORT: String(appPort),
      SALDO_PROCESSES: '2',
      SALDO_SYNC_PROCESSES: '1',
      SALDO_DATA_DIR: join(dir, 'data'),
      SALDO_BASE_URL: `https://127.0.0.1:${httpsPort}`,
      SALDO_TRUSTED_PROXIES: '127.0.0.1',
      STRIPE_STANDIN: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  await waitFor(`http://127.0.0.1:${appPort}/api/health`, 'the Saldo server', 90_000);
  children.push(await startNginx(dir, siteConfig({ appPort, httpPort, httpsPort, ...tls }), httpsPort));
  const send = (path: string, init: Parameters<typeof viaProxy>[3] = {}) => viaProxy(httpsPort, tls.pem, path, init);

  // --- plain HTTP is sent to HTTPS; HTTP/2 is offered ---
  const plain = await fetch(`http://127.0.0.1:${httpPort}/dashboard`, { redirect: 'manual' });
  expect(plain.status).toBe(301);
  expect(plain.headers.get('location')).toBe(`https://127.0.0.1/dashboard`);
  const h2 = connect(`https://127.0.0.1:${httpsPort}`, { ca: tls.pem });
  const h2Status = await new Promise<number>((done, fail) => {
    const req = h2.request({ ':path': '/api/health' });
    req.on('response', (headers) => done(Number(headers[':status'])));
    req.on('error', fail);
    req.end();
  });
  h2.close();
  expect(h2Status).toBe(200);

  // --- the login, with the client's own address counted by the login limits ---
  const credentials = (password: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@saldo.no', password }),
  });
  const failures: number[] = [];
  for (let i = 0; i < 11; i++) failures.push((await send('/api/auth/login', credentials('wrong-password'))).status);
  expect(failures).toEqual([...Array(10).fill(401), 429]);
  // Another client behind the same proxy is not held back by the first one's failures.
  const login = await send('/api/auth/login', { ...credentials('Demo1234'), from: '127.0.0.3' });
  expect(login.status).toBe(200);
  const token = json(login).jwtToken as string;

  // --- the metrics: not served through the proxy; on the host, every HTTP process's requests summed ---
  expect((await send('/metrics')).status).toBe(404);
  const scraped = await (await fetch(`http://127.0.0.1:${appPort}/metrics`)).text();
  const series = (s: string) =>
    Number(
      scraped
        .split('\n')
        .find((l) => l.startsWith(`${s} `))
        ?.split(' ')[1] ?? 0,
    );
  expect(series('http_requests_total{method="POST",route="/api/auth/login",status="401",ok="false"}')).toBe(10);
  expect(series('http_requests_total{method="POST",route="/api/auth/login",status="429",ok="false"}')).toBe(1);
  const auth = { authorization: `Bearer ${token}` };

  // --- a report, compressed on the way ---
  const boards = json(await send('/api/group-account', { headers: auth })) as Array<{ _id: string }>;
  expect(boards.length).toBeGreaterThan(0);
  const report = await send(`/api/profit-loss?groupId=${boards[0]!._id}&startDate=2025-01-01&endDate=2025-12-31`, {
    headers: auth,
  });
  expect(report.status).toBe(200);
  expect(report.headers['content-encoding']).toBe('gzip');
  // nginx's request id ($request_id: 32 hex digits) is the one the product logs and answers with.
  expect(report.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  expect(json(report).total.operatingIncome).toEqual(expect.any(Number));

  // --- the product's own limit answers, not the proxy's ---
  const tooLarge = await send('/api/profile/me', {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'x'.repeat(300 * 1024) }),
  });
  expect(tooLarge.status).toBe(413);
  expect(json(tooLarge).code).toBe('PAYLOAD_TOO_LARGE');

  // --- a SAF-T upload streamed through, and its sync's progress as it happens ---
  const file = join(dir, 'through-proxy.xml');
  await generateSaft(file, 120_000);
  const form = new FormData();
  form.set('name', 'Gjennom proxy');
  form.set('file', new Blob([readFileSync(file)], { type: 'application/xml' }), 'through-proxy.xml');
  const encoded = new Request('http://form.local', { method: 'POST', body: form });
  const upload = await send('/api/api-account/saft', {
    method: 'POST',
    headers: { ...auth, 'content-type': encoded.headers.get('content-type')! },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(upload.status).toBe(201);
  const source = json(upload)._id as string;
  const progress = await send(`/api/sync-board/progress?apiIds[]=${source}`, { headers: auth });
  expect(progress.status).toBe(200);
  expect(progress.headers['content-type']).toContain('text/event-stream');
  const events = progress.chunks
    .join('')
    .split('\n\n')
    .filter((b) => b.includes('event: syncing_board'));
  expect(events.at(-1)).toContain('"isSyncDone":true');
  // Unbuffered: events came as they were written, the first well before the stream ended.
  const firstEvent = progress.chunks.findIndex((c) => c.includes('event: syncing_board'));
  expect(progress.chunkTimes.length).toBeGreaterThan(2);
  expect(progress.chunkTimes.at(-1)! - progress.chunkTimes[firstEvent]!).toBeGreaterThan(300);
});
