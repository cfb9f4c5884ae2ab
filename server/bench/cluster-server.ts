/**
 * The built server (`npm start`'s dist/main.js) as a bench runs it: a fresh data folder in the OS temp
 * dir, the demo seeded, payments off, on a free port; and the demo user's token and board.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_USER } from '../src/seed.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface BenchServer {
  base: string;
  dataDir: string;
  child: ChildProcess;
  token: string;
  boardId: string;
  apiAccountId: string;
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Starts dist/main.js with `processes` HTTP processes (and its sync processes), logged in as the demo user.
 * BENCH_EXEC_ARGV adds node options every process inherits, e.g. `--cpu-prof --cpu-prof-dir=DIR` for a
 * profile of each (NODE_OPTIONS refuses --cpu-prof).
 */
export async function startServer(processes: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'saldo-bench-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_EXEC_ARGV ?? '').split(' ').filter(Boolean), join(repoRoot, 'server/dist/main.js')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        SALDO_DATA_DIR: dataDir,
        SALDO_PROCESSES: String(processes),
        STRIPE_STANDIN: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  const { jwtToken: token } = (await login.json()) as { jwtToken: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = (path: string) => fetch(`${base}${path}`, { headers });
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const boardId = ((await (await get('/api/group-account')).json()) as Array<{ _id: string }>)[0]!._id;
  const apiAccountId = ((await (await get('/api/api-account')).json()) as Array<{ _id: string }>)[0]!._id;
  const server: BenchServer = {
    base,
    dataDir,
    child,
    token,
    boardId,
    apiAccountId,
    get,
    post,
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      });
    },
  };
  return server;
}

/** Reads the board's progress stream to its end: the sync under way (if any) is done. */
export async function untilSynced(server: BenchServer): Promise<void> {
  const res = await server.get(`/api/sync-board/progress?apiIds[]=${server.apiAccountId}`);
  await res.text();
}
