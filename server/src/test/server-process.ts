/**
 * A Saldo server in a process of its own, for tests of several processes on one database: the same
 * deps and app as main.ts (buildDeps, createApp) with its sync worker running, answering requests
 * sent over IPC through `app.request()` (no ports), a response body streamed back chunk by chunk.
 * Usage: node --import tsx server-process.ts <database url> <data dir> <lease ms>
 */
import { createApp } from '../app.ts';
import { processDeps } from './process-deps.ts';

export interface ProcessRequest {
  id: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export type ProcessReply =
  | { id: number; type: 'head'; status: number }
  | { id: number; type: 'chunk'; text: string }
  | { id: number; type: 'end' };

const deps = await processDeps('process-test-secret-0123456789abcdef', (leaseMs) => ({
  leaseMs,
  pollMs: 50,
  progressEveryMs: 50,
}));
const app = createApp(deps);
deps.sync.start();

process.on('message', async (request: ProcessRequest) => {
  const send = (reply: ProcessReply) => process.send?.(reply);
  const res = await app.request(request.path, {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  send({ id: request.id, type: 'head', status: res.status });
  if (res.body) {
    const decoder = new TextDecoder();
    for await (const chunk of res.body) send({ id: request.id, type: 'chunk', text: decoder.decode(chunk) });
  }
  send({ id: request.id, type: 'end' });
});
process.on('SIGTERM', () => void deps.sync.stop().finally(() => process.exit(0)));
process.send?.({ type: 'ready', workerId: deps.sync.workerId });
