/**
 * The test's side of server-process.ts: a Saldo server in a process of its own, its requests sent over
 * IPC to its app and the answers streamed back chunk by chunk.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
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
