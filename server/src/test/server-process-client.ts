/**
 * The test's side of server-process.ts: a Saldo server in a process of its own, its requests sent over
 * IPC to its app and the answers streamed back chunk by chunk.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Db, openDatabase } from '../db/client.ts';
import { buildDeps } from '../deps.ts';
import { createMailer } from '../mail/mailer.ts';
import { seedDemo } from '../seed.ts';
import type { ProcessReply, ProcessRequest } from './server-process.ts';

/** One of the server processes: requests go to its app over IPC, answers come back chunk by chunk. */
export interface ServerProcess {
  child: ChildProcess;
  request(
    path: string,
    init?: { method?: string; token?: string; body?: unknown },
    onChunk?: (text: string) => void,
  ): Promise<{ status: number; body: string }>;
}

/**
 * A new data folder whose database holds the demo, seeded by the deps the server processes build (the same
 * secret), so a test can open it beside them.
 */
export async function seededDataDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = `file:${join(dir, 'saldo.db')}`;
  const { db } = await openDatabase(url);
  const deps = buildDeps({
    db,
    secret: 'process-test-secret-0123456789abcdef',
    baseUrl: 'http://localhost:3000',
    mailer: createMailer({ outboxDir: join(dir, 'outbox'), from: 'test@saldo.no' }),
    dataDir: dir,
    databaseUrl: url,
  });
  const seeded = (await seedDemo(db, deps.auth))!;
  return { dir, url, db: db as Db, boardId: seeded.boardId, sourceId: seeded.apiAccountId };
}

export async function startServer(url: string, dir: string, leaseMs = 2000): Promise<ServerProcess> {
  const child = fork(resolve(import.meta.dirname, 'server-process.ts'), [url, dir, String(leaseMs)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`server process exited (${code}) before it was ready`)));
  });
  let next = 0;
  const pending = new Map<
    number,
    { status: number; body: string; onChunk?: (t: string) => void; done: (r: { status: number; body: string }) => void }
  >();
  child.on('message', (reply: ProcessReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.type === 'head') p.status = reply.status;
    else if (reply.type === 'chunk') {
      p.body += reply.text;
      p.onChunk?.(reply.text);
    } else {
      pending.delete(reply.id);
      p.done({ status: p.status, body: p.body });
    }
  });
  return {
    child,
    request(path, init = {}, onChunk) {
      const id = ++next;
      const headers: Record<string, string> = {};
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const message: ProcessRequest = {
        id,
        path,
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      };
      return new Promise((done) => {
        pending.set(id, { status: 0, body: '', ...(onChunk ? { onChunk } : {}), done });
        child.send(message);
      });
    },
  };
}
