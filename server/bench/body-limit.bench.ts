/**
 * Oversized request bodies over a real socket: eight concurrent 50 MB JSON bodies to
 * /api/auth/refresh-token (no login needed), once with a Content-Length and once chunked. Prints the
 * time to the 413, how much each client had sent by then, and the process's memory before and at its
 * peak, so "413 within a few ms, memory flat" is a measured figure, not an assertion.
 * Usage: npx tsx bench/body-limit.bench.ts   (part of npm run bench -w @saldo/server)
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestApp } from '../src/test/create-test-app.ts';

const CLIENTS = 8;
const BODY = 50 * 1024 * 1024;

const t = await createTestApp();
/** The server's own time from a request's arrival to its answer, without the clients' time. */
const serverMs: number[] = [];
const server = serve({
  fetch: async (req: Request, env: unknown) => {
    const started = performance.now();
    const res = await t.app.fetch(req, env as never);
    serverMs.push(performance.now() - started);
    return res;
  },
  port: 0,
  hostname: '127.0.0.1',
}) as import('node:http').Server;
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;

/**
 * The clients run in a process of their own (plain node, this file's CLIENT source), so the server's
 * event loop and memory are measured alone. Each client prints one JSON line: status, ms, bytes sent.
 */
const CLIENT = `
const http = require('node:http');
const [port, declared, size, clients] = process.argv.slice(1).map(Number);
const chunk = Buffer.alloc(64 * 1024, 'a');
function one() {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    const headers = { 'content-type': 'application/json' };
    if (declared) headers['content-length'] = String(size);
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/refresh-token', headers });
    req.on('response', (res) => {
      resolve({ status: res.statusCode, ms: performance.now() - started, sent });
      res.resume();
      req.destroy();
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, sent }));
    // One chunk at a time, the next when the last has gone out: the client never outruns the socket.
    const write = () => {
      if (req.destroyed) return;
      if (sent >= size) return void req.end();
      sent += chunk.length;
      req.write(chunk, write);
    };
    write();
  });
}
Promise.all(Array.from({ length: clients }, one)).then((a) => console.log(JSON.stringify(a)));
`;

function oversized(declared: boolean, clients: number): Promise<Array<{ status: number; ms: number; sent: number }>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      '-e',
      CLIENT,
      String(port),
      declared ? '1' : '0',
      String(BODY),
      String(clients),
    ]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.pipe(process.stderr);
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out)));
  });
}

async function round(declared: boolean, clients = CLIENTS) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  serverMs.length = 0;
  const answers = await oversized(declared, clients);
  const own = [...serverMs].sort((a, b) => a - b);
  clearInterval(sampler);
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `${clients} × ${declared ? 'Content-Length' : 'chunked       '}: statuses ${[...new Set(answers.map((a) => a.status))].join(',')}` +
      ` | server answers 413 in ${own[0]!.toFixed(1)}–${own.at(-1)!.toFixed(1)} ms` +
      ` (clients see it after ${ms[0]!.toFixed(0)}–${ms.at(-1)!.toFixed(0)} ms)` +
      ` | sent by then ${mb(Math.min(...answers.map((a) => a.sent)))}–${mb(Math.max(...answers.map((a) => a.sent)))} MB of ${mb(BODY)} MB each` +
      ` | memory ${mb(before)} MB before, ${mb(peak)} MB at peak`,
  );
}

console.log(`Concurrent ${BODY / 1024 / 1024} MB bodies to POST /api/auth/refresh-token over loopback:`);
await oversized(true, 1); // warm-up: the first request pays for compiling the route
for (const clients of [1, CLIENTS]) {
  await round(true, clients);
  await round(false, clients);
}
server.close();
process.exit(0);
